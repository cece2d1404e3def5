/**
 * The Kayanak table's changing parts as HTML strings, each built only from the current viewer's
 * view (`viewFor`) and events (`eventsFor`): what a player may not know is not in the DOM (J10).
 * `projectKayanak` is the one place the table becomes a viewer's view.
 */
import type { KayanakEvent, KayanakView, StepKind } from "../../rules/kayanak/index.ts";
import { eventsFor, viewFor } from "../../rules/kayanak/index.ts";
import type { Localize } from "../../ui/handlebars-helpers.ts";
import { escapeXml, fisherColour, initials } from "../../ui/lake-svg.ts";
import { viewerOptionsHtml } from "../render.ts";
import { dieSvg, faceOptions } from "./dice-view.ts";
import type { IceDrawOptions } from "../../ui/ice-svg.ts";
import { crystalShape, iceSvg, tileSign } from "../../ui/ice-svg.ts";
import { END_REASON_KEY, kayanakLogLines } from "./log.ts";
import type { KayanakTable } from "./table.ts";
import {
  currentKind,
  currentLog,
  currentState,
  legalHoles,
  legalKinds,
  mayAct,
  phaseOf,
  whoseTurn,
} from "./table.ts";

export interface KayanakRendered {
  readonly view: KayanakView;
  readonly events: KayanakEvent[];
}

/**
 * The table as this viewer may know it. While bears are being placed (J11) only the bears placed
 * so far are on the sheet, and nothing has happened yet (no log).
 */
export function projectKayanak(t: KayanakTable): KayanakRendered {
  const view = viewFor(currentState(t), t.viewer);
  if (!t.placing) return { view, events: eventsFor(currentLog(t), t.viewer) };
  const { placed } = t.placing;
  const next = whoseTurn(t);
  const { next: _n, ...rest } = view;
  return {
    view: {
      ...rest,
      ...(next ? { next } : {}),
      fishers: view.fishers.slice(0, placed.length).map((f, i) => ({ ...f, at: placed[i]! })),
    },
    events: [],
  };
}

export { parseViewer, viewerKey } from "../render.ts";

/** The viewer switch: the GM (everything) or one fisher's player. */
export function viewerOptions(t: KayanakTable, localize: Localize): string {
  return viewerOptionsHtml(t.viewer, currentState(t).fishers, localize, { public: false });
}

const nameIn = (view: KayanakView, id: string | undefined) =>
  view.fishers.find((f) => f.id === id)?.name ?? id ?? "";

/** Where the game is, in one sentence (placing, whose roll, dots used, the end). */
export function statusText(t: KayanakTable, r: KayanakRendered, localize: Localize): string {
  const { view } = r;
  const phase = phaseOf(t);
  const names = currentState(t).fishers;
  const who = names.find((f) => f.id === whoseTurn(t))?.name ?? "";
  const turn = view.turn + 1;
  if (phase === "placing")
    return localize("KOLIKOLY.Sandbox.Kayanak.Status.Placing", { name: who });
  if (phase === "over")
    return localize("KOLIKOLY.Sandbox.Kayanak.Status.Over", {
      winners: view.winners.map((id) => nameIn(view, id)).join(", "),
      reason: view.endReason ? localize(END_REASON_KEY[view.endReason]) : "",
    });
  if (phase === "roll")
    return localize("KOLIKOLY.Sandbox.Kayanak.Status.Roll", { turn, name: who });
  const p = view.pending!;
  return localize("KOLIKOLY.Sandbox.Kayanak.Status.Steps", {
    turn,
    name: who,
    used: p.used,
    dots: p.dots,
  });
}

/** The sheet for this viewer, with the holes a click may take a step on (only where the viewer may act). */
export function sheetFor(
  t: KayanakTable,
  r: KayanakRendered,
  localize: Localize,
  show: { readonly focus?: readonly [number, number]; readonly zoom?: number } = {},
): string {
  const act = mayAct(t);
  const kind = t.placing ? "place" : currentKind(t);
  const legal = !act
    ? []
    : t.placing
      ? r.view.holes
          .map((h) => h.at)
          .filter((h) => !r.view.fishers.some((f) => f.at[0] === h[0] && f.at[1] === h[1]))
      : legalHoles(t);
  const opts: IceDrawOptions = {
    localize,
    legal,
    ...(kind ? { kind } : {}),
    ...(show.focus ? { focus: show.focus } : {}),
    ...(show.zoom !== undefined ? { zoom: show.zoom } : {}),
  };
  return iceSvg(r.view, opts);
}

const KINDS: readonly StepKind[] = ["move", "hack", "fish", "tile", "crystal"];
/** Each step kind's name and its key on the sheet (the same letters in every language). */
const KIND_KEY: Readonly<Record<StepKind, readonly [name: string, letter: string]>> = {
  move: ["KOLIKOLY.Sandbox.Kayanak.Kind.move", "M"],
  hack: ["KOLIKOLY.Sandbox.Kayanak.Kind.hack", "H"],
  fish: ["KOLIKOLY.Sandbox.Kayanak.Kind.fish", "F"],
  tile: ["KOLIKOLY.Sandbox.Kayanak.Kind.tile", "T"],
  crystal: ["KOLIKOLY.Sandbox.Kayanak.Kind.crystal", "C"],
};

/**
 * The turn panel's changing part: the dice (rolled, or the faces to force before a roll), and the
 * step kinds, the legal ones enabled, the one clicks take checked.
 */
export function dicePanel(t: KayanakTable, r: KayanakRendered, localize: Localize): string {
  const state = currentState(t);
  const weather = state.settings.variant === "weather";
  const phase = phaseOf(t);
  const p = r.view.pending;
  const out: string[] = [`<div class="ks-ky-dice" id="ks-ky-dice-faces">`];
  if (p) {
    out.push(dieSvg(p.die, "action", localize));
    if (p.temperature) out.push(dieSvg(p.temperature, "temperature", localize));
    out.push(
      `<p class="ks-ky-dots" id="ks-ky-dots">${escapeXml(localize("KOLIKOLY.Sandbox.Kayanak.Dice.Dots", { used: p.used, dots: p.dots, left: p.dots - p.used }))}</p>`,
    );
  } else
    out.push(
      `<p class="ks-note">${escapeXml(localize(phase === "roll" ? "KOLIKOLY.Sandbox.Kayanak.Dice.NotRolled" : "KOLIKOLY.Sandbox.Kayanak.Dice.Idle"))}</p>`,
    );
  out.push(`</div>`);
  if (phase === "roll" && mayAct(t)) {
    out.push(
      `<div class="ks-ky-force" role="group" aria-label="${escapeXml(localize("KOLIKOLY.Sandbox.Kayanak.Dice.ForceLabel"))}">`,
      `<label class="ks-field">${escapeXml(localize("KOLIKOLY.Sandbox.Kayanak.Dice.ActionDie"))} <select id="ks-ky-force-die">${faceOptions(state.settings.actionDie, t.force.die, localize)}</select></label>`,
      weather
        ? `<label class="ks-field">${escapeXml(localize("KOLIKOLY.Sandbox.Kayanak.Dice.TemperatureDie"))} <select id="ks-ky-force-temperature">${faceOptions(state.settings.temperatureDie, t.force.temperature, localize)}</select></label>`
        : "",
      `</div>`,
    );
  }
  if (phase === "steps") {
    const legal = mayAct(t) ? legalKinds(t) : [];
    const cur = mayAct(t) ? currentKind(t) : undefined;
    const kinds = KINDS.filter((k) => weather || (k !== "tile" && k !== "crystal"));
    out.push(
      `<fieldset class="ks-ky-kinds" id="ks-ky-kinds"><legend>${escapeXml(localize("KOLIKOLY.Sandbox.Kayanak.Kind.Legend"))}</legend>`,
      ...kinds.map((k) => {
        const on = legal.includes(k);
        return `<label class="ks-ky-kind${on ? "" : " ks-ky-kind--off"}"><input type="radio" name="ks-ky-kind" value="${k}"${k === cur ? " checked" : ""}${on ? "" : " disabled"}> ${escapeXml(localize(KIND_KEY[k][0]))} <kbd>${KIND_KEY[k][1]}</kbd></label>`;
      }),
      `</fieldset>`,
    );
    if (mayAct(t) && legal.length === 0)
      out.push(
        `<p class="ks-note">${escapeXml(localize("KOLIKOLY.Sandbox.Kayanak.Kind.None"))}</p>`,
      );
  }
  if (weather)
    out.push(
      `<p class="ks-note ks-ky-box">${escapeXml(localize("KOLIKOLY.Sandbox.Kayanak.Dice.Box", { tiles: r.view.tilesLeft, crystals: r.view.crystalsLeft }))}</p>`,
    );
  return out.join("");
}

/** The catch so far (public), points in the weather variant, the winners marked once it is over. */
export function scoreHtml(r: KayanakRendered, localize: Localize): string {
  const { view } = r;
  const weather = view.variant === "weather";
  return view.fishers
    .map((f) => {
      const [fill, text] = fisherColour(view, f.id);
      const won = view.over && view.winners.includes(f.id);
      const line = localize(
        weather ? "KOLIKOLY.Sandbox.Kayanak.ScoreWeather" : "KOLIKOLY.Sandbox.Kayanak.Score",
        { name: f.name, big: f.big, small: f.small, fish: f.big + f.small, score: f.score },
      );
      return `<li class="ks-ky-score${won ? " ks-ky-score--won" : ""}${f.id === view.next && !view.over ? " ks-ky-score--turn" : ""}" data-fisher="${escapeXml(f.id)}"><span class="ks-chip" style="background:${fill};color:${text}" aria-hidden="true">${escapeXml(initials(f.name))}</span> ${escapeXml(line)}${won ? ` <strong>${escapeXml(localize("KOLIKOLY.Sandbox.Kayanak.Winner"))}</strong>` : ""}</li>`;
    })
    .join("");
}

/** The end, named: who won and why (empty while the game goes on). */
export function endHtml(r: KayanakRendered, localize: Localize): string {
  const { view } = r;
  if (!view.over) return "";
  return `<p class="ks-ky-end" role="status">${escapeXml(
    localize("KOLIKOLY.Sandbox.Kayanak.Status.Over", {
      winners: view.winners.map((id) => nameIn(view, id)).join(", "),
      reason: view.endReason ? localize(END_REASON_KEY[view.endReason]) : "",
    }),
  )}</p>`;
}

/** The sheet's legend (the GM's view also keys the fish under the ice). */
export function legendHtml(t: KayanakTable, localize: Localize): string {
  const svg = (inner: string) =>
    `<svg class="ks-ky-key" viewBox="0 0 28 28" width="28" height="28" aria-hidden="true">${inner}</svg>`;
  const item = (inner: string, key: string) => `<li>${svg(inner)}${escapeXml(localize(key))}</li>`;
  const weather = currentState(t).settings.variant === "weather";
  return [
    item(
      `<circle cx="14" cy="14" r="11" fill="#ffffff" stroke="#8fb3cc" stroke-width="1.5"/>`,
      "KOLIKOLY.Sandbox.Kayanak.Legend.Covered",
    ),
    item(
      `<circle cx="14" cy="14" r="11" fill="#0b2e4a" stroke="#5f8fb0" stroke-width="1.5"/>`,
      "KOLIKOLY.Sandbox.Kayanak.Legend.Open",
    ),
    item(
      `<circle cx="9" cy="14" r="5.5" fill="#b9c2c9" stroke="#2b3137"/><circle cx="21" cy="15" r="3.4" fill="#b9c2c9" stroke="#2b3137"/>`,
      "KOLIKOLY.Sandbox.Kayanak.Legend.Fish",
    ),
    t.viewer === "gm"
      ? item(
          `<circle cx="14" cy="14" r="11" fill="#ffffff" fill-opacity="0.45" stroke="#8fb3cc" stroke-dasharray="3 2"/><circle cx="14" cy="14" r="4" fill="#b9c2c9"/>`,
          "KOLIKOLY.Sandbox.Kayanak.Legend.UnderIce",
        )
      : "",
    weather ? item(crystalShape(14, 14, 11), "KOLIKOLY.Sandbox.Kayanak.Legend.Crystal") : "",
    weather ? item(tileSign(14, 14), "KOLIKOLY.Sandbox.Kayanak.Legend.Tile") : "",
    item(
      `<circle cx="14" cy="14" r="12" fill="none" stroke="#000" stroke-width="2.5" stroke-dasharray="4 2"/><circle cx="14" cy="14" r="8" fill="#0072B2"/>`,
      "KOLIKOLY.Sandbox.Kayanak.Legend.Turn",
    ),
  ].join("");
}

/** The log's lines for this viewer. */
export function logLinesFor(r: KayanakRendered, t: KayanakTable, localize: Localize) {
  const names = new Map(currentState(t).fishers.map((f) => [f.id, f.name]));
  return { lines: kayanakLogLines(r.events, names, localize), names };
}
