/**
 * The page's changing parts as HTML strings, each built only from the current viewer's view
 * (`viewFor`) and events (`eventsFor`). The GM's truth is never passed to a player's renderer:
 * what is not in the view is not in the DOM (it is never hidden with CSS).
 */
import type { GameEvent, LakeView, Viewer } from "../rules/index.ts";
import { eventsFor, neighbours, pendingCannotAct, viewFor } from "../rules/index.ts";
import type { DeclareContext } from "../ui/declare-view.ts";
import { declareContext, needsTarget } from "../ui/declare-view.ts";
import type { Localize } from "../ui/handlebars-helpers.ts";
import { hazardChoiceText } from "../ui/hazard-choice-view.ts";
import { REASON_KEY, declarationText, logLines } from "./log-view.ts";
import type { Coord } from "../rules/index.ts";
import {
  arrowsOf,
  escapeXml,
  fisherColour,
  initials,
  lakeSvg,
  levelTitle,
} from "../ui/lake-svg.ts";
import type { Table, TableError } from "./table.ts";
import { activeFisher, declarers } from "./table.ts";

export interface Rendered {
  readonly view: LakeView;
  readonly events: GameEvent[];
}

/** The one place the sandbox turns the table into what the current viewer may know. */
export function project(t: Table): Rendered {
  return { view: viewFor(t.session.state, t.viewer), events: eventsFor(t.session.log, t.viewer) };
}

export function viewerKey(v: Viewer): string {
  return typeof v === "object" ? `fisher:${v.fisher}` : v;
}

export function parseViewer(key: string): Viewer {
  if (key === "gm" || key === "player") return key;
  return { fisher: key.replace(/^fisher:/, "") };
}

export function viewerOptions(t: Table, localize: Localize): string {
  return viewerOptionsHtml(t.viewer, t.session.state.fishers, localize, { public: true });
}

/**
 * The viewer switch's options (either game's table): the GM, the public player view if asked
 * for, and each fisher's player; the current viewer selected.
 */
export function viewerOptionsHtml(
  viewer: Viewer,
  fishers: readonly { readonly id: string; readonly name: string }[],
  localize: Localize,
  opts: { readonly public: boolean },
): string {
  const cur = viewerKey(viewer);
  const options: [string, string][] = [
    ["gm", localize("KOLIKOLY.Sandbox.Viewer.Gm")],
    ...(opts.public
      ? [["player", localize("KOLIKOLY.Sandbox.Viewer.Public")] as [string, string]]
      : []),
    ...fishers.map((f): [string, string] => [
      `fisher:${f.id}`,
      localize("KOLIKOLY.Sandbox.Viewer.Fisher", { name: f.name }),
    ]),
  ];
  return options
    .map(
      ([v, label]) =>
        `<option value="${escapeXml(v)}"${v === cur ? " selected" : ""}>${escapeXml(label)}</option>`,
    )
    .join("");
}

/** How the lake is shown: its zoom (CSS px per SVG unit) and, on narrow screens, one level. */
export interface LakeShow {
  readonly zoom?: number;
  readonly level?: number;
}

export function lakeFor(
  t: Table,
  r: Rendered,
  localize: Localize,
  focus?: Coord,
  show: LakeShow = {},
): string {
  const id = activeFisher(t);
  const draft = id ? t.drafts[id] : undefined;
  const me = id ? r.view.fishers.find((f) => f.id === id) : undefined;
  const targets = me && needsTarget(draft?.action) ? neighbours(r.view.lake, me.at) : [];
  return lakeSvg(r.view, arrowsOf(r.events, r.view.round), {
    localize,
    ...(focus ? { focus } : me ? { focus: me.at } : {}),
    targets,
    ...(draft?.target ? { chosen: draft.target } : {}),
    ...(show.zoom !== undefined ? { zoom: show.zoom } : {}),
    ...(show.level !== undefined ? { level: show.level } : {}),
  });
}

/** The level shown first in the one-level view: where the active fisher (or the focus) is. */
export function homeLevel(t: Table, r: Rendered, focus?: Coord): number {
  if (focus) return focus[2];
  const id = activeFisher(t);
  return r.view.fishers.find((f) => f.id === id)?.at[2] ?? 0;
}

/**
 * The lake's tools: which levels are shown (all, or one at a time with the level above and below
 * a button away) and the zoom (out, in, fit). `level` is undefined when every level is shown.
 */
export function lakeTools(
  levels: number,
  level: number | undefined,
  zoomPercent: number,
  fit: boolean,
  localize: Localize,
): string {
  const opt = (value: string, label: string, selected: boolean) =>
    `<option value="${value}"${selected ? " selected" : ""}>${escapeXml(label)}</option>`;
  const options = [
    opt("all", localize("KOLIKOLY.Sandbox.Lake.AllLevels"), level === undefined),
    ...Array.from({ length: levels }, (_, l) =>
      opt(String(l), levelTitle(l, localize), l === level),
    ),
  ].join("");
  const one = level !== undefined;
  const button = (id: string, key: string, text: string, disabled: boolean, pressed?: boolean) =>
    `<button type="button" id="${id}" class="ks-tool" aria-label="${escapeXml(localize(key))}" title="${escapeXml(localize(key))}"${disabled ? " disabled" : ""}${pressed === undefined ? "" : ` aria-pressed="${pressed}"`}>${text}</button>`;
  return (
    `<label class="ks-field ks-levels">${escapeXml(localize("KOLIKOLY.Sandbox.Lake.Show"))} <select id="ks-level">${options}</select></label>` +
    (one
      ? button("ks-level-up", "KOLIKOLY.Sandbox.Lake.PrevLevel", "▲", level === 0) +
        button("ks-level-down", "KOLIKOLY.Sandbox.Lake.NextLevel", "▼", level >= levels - 1)
      : "") +
    `<span class="ks-zoom" role="group" aria-label="${escapeXml(localize("KOLIKOLY.Sandbox.Lake.Zoom", { percent: zoomPercent }))}">` +
    button("ks-zoom-out", "KOLIKOLY.Sandbox.Lake.ZoomOut", "−", false) +
    `<output id="ks-zoom-value" class="ks-zoom__value">${zoomPercent}%</output>` +
    button("ks-zoom-in", "KOLIKOLY.Sandbox.Lake.ZoomIn", "+", false) +
    button(
      "ks-zoom-fit",
      "KOLIKOLY.Sandbox.Lake.ZoomFit",
      escapeXml(localize("KOLIKOLY.Sandbox.Lake.ZoomFit")),
      false,
      fit,
    ) +
    `</span>`
  );
}

/** The lake's legend, for this viewer: the unseen-swarm key is in the GM's view only. */
export function legendHtml(t: Table, localize: Localize): string {
  const item = (cls: string, key: string) =>
    `<li><span class="ks-key ks-key--${cls}" aria-hidden="true"></span>${escapeXml(localize(key))}</li>`;
  return [
    item("fog", "KOLIKOLY.Sandbox.Legend.Fog"),
    item("swarm", "KOLIKOLY.Sandbox.Legend.Swarm"),
    t.viewer === "gm" ? item("unseen", "KOLIKOLY.Sandbox.Legend.Unseen") : "",
    item("fisher-arrow", "KOLIKOLY.Sandbox.Legend.FisherMove"),
    item("fish-arrow", "KOLIKOLY.Sandbox.Legend.FishMove"),
    `<li><span class="ks-key ks-key--more" aria-hidden="true">+n</span>${escapeXml(localize("KOLIKOLY.Sandbox.Legend.More"))}</li>`,
  ].join("");
}

/**
 * A table error as text. Its data may hold localizable parts (`{key, data}`) and lists of them
 * (joined with "; "), so one message can name every refused URL parameter in the page's language.
 */
export function errorText(e: TableError, localize: Localize): string {
  const part = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map((x) => String(part(x))).join("; ");
    if (v && typeof v === "object" && "key" in v) {
      const p = v as TableError;
      return errorText(p, localize);
    }
    return v;
  };
  const data: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e.data)) data[k] = part(v);
  return localize(e.key, data);
}

/** The declaration form's context for the active fisher, from the current viewer's view. */
export function declareContextFor(t: Table, r: Rendered): DeclareContext | undefined {
  const id = activeFisher(t);
  if (!id) return undefined;
  const why = pendingCannotAct(t.session.state, t, id);
  return declareContext(r.view, id, {
    draft: t.drafts[id] ?? {},
    declared: id in t.locked,
    allowTotal: true,
    ...(why !== undefined ? { cannotAct: why } : {}),
  });
}

/** Tabs to pick whose declaration the GM is entering (only the GM has more than one). */
export function fisherTabs(t: Table, localize: Localize): string {
  const ids = declarers(t);
  if (ids.length < 2) return "";
  const active = activeFisher(t);
  return ids
    .map((id) => {
      const f = t.session.state.fishers.find((x) => x.id === id)!;
      const sel = id === active;
      const [fill, text] = fisherColour({ fishers: t.session.state.fishers }, id);
      const done = id in t.locked ? ` ✓` : "";
      return `<button type="button" role="tab" class="ks-tab" data-fisher="${escapeXml(id)}" aria-selected="${sel}" tabindex="${sel ? 0 : -1}" aria-label="${escapeXml(localize(id in t.locked ? "KOLIKOLY.Sandbox.Tab.Declared" : "KOLIKOLY.Sandbox.Tab.Waiting", { name: f.name }))}"><span class="ks-chip" style="background:${fill};color:${text}" aria-hidden="true">${escapeXml(initials(f.name))}</span>${escapeXml(f.name)}${done}</button>`;
    })
    .join("");
}

/**
 * Who has declared (K5: everyone may know that, never what). The GM also sees what each locked
 * declaration is; a fisher's player sees only their own.
 */
export function declaredList(t: Table, localize: Localize): string {
  return t.session.state.fishers
    .map((f) => {
      const l = t.locked[f.id];
      const mine = t.viewer === "gm" || (typeof t.viewer === "object" && t.viewer.fisher === f.id);
      let what = "";
      if (l && mine) {
        const decl = l.declaration as unknown as Parameters<typeof declarationText>[0];
        what = ` — ${declarationText(decl, localize)}`;
        if (l.total !== undefined)
          what += ` ${localize("KOLIKOLY.Sandbox.TypedTotal", { total: l.total })}`;
      }
      const down = f.condition === "unconscious" || f.condition === "dying";
      const state = localize(
        down
          ? REASON_KEY[f.condition]!
          : l
            ? "KOLIKOLY.Sandbox.Declared"
            : "KOLIKOLY.Sandbox.Waiting",
      );
      // H5: the GM may revive an unconscious or dying fisher as the next round starts.
      const revive =
        down && t.viewer === "gm"
          ? ` <button type="button" class="ks-revive" data-revive="${escapeXml(f.id)}" aria-pressed="${t.revive.includes(f.id)}">${escapeXml(localize("KOLIKOLY.Sandbox.Revive"))}</button>`
          : "";
      return `<li class="ks-declared${l ? " ks-declared--yes" : ""}" data-fisher="${escapeXml(f.id)}"><strong>${escapeXml(f.name)}</strong>: ${escapeXml(state)}${escapeXml(what)}${revive}</li>`;
    })
    .join("");
}

/** The catch so far, per fisher (public: K10 credits are announced). */
export function scoreList(r: Rendered, localize: Localize): string {
  return r.view.fishers
    .map((f) => {
      const [fill, text] = fisherColour(r.view, f.id);
      const cond =
        (f.condition === "ok" ? "" : ` (${localize(REASON_KEY[f.condition]!)})`) +
        (f.netDropped ? ` (${localize("KOLIKOLY.Sandbox.NetDropped")})` : "");
      return `<li><span class="ks-chip" style="background:${fill};color:${text}" aria-hidden="true">${escapeXml(initials(f.name))}</span> ${escapeXml(localize("KOLIKOLY.Sandbox.Score", { name: f.name, fish: f.caught, hp: f.hp, maxHp: f.maxHp }) + cond)}</li>`;
    })
    .join("");
}

export function logItems(r: Rendered, localize: Localize) {
  return logLines(r.view, r.events, localize);
}

/** The four actions' help, in the declaration panel (the same strings as docs/sandbox.md's list). */
export const HELP_KEYS = {
  catch: "KOLIKOLY.Sandbox.Help.catch",
  track: "KOLIKOLY.Sandbox.Help.track",
  move: "KOLIKOLY.Sandbox.Help.move",
  herd: "KOLIKOLY.Sandbox.Help.herd",
} as const;
export function helpHtml(localize: Localize, open: boolean): string {
  const items = Object.entries(HELP_KEYS).map(
    ([a, key]) => `<li data-action="${a}">${escapeXml(localize(key))}</li>`,
  );
  return `<details class="ks-help-box" id="ks-help"${open ? " open" : ""}><summary>${escapeXml(localize("KOLIKOLY.Sandbox.Help.Heading"))}</summary><ul class="ks-help-list">${items.join("")}</ul></details>`;
}

const END_KEY = {
  lakeEmpty: "KOLIKOLY.Sandbox.End.lakeEmpty",
  gm: "KOLIKOLY.Sandbox.End.gm",
} as const;

/**
 * K23: the end of the game, for the declaration panel: why it ended, after how many rounds, and
 * each fisher's catch from the most fish down (ties share a place), with whoever caught most.
 */
export function resultsHtml(r: Rendered, localize: Localize): string {
  const end = [...r.events].reverse().find((e) => e.type === "gameEnd");
  const reason = end?.type === "gameEnd" ? end.reason : "gm";
  const ranked = [...r.view.fishers].sort((a, b) => b.caught - a.caught);
  const best = ranked[0]?.caught ?? 0;
  const lines = ranked.map((f) => {
    const place = 1 + ranked.filter((o) => o.caught > f.caught).length;
    const [fill, text] = fisherColour(r.view, f.id);
    return `<li data-fisher="${escapeXml(f.id)}"><span class="ks-chip" style="background:${fill};color:${text}" aria-hidden="true">${escapeXml(initials(f.name))}</span> ${escapeXml(localize("KOLIKOLY.Sandbox.End.Line", { place, name: f.name, fish: f.caught }))}</li>`;
  });
  const winners = ranked.filter((f) => f.caught === best).map((f) => f.name);
  return `<div class="ks-results" id="ks-results" role="status"><h3 class="ks-h3">${escapeXml(localize("KOLIKOLY.Sandbox.End.Heading"))}</h3><p>${escapeXml(localize(END_KEY[reason], { rounds: r.view.round }))}</p><ol class="ks-results__list" aria-label="${escapeXml(localize("KOLIKOLY.Sandbox.End.Results"))}">${lines.join("")}</ol><p><strong>${escapeXml(localize("KOLIKOLY.Sandbox.End.Winners", { names: winners.join(", ") }))}</strong></p></div>`;
}

/**
 * H4 in the table, as the Foundry module asks it: the fisher's player (in their view) or the GM
 * (for them) chooses between losing the HP and taking the hazard's effect; any other view is
 * told only that the round waits.
 */
export function hazardHtml(t: Table, localize: Localize): string {
  const a = t.asking;
  if (!a) return "";
  const name = t.session.state.fishers.find((f) => f.id === a.fisher)?.name ?? a.fisher;
  const gm = t.viewer === "gm";
  const mine = typeof t.viewer === "object" && t.viewer.fisher === a.fisher;
  if (!gm && !mine)
    return `<p class="ks-note" id="ks-hazard-wait">${escapeXml(localize("KOLIKOLY.Sandbox.Hazard.Waiting", { name }))}</p>`;
  const q = hazardChoiceText(a.facts, name, localize);
  const button = (choice: string, label: string, primary: boolean) =>
    `<button type="button" class="ks-choice${primary ? " ks-primary" : ""}" data-choice="${choice}">${escapeXml(label)}</button>`;
  return `<div class="ks-hazard" id="ks-hazard" role="alertdialog" aria-labelledby="ks-hazard-title" aria-describedby="ks-hazard-question">
<h3 class="ks-h3" id="ks-hazard-title">${escapeXml(q.title)}</h3>
<p id="ks-hazard-question">${escapeXml(q.question)}</p>
<div class="ks-buttons">${button("hp", q.hpLabel, a.fallback === "hp")}${button("aim", q.aimLabel, a.fallback === "aim")}</div>
${
  gm
    ? `<p class="ks-note">${escapeXml(localize("KOLIKOLY.Sandbox.Hazard.Status", { name }))}</p><div class="ks-buttons">${t.hotSeat ? `<button type="button" id="ks-hazard-pass">${escapeXml(localize("KOLIKOLY.Sandbox.Hazard.Pass", { name }))}</button>` : ""}<button type="button" id="ks-hazard-cancel">${escapeXml(localize("KOLIKOLY.Sandbox.Hazard.Cancel"))}</button></div>`
    : `<p class="ks-note">${escapeXml(localize("KOLIKOLY.Hazards.Choice.GmMay"))}</p>`
}
</div>`;
}

/** Hot seat's covered screen: who takes it next (a fisher's player or the GM). */
export function coverText(
  to: Viewer,
  fishers: readonly { readonly id: string; readonly name: string }[],
  localize: Localize,
  declaring: boolean,
): { text: string; take: string } {
  if (to === "gm" || to === "player")
    return {
      text: localize(declaring ? "KOLIKOLY.Sandbox.Pass.ToGm" : "KOLIKOLY.Sandbox.Pass.ToGmOnly"),
      take: localize("KOLIKOLY.Sandbox.Pass.TakeGm"),
    };
  const name = fishers.find((f) => f.id === to.fisher)?.name ?? to.fisher;
  return {
    text: localize("KOLIKOLY.Sandbox.Pass.ToFisher", { name }),
    take: localize("KOLIKOLY.Sandbox.Pass.Take", { name }),
  };
}
