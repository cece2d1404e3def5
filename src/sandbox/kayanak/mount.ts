/**
 * The Kayanak table's wiring (DOM, events, keyboard, focus): no game logic. The transitions are
 * in table.ts and every drawn part comes from render.ts, from the current viewer's `viewFor` /
 * `eventsFor` only. `mountKayanak` fills a container once; the page's game switch shows it.
 */
import "../../../styles/kayanak.css";
import type { Hole, StepKind } from "../../rules/kayanak/index.ts";
import type { Localize } from "../../ui/handlebars-helpers.ts";
import type { SaveStore } from "../autosave.ts";
import { SAVE_KEYS, kayanakSnapshot, restoreKayanak } from "../autosave.ts";
import { downloadJson, onFileChosen } from "../files.ts";
import { coverText, errorText } from "../render.ts";
import { refusedError, urlStartsGame as startsGame } from "../table.ts";
import type { Gate } from "../gm-gate.ts";
import { gateTarget, needsGm } from "../gm-gate.ts";
import { seedFromField } from "../seed.ts";
import { showSeed } from "../shell.ts";
import { clampZoom } from "../../ui/lake-svg.ts";
import { sheetFitZoom } from "../../ui/ice-svg.ts";
import { kayanakLogHtml } from "./log.ts";
import {
  dicePanel,
  endHtml,
  legendHtml,
  logLinesFor,
  parseViewer,
  projectKayanak,
  scoreHtml,
  sheetFor,
  statusText,
  viewerOptions,
} from "./render.ts";
import { kayanakShell } from "./shell.ts";
import type { KayanakOptions, KayanakTable } from "./table.ts";
import * as T from "./table.ts";

export interface KayanakMount {
  /** Plays a `kayanak-scenario/1` file's text (a bad one is refused by name, nothing changed). */
  load(text: string, fileName: string): void;
  /** Draws again (after the container is shown: "Fit" needs its width). */
  refresh(): void;
  /** Start fresh: the default game, in the GM's view. */
  fresh(): void;
  /** Plays a kept game's text again (Undo start fresh); false when it no longer reads. */
  restore(text: string): boolean;
}

export interface KayanakMountOptions {
  readonly localize: Localize;
  /** The page's query string: the starting game (`?game=kayanak&width=10&variant=weather`). */
  readonly search?: string;
  /** An error to show at once (the page's refused URL parameters). */
  readonly error?: T.TableError;
  /** A fishing game's file was loaded here: hand it to the fishing table. */
  readonly onFishingFile?: (text: string, fileName: string) => void;
  /** Autosave: the game kept here is played back (unless the URL starts one) and kept after every change. */
  readonly store?: SaveStore;
  /** What to tell about the kept game (restored, or refused and why). */
  readonly onNotice?: (text: string) => void;
  /** Whether the GM's view is shown (after every render): the page offers Start fresh to the GM only. */
  readonly onViewer?: (gm: boolean) => void;
  /** The GM gate: a player's view reaches the GM's or another player's only through it. */
  readonly gate?: Gate;
  /** After every change (the page's notice goes with the first action). */
  readonly onChange?: () => void;
  /** A new game or a loaded file replaced the game: `before` is its kept text. */
  readonly onReplaced?: (before: string, what: "new" | "load") => void;
}

const KIND_KEYS: Readonly<Record<string, StepKind>> = {
  m: "move",
  h: "hack",
  f: "fish",
  t: "tile",
  c: "crystal",
};

export function mountKayanak(root: HTMLElement, opts: KayanakMountOptions): KayanakMount {
  const { localize } = opts;
  const { options, refused } = T.kayanakOptionsFromQuery(opts.search ?? "");
  root.innerHTML = kayanakShell(localize, options);
  const $ = <E extends Element = HTMLElement>(sel: string) => root.querySelector<E & Element>(sel)!;

  let table: KayanakTable = T.newKayanakTable(options);
  const urlError = opts.error ?? refusedError(refused);
  if (urlError) table = { ...table, error: urlError };
  // A URL whose every parameter is refused does not replace the kept game (it is told instead).
  const urlStartsGame = startsGame(opts.search ?? "", refused);
  const kept = !urlStartsGame ? opts.store?.read(SAVE_KEYS.kayanak) : undefined;
  if (kept !== undefined) {
    const restored = restoreKayanak(kept);
    if ("session" in restored) {
      table = restored;
      const keptError = refusedError(refused, true);
      opts.onNotice?.(
        [
          localize("KOLIKOLY.Sandbox.Autosave.Restored"),
          ...(keptError ? [errorText(keptError, localize)] : []),
        ].join(" "),
      );
    } else opts.onNotice?.(errorText(restored, localize));
  }

  let focusAt: Hole | undefined;
  let zoomMode: "fit" | number = "fit";
  /** What the log list holds: which game (set-up identity), whose view, how many lines. */
  let renderedLog: { setup: unknown; viewer: string; count: number } = {
    setup: undefined,
    viewer: "",
    count: 0,
  };
  /** The game and the view (GM or not) the new-game form shows; undefined: not filled in yet. */
  let shownOptions: { options: KayanakOptions; gm: boolean } | undefined;

  function currentZoom(): number {
    if (zoomMode !== "fit") return zoomMode;
    const box = $("#ks-ky-sheet");
    const cs = getComputedStyle(box);
    const available =
      box.clientWidth - parseFloat(cs.paddingLeft || "0") - parseFloat(cs.paddingRight || "0") - 2;
    const { width, height } = T.currentState(table).board;
    return sheetFitZoom(available > 0 ? available : 640, { width, height });
  }

  function update(next: KayanakTable): void {
    if (next === table) return;
    table = next;
    opts.onChange?.();
    render();
    keep();
  }
  /** A new game or a load: what it replaced is offered back (when it did replace the game). */
  function replace(next: KayanakTable, what: "new" | "load"): void {
    const before = opts.store?.read(SAVE_KEYS.kayanak);
    const old = table.session;
    update(next);
    if (before !== undefined && table.session !== old) opts.onReplaced?.(before, what);
  }
  let keepFailed = false;
  function keep(): void {
    if (!opts.store) return;
    if (!opts.store.write(SAVE_KEYS.kayanak, kayanakSnapshot(table)) && !keepFailed) {
      keepFailed = true;
      opts.onNotice?.(localize("KOLIKOLY.Sandbox.Autosave.Failed"));
    }
  }

  function drawSheet(r = projectKayanak(table)): void {
    const zoom = currentZoom();
    $("#ks-ky-sheet").innerHTML = sheetFor(table, r, localize, {
      ...(focusAt ? { focus: focusAt } : {}),
      zoom,
    });
    $("#ks-ky-zoom-value").textContent = `${Math.round(zoom * 100)}%`;
    $("#ks-ky-zoom-fit").setAttribute("aria-pressed", String(zoomMode === "fit"));
  }

  function render(): void {
    const active = document.activeElement;
    const restore = focusKey(active);
    const r = projectKayanak(table);
    const phase = T.phaseOf(table);
    const act = T.mayAct(table);
    $("#ks-ky-status").textContent = statusText(table, r, localize);
    $<HTMLSelectElement>("#ks-ky-viewer").innerHTML = viewerOptions(table, localize);
    $<HTMLInputElement>("#ks-ky-follow").checked = table.follow;
    drawSheet(r);
    $("#ks-ky-end").innerHTML = endHtml(r, localize);
    $("#ks-ky-legend").innerHTML = legendHtml(table, localize);
    $("#ks-ky-panel").innerHTML = dicePanel(table, r, localize);
    $("#ks-ky-score").innerHTML = scoreHtml(r, localize);
    const gm = table.viewer === "gm";
    // A player's screen offers what that player may do: the dice and End turn on their own turn,
    // Undo only within their own turn in progress; the GM's view offers everything.
    const roll = $<HTMLButtonElement>("#ks-ky-roll");
    roll.hidden = !gm && !act;
    roll.disabled = phase !== "roll" || !act;
    const endTurn = $<HTMLButtonElement>("#ks-ky-end-turn");
    endTurn.hidden = !gm && !act;
    endTurn.disabled = phase !== "steps" || !act;
    const undoStep = $<HTMLButtonElement>("#ks-ky-undo-step");
    undoStep.hidden = !T.mayUndo(table);
    undoStep.disabled =
      !table.turn &&
      (table.placing ? table.placing.placed.length === 0 : false) &&
      table.session.turns.length === 0;
    const undoTurn = $<HTMLButtonElement>("#ks-ky-undo-turn");
    undoTurn.hidden = !T.mayUndo(table);
    undoTurn.disabled = !table.turn && (!!table.placing || table.session.turns.length === 0);
    // New game, Load, Save (the file holds where every fish lies) and hot seat: the GM's.
    $("#ks-ky-setup").hidden = !gm;
    opts.onViewer?.(gm);
    $("#ks-ky-follow-label").hidden = !gm;
    const save = $<HTMLButtonElement>("#ks-ky-save");
    save.hidden = !gm;
    save.disabled = !!table.placing;
    drawCover();
    drawError();

    // The log is a role="log" live region: append new lines; rebuild when the viewer or history changes.
    const { lines, names } = logLinesFor(r, table, localize);
    const viewerKey = JSON.stringify(table.viewer);
    const log = $("#ks-ky-log");
    const sameGame =
      renderedLog.setup === table.session.setup &&
      renderedLog.viewer === viewerKey &&
      lines.length >= renderedLog.count &&
      renderedLog.count > 0;
    if (sameGame) {
      const fresh = lines.slice(renderedLog.count);
      if (fresh.length) {
        const prevTurn = lines[renderedLog.count - 1]?.turn;
        const html = kayanakLogHtml(fresh, names, localize);
        log.insertAdjacentHTML(
          "beforeend",
          fresh[0]!.turn === prevTurn
            ? html.replace(/^<li class="kolikoly-log__round"[^>]*>.*?<\/li>/, "")
            : html,
        );
      }
    } else log.innerHTML = kayanakLogHtml(lines, names, localize);
    renderedLog = { setup: table.session.setup, viewer: viewerKey, count: lines.length };
    log.scrollTop = log.scrollHeight;
    root.dataset.turn = String(T.currentState(table).turn);
    root.dataset.phase = phase;
    root.dataset.version = String(table.version);
    if (table.options !== shownOptions?.options || (table.viewer === "gm") !== shownOptions.gm)
      showOptions();
    if (restore) restoreFocus(restore);
  }

  /** Hot seat's covered screen, while the screen passes to whoever plays next. */
  function drawCover(): void {
    const cover = $<HTMLDialogElement>("#ks-ky-cover");
    const to = table.passTo;
    if (!to || root.offsetParent === null) {
      if (cover.open) cover.close();
      return;
    }
    const { take } = coverText(to, T.currentState(table).fishers, localize, false);
    const name =
      typeof to === "object"
        ? (T.currentState(table).fishers.find((f) => f.id === to.fisher)?.name ?? to.fisher)
        : "";
    $("#ks-ky-cover-text").textContent = localize("KOLIKOLY.Sandbox.Pass.ToFisher", { name });
    $("#ks-ky-cover-note").textContent = localize("KOLIKOLY.Sandbox.Pass.Hidden");
    $("#ks-ky-cover-take").textContent = take;
    if (!cover.open) cover.showModal();
  }

  function drawError(): void {
    const err = $("#ks-ky-error");
    err.textContent = table.error ? errorText(table.error, localize) : "";
    err.hidden = !table.error;
  }

  /**
   * The new-game form shows the game on the table (after a new game or a load). Its seed only in
   * the GM's view: the seed and the sizes decide every covered hole, so a player's page never holds it.
   */
  function showOptions(): void {
    const o = table.options;
    const gm = table.viewer === "gm";
    const sameGame = shownOptions?.options === o;
    shownOptions = { options: o, gm };
    const form = $<HTMLFormElement>("#ks-ky-new");
    showSeed(form, o.seed, gm);
    if (sameGame) return; // the view changed, not the game: the other fields stay as edited
    for (const [name, v] of Object.entries(o)) {
      if (name === "seed") continue;
      const input = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
      if (!input) continue;
      if (input instanceof HTMLInputElement && input.type === "checkbox") input.checked = !!v;
      else input.value = String(v);
    }
  }

  function focusKey(el: Element | null): string | undefined {
    if (!el || !root.contains(el)) return undefined;
    if (el.classList.contains("ks-ky-hole")) return `.ks-ky-hole[tabindex="0"]`;
    if (el instanceof HTMLInputElement && el.name === "ks-ky-kind")
      return `input[name="ks-ky-kind"]:checked`;
    if (el.id) return `#${el.id}`;
    return undefined;
  }
  function restoreFocus(sel: string): void {
    const el = root.querySelector<HTMLElement | SVGElement>(sel);
    if (el && !(el as HTMLButtonElement).disabled) el.focus();
    else if (sel.startsWith("#ks-ky-")) {
      // The button that had focus is disabled now (Roll after rolling): go to the sheet.
      root.querySelector<SVGElement>(`.ks-ky-hole[tabindex="0"]`)?.focus();
    }
  }

  const holeOf = (el: Element): Hole =>
    (el.getAttribute("data-at") ?? "0,0").split(",").map(Number) as unknown as Hole;
  const announce = (text: string) => ($("#ks-ky-announce").textContent = text);

  function choose(at: Hole): void {
    focusAt = at;
    const before = table;
    update(T.chooseHole(T.clearError(table), at));
    if (table.turn === undefined && before.turn !== undefined && !table.error)
      announce(statusText(table, projectKayanak(table), localize));
    root.querySelector<SVGElement>(`.ks-ky-hole[tabindex="0"]`)?.focus();
  }

  // --- the sheet: click or Enter takes a step (or places a bear); arrows move the focus ------------
  const sheet = $("#ks-ky-sheet");
  sheet.addEventListener("click", (ev) => {
    const hole = (ev.target as Element).closest(".ks-ky-hole");
    if (hole) choose(holeOf(hole));
  });
  sheet.addEventListener("keydown", (ev) => {
    const hole = (ev.target as Element).closest(".ks-ky-hole");
    if (!hole) return;
    const [x, y] = holeOf(hole);
    const { width, height } = T.currentState(table).board;
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      choose([x, y]);
      return;
    }
    const kind = KIND_KEYS[ev.key.toLowerCase()];
    if (kind && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      ev.preventDefault();
      update(T.setKind(T.clearError(table), kind));
      root.querySelector<SVGElement>(`.ks-ky-hole[tabindex="0"]`)?.focus();
      return;
    }
    const moves: Record<string, Hole> = {
      ArrowLeft: [x - 1, y],
      ArrowRight: [x + 1, y],
      ArrowUp: [x, y - 1],
      ArrowDown: [x, y + 1],
      Home: [0, y],
      End: [width - 1, y],
    };
    const to = moves[ev.key];
    if (!to) return;
    ev.preventDefault();
    const [nx, ny] = to;
    if (nx < 0 || ny < 0 || nx >= width || ny >= height) return;
    const next = sheet.querySelector<SVGGElement>(`.ks-ky-hole[data-at="${nx},${ny}"]`);
    if (!next) return;
    hole.setAttribute("tabindex", "-1");
    next.setAttribute("tabindex", "0");
    next.focus();
    focusAt = to;
  });

  // --- zoom ------------------------------------------------------------------------------------------
  $("#ks-ky-tools").addEventListener("click", (ev) => {
    const b = (ev.target as Element).closest<HTMLButtonElement>("button");
    if (!b) return;
    const z = currentZoom();
    if (b.id === "ks-ky-zoom-in") zoomMode = clampZoom(z * 1.25);
    else if (b.id === "ks-ky-zoom-out") zoomMode = clampZoom(z / 1.25);
    else if (b.id === "ks-ky-zoom-fit") zoomMode = "fit";
    else return;
    drawSheet();
  });
  let resizeQueued = false;
  addEventListener("resize", () => {
    if (zoomMode !== "fit" || resizeQueued || root.offsetWidth === 0) return;
    resizeQueued = true;
    requestAnimationFrame(() => {
      resizeQueued = false;
      drawSheet();
    });
  });

  // --- the turn panel ------------------------------------------------------------------------------
  const panel = $("#ks-ky-panel");
  panel.addEventListener("change", (ev) => {
    const el = ev.target as HTMLInputElement | HTMLSelectElement;
    if (el.name === "ks-ky-kind") update(T.setKind(T.clearError(table), el.value as StepKind));
    else if (el.id === "ks-ky-force-die" || el.id === "ks-ky-force-temperature")
      update(
        T.setForce(
          T.clearError(table),
          el.id === "ks-ky-force-die" ? "die" : "temperature",
          el.value === "" ? undefined : Number(el.value),
        ),
      );
  });
  $("#ks-ky-roll").addEventListener("click", () => {
    update(T.roll(T.clearError(table)));
    if (table.turn) {
      announce(statusText(table, projectKayanak(table), localize));
      root.querySelector<SVGElement>(`.ks-ky-hole[tabindex="0"]`)?.focus();
    }
  });
  $("#ks-ky-end-turn").addEventListener("click", () => {
    update(T.endTurn(T.clearError(table)));
    if (!table.error) announce(statusText(table, projectKayanak(table), localize));
  });
  $("#ks-ky-undo-step").addEventListener("click", () => update(T.undoStep(T.clearError(table))));
  $("#ks-ky-undo-turn").addEventListener("click", () => update(T.undoTurn(T.clearError(table))));
  $("#ks-ky-viewer").addEventListener("change", async (ev) => {
    const select = ev.target as HTMLSelectElement;
    const to = parseViewer(select.value);
    if (opts.gate && needsGm(table.viewer, to)) {
      // A player's view reaches the GM's or another player's only through the GM.
      select.innerHTML = viewerOptions(table, localize);
      const fishers = T.currentState(table).fishers;
      if (!(await opts.gate.ask(gateTarget(to, fishers, localize)))) return select.focus();
    }
    focusAt = undefined;
    update(T.setViewer(T.clearError(table), to));
  });
  $("#ks-ky-follow").addEventListener("change", (ev) =>
    update(T.setFollow(table, (ev.target as HTMLInputElement).checked)),
  );
  const cover = $<HTMLDialogElement>("#ks-ky-cover");
  cover.addEventListener("cancel", (ev) => ev.preventDefault()); // only the next player uncovers it
  $("#ks-ky-cover-take").addEventListener("click", () => {
    focusAt = undefined;
    update(T.takeScreen(table));
    root.querySelector<SVGElement>(`.ks-ky-hole[tabindex="0"]`)?.focus();
  });

  // --- new game, load, save --------------------------------------------------------------------------
  $("#ks-ky-new").addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (table.viewer !== "gm") return;
    const f = new FormData(ev.target as HTMLFormElement);
    const num = (k: string) => Number(f.get(k));
    focusAt = undefined;
    replace(
      T.newKayanakTable(
        {
          width: num("width"),
          height: num("height"),
          floes: num("floes"),
          big: num("big"),
          small: num("small"),
          fishers: num("fishers"),
          variant: String(f.get("variant")) as KayanakOptions["variant"],
          keepFishing: f.get("keepFishing") !== null,
          seed: seedFromField(f.get("seed")),
        },
        T.clearError(table),
      ),
      "new",
    );
  });
  function load(text: string, fileName: string): void {
    if (T.scenarioGame(text) === "kolikoly" && opts.onFishingFile) {
      opts.onFishingFile(text, fileName);
      return;
    }
    focusAt = undefined;
    replace(T.loadScenario(T.clearError(table), text, fileName), "load");
  }
  onFileChosen($<HTMLInputElement>("#ks-ky-load"), load);
  $("#ks-ky-save").addEventListener("click", () => {
    if (table.viewer !== "gm" || table.placing) return;
    downloadJson(
      T.scenarioText(table),
      `kayanak-seed${table.session.setup.seed}-turn${table.session.state.turn}.json`,
    );
  });

  render();
  keep();
  return {
    load,
    refresh: render,
    fresh() {
      focusAt = undefined;
      update(T.newKayanakTable(T.KAYANAK_DEFAULTS));
    },
    restore(text) {
      const restored = restoreKayanak(text);
      if (!("session" in restored)) return false;
      focusAt = undefined;
      update(restored);
      return true;
    },
  };
}
