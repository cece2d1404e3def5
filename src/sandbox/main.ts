/**
 * The standalone Kolikoly table: the page's wiring (DOM, events, keyboard). All game logic is
 * the rules engine's; the state transitions are in table.ts and every drawn part comes from
 * render.ts, from the current viewer's `viewFor` / `eventsFor` only.
 */
import Handlebars from "handlebars";
import declareSource from "../../templates/declare-action.hbs?raw";
import "../../styles/declare.css";
import "../../styles/sandbox.css";
import type { Coord } from "../rules/index.ts";
import { draftFromFields } from "../ui/declare-view.ts";
import type { SaveStore } from "./autosave.ts";
import { SAVE_KEYS, browserStore, fishingSnapshot, restoreFishing, savedGame } from "./autosave.ts";
import { downloadJson, onFileChosen } from "./files.ts";
import { mountBalance } from "./balance.ts";
import { declareRenderer } from "./declare-render.ts";
import { localize } from "./i18n.ts";
import { clampZoom, fitZoom } from "../ui/lake-svg.ts";
import { mountLength } from "./length.ts";
import { logHtml } from "./log-view.ts";
import {
  coverText,
  declareContextFor,
  declaredList,
  errorText,
  fisherTabs,
  hazardHtml,
  helpHtml,
  homeLevel,
  lakeFor,
  lakeTools,
  legendHtml,
  logItems,
  parseViewer,
  project,
  resultsHtml,
  scoreList,
  viewerOptions,
} from "./render.ts";
import type { KayanakMount } from "./kayanak/mount.ts";
import { mountKayanak } from "./kayanak/mount.ts";
import { kayanakOptionsFromQuery, scenarioGame } from "./kayanak/table.ts";
import { gateTarget, mountGate, needsGm } from "./gm-gate.ts";
import { seedFromField } from "./seed.ts";
import { shell, showSeed } from "./shell.ts";
import type { Game, Table } from "./table.ts";
import * as T from "./table.ts";

const renderDeclare = declareRenderer(Handlebars.create(), declareSource, localize);

const root = document.getElementById("app")!;
document.title = localize("KOLIKOLY.Sandbox.Title");
root.innerHTML = shell(localize);
const $ = <E extends Element = HTMLElement>(sel: string) => root.querySelector<E & Element>(sel)!;

// The URL's game (`?game=kayanak`: the other parameters are then Kayanak's, src/sandbox/kayanak/).
const urlGame = T.gameFromQuery(location.search);
/** The query string the page was opened with (the URL is tidied once it is read). */
const startSearch = location.search;
const urlOptions = T.optionsFromQuery(startSearch);
/**
 * The URL starts a game of its own (`?width=8...`): it is played instead of the one kept. A URL
 * whose every parameter is refused does not: the kept game stays, and the refusal is told.
 */
const urlStartsGame =
  urlGame.game === "kayanak"
    ? T.urlStartsGame(startSearch, kayanakOptionsFromQuery(startSearch).refused)
    : T.urlStartsGame(startSearch, urlOptions.refused);
const store: SaveStore = browserStore();
/** Both games as kept in the browser now (the autosave writes after every change). */
interface Kept {
  readonly kolikoly?: string | undefined;
  readonly kayanak?: string | undefined;
}
function keptGames(): Kept {
  return { kolikoly: store.read(SAVE_KEYS.kolikoly), kayanak: store.read(SAVE_KEYS.kayanak) };
}
/** The hot seat's GM gate: a player's view reaches the GM's, or another player's, only through it. */
const gate = mountGate(root, localize, store);
/** What the notice bar says about the kept game (restored, refused, or not kept). */
const notices: string[] = [];
/** The games kept before the URL's game replaced them: the notice offers them back. */
const keptBeforeUrl = urlStartsGame ? keptGames() : undefined;
// The game kept in this browser (autosave), unless the URL starts one; else the URL's starting
// game: each parameter on its own; a refused one is named, the others used.
let table: Table = (() => {
  const kept = !urlStartsGame ? store.read(SAVE_KEYS.kolikoly) : undefined;
  if (kept !== undefined) {
    const restored = restoreFishing(kept);
    if ("session" in restored) {
      if (urlGame.game !== "kayanak") notices.push(localize("KOLIKOLY.Sandbox.Autosave.Restored"));
      // A URL that asked for something refused is not silently ignored (`?game=chess`, `?fishers=99`).
      const refused = [
        ...urlGame.refused,
        ...(urlGame.game === "kayanak" ? [] : urlOptions.refused),
      ];
      const error = T.refusedError(refused, true);
      if (error) notices.push(errorText(error, localize));
      return restored;
    }
    notices.push(errorText(restored, localize));
  }
  if (urlGame.game === "kayanak") return T.newTable(T.TABLE_DEFAULTS);
  const refused = [...urlGame.refused, ...urlOptions.refused];
  const t = T.newTable(urlOptions.options);
  const error = T.refusedError(refused);
  return error ? { ...t, error } : t;
})();
// A reload plays the kept game: the URL's starting game is not started again.
if (startSearch)
  history.replaceState(null, "", urlGame.game === "kayanak" ? "?game=kayanak" : location.pathname);
/** The square holding the lake's roving focus. */
let focusAt: Coord | undefined;
/** What the log list holds: whose view, of which game (setup identity: a new game or a load is another), how many lines. */
let renderedLog: { viewer: string; setup: unknown; count: number } = {
  viewer: "",
  setup: undefined,
  count: 0,
};
let shownSetup: unknown;
/** Whether the new-game form was filled in for the GM's view (the only one shown the seed). */
let shownGm: boolean | undefined;

// --- how the lake is shown: zoom, and one level at a time on narrow screens --------------------
/** Below this width the lake shows one level at a time (with the level switcher). */
const narrow = matchMedia("(max-width: 700px)");
/** "fit": the largest zoom showing as many levels side by side as stay legible; else CSS px per unit. */
let zoomMode: "fit" | number = "fit";
/** The one level shown, or undefined for every level. */
let shownLevel: number | undefined;
let levelChosenFor: unknown;

/** A level's title above its board (15 px text, styles/sandbox.css), and a scrollbar's room. */
const LEVEL_TITLE_PX = 40;
/** The zoom the lake is drawn at now. */
function currentZoom(): number {
  if (zoomMode !== "fit") return zoomMode;
  const box = $("#ks-lake");
  const cs = getComputedStyle(box);
  const available = box.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 2;
  const { lake } = table.session.state;
  // A row of levels stays within the lake box's height (less a level's title line).
  const tall = parseFloat(cs.maxHeight) - LEVEL_TITLE_PX;
  return fitZoom(
    available > 0 ? available : 320,
    lake,
    shownLevel === undefined ? lake.levels : 1,
    Number.isFinite(tall) ? tall : undefined,
  );
}

/** The new-game form shows the game on the table (after a new game, a load, or the URL's). */
function showSetup(): void {
  const { setup } = table.session;
  const sameGame = shownSetup === setup;
  shownSetup = setup;
  shownGm = table.viewer === "gm";
  // The seed decides every unexplored square's contents: only the GM's view shows it.
  showSeed($<HTMLFormElement>("#ks-new"), setup.seed, shownGm);
  if (sameGame) return; // the view changed, not the game: the other fields stay as edited
  const values: Record<string, number> = {
    width: setup.lake.width,
    height: setup.lake.height,
    levels: setup.lake.levels,
    fishers: setup.fishers.length,
  };
  for (const [name, v] of Object.entries(values)) {
    const input = root.querySelector<HTMLInputElement>(`#ks-new input[name="${name}"]`);
    if (input) input.value = String(v);
  }
  length.refresh();
}

function update(next: Table, opts: { keepFocus?: boolean } = {}): void {
  const changed = next !== table;
  table = next;
  if (changed) {
    showNotice(undefined); // the notice goes with the first action after it
    render(opts.keepFocus ?? true);
    keep();
  }
}

/** Autosave: the game on the table, after every change. */
let keepFailed = false;
function keep(): void {
  const ok = store.write(SAVE_KEYS.kolikoly, fishingSnapshot(table));
  if (!ok && !keepFailed) {
    keepFailed = true;
    showNotice(localize("KOLIKOLY.Sandbox.Autosave.Failed"));
  }
}

/** Whether the game shown is in the GM's view (Kayanak tells after every render). */
let kayanakGm = true;
const gmShown = (): boolean =>
  root.dataset.play === "kayanak" ? kayanakGm : table.viewer === "gm";
/** Start fresh and the GM passphrase: offered in the GM's view (of the game shown) only. */
function offerFresh(): void {
  $("#ks-gm-tools").hidden = !gmShown();
}

/** The games a replacement put aside, while the notice offers them back. */
let putAside: Kept | undefined;
/** The notice bar; `undo` offers back the games kept before a replacement (`undoKey` names it). */
function showNotice(text: string | undefined, undo?: Kept, undoKey?: string): void {
  $("#ks-notice-text").textContent = text ?? "";
  $("#ks-notice").hidden = !text;
  putAside = text && undo && (undo.kolikoly ?? undo.kayanak) !== undefined ? undo : undefined;
  const button = $("#ks-notice-undo");
  button.hidden = !putAside;
  button.textContent = putAside && undoKey ? localize(undoKey) : "";
}
/** Brings back the games a replacement put aside (Undo start fresh, new game, load, the URL's game). */
function bringBack(kept: Kept): void {
  if (kept.kayanak !== undefined) {
    if (kayanak) kayanak.restore(kept.kayanak);
    else store.write(SAVE_KEYS.kayanak, kept.kayanak);
  }
  if (kept.kolikoly !== undefined) {
    const restored = restoreFishing(kept.kolikoly);
    if ("session" in restored) {
      focusAt = undefined;
      update(restored, { keepFocus: false });
    }
  }
  showNotice(localize("KOLIKOLY.Sandbox.Notice.BroughtBack"));
}
/** What a replacement was, and its notice's keys (written out: the i18n test finds every key used). */
const REPLACED = {
  new: ["KOLIKOLY.Sandbox.Notice.NewGame.Done", "KOLIKOLY.Sandbox.Notice.NewGame.Undo"],
  load: ["KOLIKOLY.Sandbox.Notice.Load.Done", "KOLIKOLY.Sandbox.Notice.Load.Undo"],
} as const;
/** Offers back what a new game or a loaded file replaced, when it did replace the game. */
function offerBack(before: Kept, replaced: boolean, what: keyof typeof REPLACED): void {
  const [done, undo] = REPLACED[what];
  if (replaced) showNotice(localize(done), before, undo);
}

/** Asks before something that cannot be taken back by Undo (the page's own dialog, localized). */
function askFirst(title: string, text: string, yes: string): Promise<boolean> {
  const d = $<HTMLDialogElement>("#ks-ask");
  $("#ks-ask-title").textContent = title;
  $("#ks-ask-text").textContent = text;
  $("#ks-ask-yes").textContent = yes;
  d.returnValue = "";
  d.showModal();
  return new Promise((resolve) =>
    d.addEventListener("close", () => resolve(d.returnValue === "yes"), { once: true }),
  );
}

function render(keepFocus: boolean): void {
  const active = document.activeElement;
  const restore = keepFocus ? focusKey(active) : undefined;
  const r = project(table);
  const state = table.session.state;

  $("#ks-round").textContent = localize(
    state.over ? "KOLIKOLY.Sandbox.RoundOver" : "KOLIKOLY.Sandbox.Round",
    { round: state.round + (state.over ? 0 : 1) },
  );
  $<HTMLSelectElement>("#ks-viewer").innerHTML = viewerOptions(table, localize);
  drawLake(r);
  $("#ks-legend").innerHTML = legendHtml(table, localize);
  const gm = table.viewer === "gm";
  // Over: the results instead of the declarations (nobody is "not yet" any more).
  $("#ks-tabs").innerHTML = state.over || table.asking ? "" : fisherTabs(table, localize);
  $("#ks-hazard-box").innerHTML = hazardHtml(table, localize);
  const ctx = state.over || table.asking ? undefined : declareContextFor(table, r);
  $("#ks-declare").innerHTML = state.over
    ? resultsHtml(r, localize)
    : table.asking
      ? ""
      : ctx
        ? renderDeclare(ctx)
        : `<p class="ks-note">${localize("KOLIKOLY.Sandbox.PublicNoDeclare")}</p>`;
  if (!$("#ks-help")) $("#ks-help-box").innerHTML = helpHtml(localize, !narrow.matches);
  $("#ks-help-box").hidden = state.over;
  $("#ks-declared").innerHTML = state.over ? "" : declaredList(table, localize);
  $("#ks-score").innerHTML = scoreList(r, localize);
  // The GM's controls are in the GM's view only: a player's screen offers what that player may do.
  $("#ks-gm-buttons").hidden = !gm;
  $<HTMLButtonElement>("#ks-resolve").disabled = state.over || !!table.asking;
  $<HTMLButtonElement>("#ks-end").disabled = state.over || !!table.asking;
  $<HTMLButtonElement>("#ks-undo").disabled =
    table.session.rounds.length === 0 && !table.session.endedByGm;
  $("#ks-pass").hidden =
    !table.hotSeat || state.over || !!table.asking || T.missingDeclarations(table).length === 0;
  $(".ks-hotseat").hidden = !gm;
  $<HTMLInputElement>("#ks-hotseat").checked = table.hotSeat;
  // New game, Load, Save (the file holds every roll) and the balance panel: the GM's.
  $("#ks-setup").hidden = !gm;
  $("#ks-balance").hidden = !gm;
  offerFresh();
  drawCover();
  drawError();

  // The log is a role="log" live region: append new lines; rebuild when the viewer or history changes.
  const lines = logItems(r, localize);
  const vk = JSON.stringify(table.viewer);
  const log = $("#ks-log");
  const sameGame = renderedLog.setup === table.session.setup;
  if (
    sameGame &&
    vk === renderedLog.viewer &&
    lines.length >= renderedLog.count &&
    renderedLog.count > 0
  ) {
    const fresh = lines.slice(renderedLog.count);
    if (fresh.length) {
      const prevRound = lines[renderedLog.count - 1]?.round;
      const html = logHtml(fresh, localize);
      // logHtml starts a round heading for the first line; drop it when that round is already shown.
      log.insertAdjacentHTML(
        "beforeend",
        fresh[0]!.round === prevRound
          ? html.replace(/^<li class="kolikoly-log__round"[^>]*>.*?<\/li>/, "")
          : html,
      );
    }
  } else log.innerHTML = logHtml(lines, localize);
  renderedLog = { viewer: vk, setup: table.session.setup, count: lines.length };
  log.scrollTop = log.scrollHeight;
  document.body.dataset.round = String(state.round);
  if (table.session.setup !== shownSetup || (table.viewer === "gm") !== shownGm) showSetup();
  balance.refresh();
  if (restore) restoreFocus(restore);
}

/** Hot seat's covered screen, while the screen passes from one player to the next. */
function drawCover(): void {
  const cover = $<HTMLDialogElement>("#ks-cover");
  const to = table.passTo;
  if (!to) {
    if (cover.open) cover.close();
    return;
  }
  const { text, take } = coverText(
    to,
    table.session.state.fishers,
    localize,
    T.missingDeclarations(table).length === 0,
  );
  $("#ks-cover-text").textContent = text;
  $("#ks-cover-note").textContent = localize("KOLIKOLY.Sandbox.Pass.Hidden");
  $("#ks-cover-take").textContent = take;
  if (!cover.open && root.dataset.play !== "kayanak") cover.showModal();
}

function drawError(): void {
  const err = $("#ks-error");
  err.textContent = table.error ? errorText(table.error, localize) : "";
  err.hidden = !table.error;
}

/** Draws the lake and its tools; a new game starts in the one-level view on narrow screens. */
function drawLake(r = project(table)): void {
  const { levels } = table.session.state.lake;
  if (levelChosenFor !== table.session.setup) {
    levelChosenFor = table.session.setup;
    shownLevel = narrow.matches ? homeLevel(table, r, focusAt) : undefined;
  }
  if (shownLevel !== undefined && shownLevel >= levels) shownLevel = levels - 1;
  const zoom = currentZoom();
  $("#ks-lake-tools").innerHTML = lakeTools(
    levels,
    shownLevel,
    Math.round(zoom * 100),
    zoomMode === "fit",
    localize,
  );
  $("#ks-lake").innerHTML = lakeFor(table, r, localize, focusAt, {
    zoom,
    ...(shownLevel !== undefined ? { level: shownLevel } : {}),
  });
}

/** Shows one level (or every level), keeping the keyboard focus on the lake when it was there. */
function showLevel(level: number | undefined, focus?: Coord): void {
  const { levels } = table.session.state.lake;
  shownLevel = level === undefined ? undefined : Math.max(0, Math.min(levels - 1, level));
  if (focus) focusAt = focus;
  else if (shownLevel !== undefined && focusAt && focusAt[2] !== shownLevel)
    focusAt = [focusAt[0], focusAt[1], shownLevel];
  drawLake();
}

/** Remembers what had focus as a selector that survives re-rendering. */
function focusKey(el: Element | null): string | undefined {
  if (!el || !root.contains(el)) return undefined;
  if (el.classList.contains("kolikoly-sq")) return `.kolikoly-sq[tabindex="0"]`;
  if (el instanceof HTMLInputElement && el.form?.classList.contains("kolikoly-declare"))
    return el.type === "radio"
      ? `.kolikoly-declare input[name="${el.name}"][value="${el.value}"]`
      : `.kolikoly-declare [name="${el.name}"]`;
  if (el.id) return `#${el.id}`;
  if (el instanceof HTMLElement && el.dataset.fisher && el.classList.contains("ks-tab"))
    return `.ks-tab[data-fisher="${el.dataset.fisher}"]`;
  if (el.classList.contains("kolikoly-declare__submit")) return ".kolikoly-declare__submit";
  return undefined;
}
function restoreFocus(sel: string): void {
  const el = root.querySelector<HTMLElement | SVGElement>(sel);
  if (el && !(el as HTMLButtonElement).disabled) el.focus();
  else if (sel.startsWith(".kolikoly-declare"))
    root.querySelector<HTMLElement>(".kolikoly-declare")?.focus();
}

const coordOf = (el: Element): Coord =>
  (el.getAttribute("data-at") ?? "0,0,0").split(",").map(Number) as unknown as Coord;

// --- the lake: click or Enter picks a square; arrows move the focus ---------------------------
const lake = $("#ks-lake");
lake.addEventListener("click", (ev) => {
  const sq = (ev.target as Element).closest(".kolikoly-sq");
  if (!sq) return;
  focusAt = coordOf(sq);
  update(T.chooseSquare(T.clearError(table), focusAt));
  root.querySelector<SVGElement>(`.kolikoly-sq[tabindex="0"]`)?.focus();
});
lake.addEventListener("keydown", (ev) => {
  const sq = (ev.target as Element).closest(".kolikoly-sq");
  if (!sq) return;
  const [x, y, l] = coordOf(sq);
  const { width, height, levels } = table.session.state.lake;
  const moves: Record<string, Coord> = {
    ArrowLeft: [x - 1, y, l],
    ArrowRight: [x + 1, y, l],
    ArrowUp: [x, y - 1, l],
    ArrowDown: [x, y + 1, l],
    PageUp: [x, y, l - 1],
    PageDown: [x, y, l + 1],
    Home: [0, y, l],
    End: [width - 1, y, l],
  };
  if (ev.key === "Enter" || ev.key === " ") {
    ev.preventDefault();
    focusAt = [x, y, l];
    update(T.chooseSquare(T.clearError(table), focusAt));
    root.querySelector<SVGElement>(`.kolikoly-sq[tabindex="0"]`)?.focus();
    return;
  }
  const to = moves[ev.key];
  if (!to) return;
  ev.preventDefault();
  const [nx, ny, nl] = to;
  if (nx < 0 || ny < 0 || nl < 0 || nx >= width || ny >= height || nl >= levels) return;
  if (shownLevel !== undefined && nl !== shownLevel) {
    // One level at a time: Page Up / Page Down show the level above or below.
    showLevel(nl, to);
    lake.querySelector<SVGGElement>(`.kolikoly-sq[data-at="${nx},${ny},${nl}"]`)?.focus();
    return;
  }
  const next = lake.querySelector<SVGGElement>(`.kolikoly-sq[data-at="${nx},${ny},${nl}"]`);
  if (!next) return;
  sq.setAttribute("tabindex", "-1");
  next.setAttribute("tabindex", "0");
  next.focus();
  focusAt = to;
});

// --- the lake's tools: levels shown, zoom ---------------------------------------------------------
const tools = $("#ks-lake-tools");
tools.addEventListener("change", (ev) => {
  const sel = ev.target as HTMLSelectElement;
  if (sel.id !== "ks-level") return;
  showLevel(sel.value === "all" ? undefined : Number(sel.value));
  $<HTMLSelectElement>("#ks-level").focus();
});
tools.addEventListener("click", (ev) => {
  const b = (ev.target as Element).closest<HTMLButtonElement>("button");
  if (!b) return;
  const z = currentZoom();
  if (b.id === "ks-level-up" && shownLevel !== undefined) showLevel(shownLevel - 1);
  else if (b.id === "ks-level-down" && shownLevel !== undefined) showLevel(shownLevel + 1);
  else if (b.id === "ks-zoom-in") zoomMode = clampZoom(z * 1.25);
  else if (b.id === "ks-zoom-out") zoomMode = clampZoom(z / 1.25);
  else if (b.id === "ks-zoom-fit") zoomMode = "fit";
  else return;
  drawLake();
  const again = root.querySelector<HTMLButtonElement>(`#${b.id}`);
  (again && !again.disabled ? again : $<HTMLSelectElement>("#ks-level")).focus();
});
// "Fit" follows the window; crossing the narrow width switches between one level and all.
let resizeQueued = false;
addEventListener("resize", () => {
  if (zoomMode !== "fit" || resizeQueued) return;
  resizeQueued = true;
  requestAnimationFrame(() => {
    resizeQueued = false;
    drawLake();
  });
});
narrow.addEventListener("change", () =>
  showLevel(narrow.matches ? homeLevel(table, project(table), focusAt) : undefined),
);

// --- the declaration form (the shared template) ------------------------------------------------
const declare = $("#ks-declare");
const formDraft = (form: HTMLFormElement) => {
  const fields: Record<string, unknown> = {};
  new FormData(form).forEach((v, k) => (fields[k] = v));
  return draftFromFields(fields);
};
declare.addEventListener("change", (ev) => {
  const field = ev.target as HTMLInputElement;
  const form = field.closest("form");
  if (!form?.dataset.fisher) return;
  const next = T.setDraft(T.clearError(table), form.dataset.fisher, formDraft(form));
  // A typed total or the attack box changes nothing drawn: keep the form as it is, so a click on
  // Declare that blurred the field (and fired this change) still lands on the same button.
  if (field.name === "total" || field.name === "declineAttack") table = next;
  else update(next);
});
declare.addEventListener("submit", (ev) => {
  ev.preventDefault();
  const form = ev.target as HTMLFormElement;
  const id = form.dataset.fisher;
  if (!id) return;
  const totalText = String(new FormData(form).get("total") ?? "");
  const next = T.declare(T.clearError(table), id, formDraft(form), totalText);
  if (next.error?.key === "KOLIKOLY.Sandbox.Error.Total") {
    // Refused, nothing changed: keep the form as the player left it (the typed text included).
    table = next;
    drawError();
    form.querySelector<HTMLInputElement>('input[name="total"]')?.focus();
    return;
  }
  if (!next.error && next.hotSeat && typeof next.viewer === "object")
    // Hot seat: the screen is covered and passes to whoever declares next (then the GM).
    update(T.passScreen(next, T.nextScreen(next, id)), { keepFocus: false });
  else update(next);
  if (!next.error) announce(localize("KOLIKOLY.Sandbox.Announce.Declared", { name: nameOf(id) }));
});

$("#ks-tabs").addEventListener("click", (ev) => {
  const tab = (ev.target as Element).closest<HTMLElement>(".ks-tab");
  if (tab?.dataset.fisher) {
    focusAt = undefined;
    update(T.setActive(T.clearError(table), tab.dataset.fisher));
    root.querySelector<HTMLElement>(`.ks-tab[aria-selected="true"]`)?.focus();
  }
});
$("#ks-tabs").addEventListener("keydown", (ev) => {
  if (ev.key !== "ArrowLeft" && ev.key !== "ArrowRight") return;
  const ids = T.declarers(table);
  const i = ids.indexOf(T.activeFisher(table) ?? "");
  const next = ids[(i + (ev.key === "ArrowRight" ? 1 : ids.length - 1)) % ids.length];
  if (!next) return;
  ev.preventDefault();
  focusAt = undefined;
  update(T.setActive(table, next));
  root.querySelector<HTMLElement>(`.ks-tab[aria-selected="true"]`)?.focus();
});

$("#ks-declared").addEventListener("click", (ev) => {
  const b = (ev.target as Element).closest<HTMLElement>("[data-revive]");
  if (b?.dataset.revive) {
    update(T.toggleRevive(T.clearError(table), b.dataset.revive));
    root.querySelector<HTMLElement>(`[data-revive="${b.dataset.revive}"]`)?.focus();
  }
});

// --- round controls ---------------------------------------------------------------------------
function resolveRound(): void {
  const before = table.session.state.round;
  update(T.resolve(T.clearError(table)));
  if (table.session.state.round > before)
    announce(localize("KOLIKOLY.Sandbox.Announce.Resolved", { round: table.session.state.round }));
  else if (table.asking) root.querySelector<HTMLButtonElement>("#ks-hazard .ks-choice")?.focus();
}
const confirm = $<HTMLDialogElement>("#ks-confirm");
$("#ks-resolve").addEventListener("click", () => {
  const missing = T.missingDeclarations(table);
  if (missing.length === 0) return resolveRound();
  // K5: a fisher with no declaration does nothing this round; ask before playing it so.
  $("#ks-confirm-title").textContent = localize("KOLIKOLY.Sandbox.Confirm.Title", {
    round: table.session.state.round + 1,
  });
  $("#ks-confirm-text").textContent = localize("KOLIKOLY.Sandbox.Confirm.Missing", {
    names: missing.map(nameOf).join(", "),
  });
  confirm.returnValue = "";
  confirm.showModal();
});
confirm.addEventListener("close", () => {
  if (confirm.returnValue === "yes") resolveRound();
  else $<HTMLButtonElement>("#ks-resolve").focus();
});
// H4: the hazard question's answers, and the GM's ways out.
$("#ks-hazard-box").addEventListener("click", (ev) => {
  const b = (ev.target as Element).closest<HTMLButtonElement>("button");
  if (!b) return;
  const fisher = table.asking?.fisher;
  if (b.dataset.choice === "hp" || b.dataset.choice === "aim") {
    const byPlayer = typeof table.viewer === "object";
    const before = table.session.state.round;
    let next = T.answerHazard(T.clearError(table), b.dataset.choice);
    // Hot seat: the player who answered hands the screen back to the GM.
    if (byPlayer && next.hotSeat && !next.error && next.asking?.fisher !== fisher)
      next = T.passScreen(next, "gm");
    update(next);
    if (table.session.state.round > before)
      announce(
        localize("KOLIKOLY.Sandbox.Announce.Resolved", { round: table.session.state.round }),
      );
  } else if (b.id === "ks-hazard-cancel") update(T.cancelResolve(table));
  else if (b.id === "ks-hazard-pass" && fisher)
    update(T.passScreen(table, { fisher }), { keepFocus: false });
});
$("#ks-pass").addEventListener("click", () =>
  update(T.passScreen(T.clearError(table), T.nextScreen(table)), { keepFocus: false }),
);
$("#ks-hotseat").addEventListener("change", (ev) =>
  update(T.setHotSeat(table, (ev.target as HTMLInputElement).checked)),
);
const cover = $<HTMLDialogElement>("#ks-cover");
cover.addEventListener("cancel", (ev) => ev.preventDefault()); // only the next player uncovers it
$("#ks-cover-take").addEventListener("click", async () => {
  // The screen goes back to the GM: only the GM takes it (the GM passphrase, or their word).
  if (table.passTo === "gm" && !(await gate.ask(gateTarget("gm", [], localize)))) return;
  focusAt = undefined;
  update(T.takeScreen(table), { keepFocus: false });
});
$("#ks-undo").addEventListener("click", () => update(T.undo(T.clearError(table))));
$("#ks-end").addEventListener("click", () => update(T.endGame(T.clearError(table))));
$("#ks-viewer").addEventListener("change", async (ev) => {
  const select = ev.target as HTMLSelectElement;
  const to = parseViewer(select.value);
  if (needsGm(table.viewer, to)) {
    // A player's view reaches the GM's or another player's only through the GM.
    select.innerHTML = viewerOptions(table, localize);
    if (!(await gate.ask(gateTarget(to, table.session.state.fishers, localize))))
      return select.focus();
  }
  focusAt = undefined;
  update(T.setViewer(T.clearError(table), to));
});

// --- new game, load, save ---------------------------------------------------------------------
$("#ks-new").addEventListener("submit", (ev) => {
  ev.preventDefault();
  if (table.viewer !== "gm") return;
  const f = new FormData(ev.target as HTMLFormElement);
  const num = (k: string) => Number(f.get(k));
  focusAt = undefined;
  const before = keptGames();
  const old = table.session;
  update(
    T.newTable(
      {
        width: num("width"),
        height: num("height"),
        levels: num("levels"),
        fishers: num("fishers"),
        seed: seedFromField(f.get("seed")),
      },
      T.clearError(table),
    ),
  );
  offerBack(before, table.session !== old, "new");
});
onFileChosen($<HTMLInputElement>("#ks-load"), (text, fileName) => {
  if (scenarioGame(text) === "kayanak") {
    setGame("kayanak");
    kayanak!.load(text, fileName);
    return;
  }
  focusAt = undefined;
  const before = keptGames();
  const old = table.session;
  update(T.loadScenario(T.clearError(table), text, fileName));
  offerBack(before, table.session !== old, "load");
});
$("#ks-save").addEventListener("click", () =>
  downloadJson(
    T.scenarioText(table),
    `kolikoly-seed${table.session.setup.seed}-round${table.session.state.round}.json`,
  ),
);

function nameOf(id: string): string {
  return table.session.state.fishers.find((f) => f.id === id)?.name ?? id;
}
function announce(text: string): void {
  $("#ks-announce").textContent = text;
}

// --- the game switch: the fishing game or Kayanak (a file's format tag switches too) --------------
let kayanak: KayanakMount | undefined;
function setGame(game: Game, fromUser = false): void {
  root.dataset.play = game;
  $<HTMLSelectElement>("#ks-game").value = game;
  if (fromUser) history.replaceState(null, "", game === "kayanak" ? "?game=kayanak" : "?");
  if (game === "kayanak") {
    kayanak ??= mountKayanak($("#ks-kayanak"), {
      localize,
      search: urlGame.game === "kayanak" ? startSearch : "",
      onFishingFile: (text, fileName) => {
        setGame("kolikoly");
        focusAt = undefined;
        update(T.loadScenario(T.clearError(table), text, fileName));
      },
      store,
      onNotice: (text) => showNotice(text),
      onViewer: (gm) => {
        kayanakGm = gm;
        offerFresh();
      },
      gate,
      onChange: () => showNotice(undefined),
      onReplaced: (before, what) => offerBack({ kayanak: before }, true, what),
    });
    kayanak.refresh();
  } else {
    root.querySelector<HTMLDialogElement>("#ks-ky-cover")?.close();
    drawLake();
    drawCover();
  }
  if (game === "kayanak") $<HTMLDialogElement>("#ks-cover").close();
  offerFresh();
  store.write(SAVE_KEYS.game, game);
}
$<HTMLSelectElement>("#ks-game").addEventListener("change", async (ev) => {
  const select = ev.target as HTMLSelectElement;
  const to = select.value as Game;
  if (!gmShown()) {
    // A player's view does not reach the other game (its GM's view) without the GM.
    select.value = root.dataset.play ?? "kolikoly";
    if (!(await gate.ask(localize("KOLIKOLY.Sandbox.Gate.OtherGame")))) return select.focus();
  }
  setGame(to, true);
});

// Start fresh: asked first; the kept games are put aside (Undo start fresh brings them back until
// the next change) and both tables start their default game.
$("#ks-fresh").addEventListener("click", async () => {
  const sure = await askFirst(
    localize("KOLIKOLY.Sandbox.Notice.Fresh.Title"),
    localize("KOLIKOLY.Sandbox.Notice.Fresh.Text"),
    localize("KOLIKOLY.Sandbox.Notice.Fresh.Yes"),
  );
  if (!sure) return $("#ks-fresh").focus();
  const before = keptGames();
  store.clear();
  focusAt = undefined;
  update(T.newTable(T.TABLE_DEFAULTS, { ...table, viewer: "gm" }), { keepFocus: false });
  kayanak?.fresh();
  showNotice(
    localize("KOLIKOLY.Sandbox.Notice.Fresh.Done"),
    before,
    "KOLIKOLY.Sandbox.Notice.Fresh.Undo",
  );
  $<HTMLSelectElement>("#ks-game").focus();
});
$("#ks-notice-undo").addEventListener("click", () => {
  if (putAside) bringBack(putAside);
});
$("#ks-notice-close").addEventListener("click", () => showNotice(undefined));
$("#ks-gm-lock").addEventListener("click", () => void gate.setPassphrase());

const length = mountLength($<HTMLFormElement>("#ks-new"), $("#ks-length"), localize);
const balance = mountBalance($("#ks-balance"), () => table, localize);
render(false);
// The game shown: the URL's (`?game=`), else the one on the table when the page was left.
const startGame: Game =
  new URLSearchParams(startSearch).has("game") || urlStartsGame
    ? urlGame.game
    : (savedGame(store) ?? urlGame.game);
setGame(startGame);
if (notices.length) showNotice(notices.join(" "));
else if (keptBeforeUrl && (keptBeforeUrl.kolikoly ?? keptBeforeUrl.kayanak) !== undefined)
  // The URL's game replaced the kept games: they are put aside, offered back until the next change.
  showNotice(
    localize("KOLIKOLY.Sandbox.Notice.Url.Done"),
    keptBeforeUrl,
    "KOLIKOLY.Sandbox.Notice.Url.Undo",
  );
keep();
performance.mark("kolikoly-lake-drawn");
document.body.dataset.ready = "true";
