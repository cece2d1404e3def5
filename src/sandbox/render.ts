/**
 * The page's changing parts as HTML strings, each built only from the current viewer's view
 * (`viewFor`) and events (`eventsFor`). The GM's truth is never passed to a player's renderer:
 * what is not in the view is not in the DOM (it is never hidden with CSS).
 */
import type { GameEvent, LakeView, Viewer } from "../rules/index.ts";
import { eventsFor, neighbours, viewFor } from "../rules/index.ts";
import type { DeclareContext } from "../ui/declare-view.ts";
import { declareContext, needsTarget } from "../ui/declare-view.ts";
import type { Localize } from "../ui/handlebars-helpers.ts";
import { REASON_KEY, declarationText, logLines } from "./log-view.ts";
import type { Coord } from "../rules/index.ts";
import { arrowsOf, escapeXml, fisherColour, initials, lakeSvg } from "./lake-svg.ts";
import type { Table } from "./table.ts";
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
  const cur = viewerKey(t.viewer);
  const opts: [string, string][] = [
    ["gm", localize("KOLIKOLY.Sandbox.Viewer.Gm")],
    ["player", localize("KOLIKOLY.Sandbox.Viewer.Public")],
    ...t.session.state.fishers.map((f): [string, string] => [
      `fisher:${f.id}`,
      localize("KOLIKOLY.Sandbox.Viewer.Fisher", { name: f.name }),
    ]),
  ];
  return opts
    .map(
      ([v, label]) =>
        `<option value="${escapeXml(v)}"${v === cur ? " selected" : ""}>${escapeXml(label)}</option>`,
    )
    .join("");
}

export function lakeFor(t: Table, r: Rendered, localize: Localize, focus?: Coord): string {
  const id = activeFisher(t);
  const draft = id ? t.drafts[id] : undefined;
  const me = id ? r.view.fishers.find((f) => f.id === id) : undefined;
  const targets = me && needsTarget(draft?.action) ? neighbours(r.view.lake, me.at) : [];
  return lakeSvg(r.view, arrowsOf(r.events, r.view.round), {
    localize,
    ...(focus ? { focus } : me ? { focus: me.at } : {}),
    targets,
    ...(draft?.target ? { chosen: draft.target } : {}),
  });
}

/** The declaration form's context for the active fisher, from the current viewer's view. */
export function declareContextFor(t: Table, r: Rendered): DeclareContext | undefined {
  const id = activeFisher(t);
  if (!id) return undefined;
  return declareContext(r.view, id, {
    draft: t.drafts[id] ?? {},
    declared: id in t.locked,
    allowTotal: true,
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
