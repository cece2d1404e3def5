/**
 * The table keeps the game: after every change the game on the table is written to the
 * browser's storage (localStorage), and a reload plays it back. What is written is the game's
 * scenario file (`exportScenario`, the same contract as Save: every roll forced, so it replays
 * exactly) and the table around it: the viewer, the declarations and drafts of the coming round,
 * the H5 revives, the H4 answers of a resolution waiting on a hazard question; for Kayanak the
 * bears placed so far or the turn in progress (its roll and steps), the step kind and the forced
 * faces. Reading it back checks everything again (the scenario with the engine's own validation,
 * each declaration with `checkPendingDeclaration`, the revivals first), so a stored game from another version, or edited by
 * hand, is refused by name and a new game started instead: never half-restored.
 *
 * Pure apart from `BrowserStore` (the one place that touches `localStorage`).
 */
import type { Viewer } from "../rules/index.ts";
import { canRevive, checkPendingDeclaration, exportScenario } from "../rules/index.ts";
import { exportScenario as exportKayanak } from "../rules/kayanak/index.ts";
import type { KayanakOptions, KayanakTable } from "./kayanak/table.ts";
import * as K from "./kayanak/table.ts";
import type { DeclareDraft } from "../ui/declare-view.ts";
import { draftFromFields } from "../ui/declare-view.ts";
import type { Game, Locked, Table, TableError } from "./table.ts";
import * as T from "./table.ts";

/** The storage keys: one per game, and which game was on the table. */
export const SAVE_KEYS = {
  kolikoly: "kolikoly-fishing/table/kolikoly",
  kayanak: "kolikoly-fishing/table/kayanak",
  game: "kolikoly-fishing/table/game",
} as const;
const VERSION = 1;

const refused = (reason: string): TableError => ({
  key: "KOLIKOLY.Sandbox.Autosave.Refused",
  data: { reason },
});

function parseViewerValue(
  v: unknown,
  ids: readonly string[],
  publicView: boolean,
): Viewer | undefined {
  if (v === "gm" || (v === "player" && publicView)) return v;
  if (v && typeof v === "object" && typeof (v as { fisher?: unknown }).fisher === "string") {
    const fisher = (v as { fisher: string }).fisher;
    if (ids.includes(fisher)) return { fisher };
  }
  return undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A stored table's record (JSON, this version), or why it is not one. */
function storedRecord(
  text: string,
): { ok: true; o: Record<string, unknown> } | { ok: false; error: TableError } {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    return { ok: false, error: refused("not JSON") };
  }
  return isRecord(o) && o.v === VERSION
    ? { ok: true, o }
    : { ok: false, error: refused("another version") };
}

// ------------------------------------------------------------------ the fishing table

/**
 * Each session's scenario file as JSON text, made once: a click that changes a draft writes the
 * table again, but the game's record (the long part) only changes when a round is played.
 */
const scenarioJson = new WeakMap<object, string>();
function cachedJson(session: object, make: () => unknown): string {
  let text = scenarioJson.get(session);
  if (text === undefined) scenarioJson.set(session, (text = JSON.stringify(make())));
  return text;
}

/** The fishing table as stored text. */
export function fishingSnapshot(t: Table): string {
  const rest = JSON.stringify({
    v: VERSION,
    viewer: t.viewer,
    active: t.active,
    drafts: t.drafts,
    locked: t.locked,
    revive: t.revive,
    hotSeat: t.hotSeat,
    ...(t.passTo ? { passTo: t.passTo } : {}),
    ...(t.asking ? { answers: t.answers ?? {} } : {}),
  });
  const scenario = cachedJson(t.session, () => exportScenario(t.session));
  return `{"scenario":${scenario},${rest.slice(1)}`;
}

/** The stored fishing table back, every part checked; or the reason it cannot be. */
export function restoreFishing(text: string): Table | TableError {
  const stored = storedRecord(text);
  if (!stored.ok) return stored.error;
  const { o } = stored;
  const loaded = T.loadScenario(
    T.newTable(T.TABLE_DEFAULTS),
    JSON.stringify(o.scenario),
    "autosave",
  );
  if (loaded.error) return loaded.error;
  const state = loaded.session.state;
  const ids = state.fishers.map((f) => f.id);
  const viewer = parseViewerValue(o.viewer, ids, true) ?? "gm";
  // only fishers the GM may revive (H5): a stored list that names another is read without it
  const revive = Array.isArray(o.revive)
    ? o.revive.filter(
        (id): id is string =>
          typeof id === "string" && state.fishers.some((f) => f.id === id && canRevive(f)),
      )
    : [];
  const locked: Record<string, Locked> = {};
  if (isRecord(o.locked))
    for (const [id, l] of Object.entries(o.locked)) {
      if (!isRecord(l) || !ids.includes(id)) return refused(`locked.${id}`);
      // the revivals first, as the round checks them (H5 before K5)
      const r = checkPendingDeclaration(state, { revive }, id, l.declaration, `locked.${id}`);
      if (!r.ok) return refused(`${r.error.field}: ${r.error.message}`);
      const total = l.total;
      if (total !== undefined && !Number.isInteger(total)) return refused(`locked.${id}.total`);
      locked[id] = {
        declaration: l.declaration as Record<string, unknown>,
        ...(total !== undefined ? { total: total as number } : {}),
      };
    }
  const drafts: Record<string, DeclareDraft> = {};
  if (isRecord(o.drafts))
    for (const [id, d] of Object.entries(o.drafts)) {
      if (!ids.includes(id) || !isRecord(d)) continue;
      // the form's own reader: only the fields a draft may have, of the right kinds
      const target = Array.isArray(d.target) ? d.target.join(",") : undefined;
      const draft = draftFromFields({
        action: d.action,
        ...(target ? { target } : {}),
        ...(d.attack === false ? { declineAttack: "on" } : {}),
        ...(typeof d.total === "number" ? { total: String(d.total) } : {}),
      });
      drafts[id] = draft;
    }
  const passTo = parseViewerValue(o.passTo, ids, false);
  let t: Table = {
    ...loaded,
    viewer: passTo ? "player" : viewer,
    active: typeof o.active === "string" && ids.includes(o.active) ? o.active : (ids[0] ?? ""),
    drafts,
    locked,
    revive,
    hotSeat: o.hotSeat !== false,
    ...(passTo ? { passTo } : {}),
  };
  if (isRecord(o.answers)) {
    // a resolution waiting on a hazard question: ask it again (the same round gives the same question)
    const answers: Record<string, number[]> = {};
    for (const [k, v] of Object.entries(o.answers))
      if (/^hazardChoice:/.test(k) && Array.isArray(v) && v.every((n) => n === 1 || n === 2))
        answers[k] = v as number[];
    const asked = T.resolve({ ...t, answers });
    if (asked.asking) t = asked;
  }
  return t;
}

// ------------------------------------------------------------------ the Kayanak table

/** The Kayanak table as stored text. */
export function kayanakSnapshot(t: KayanakTable): string {
  const common = {
    v: VERSION,
    viewer: t.viewer,
    follow: t.follow,
    force: t.force,
    ...(t.kind ? { kind: t.kind } : {}),
    ...(t.passTo ? { passTo: t.passTo } : {}),
  };
  if (t.placing) return JSON.stringify({ ...common, options: t.options, placed: t.placing.placed });
  const rest = JSON.stringify({
    ...common,
    ...(t.turn ? { turn: { roll: t.turn.roll, steps: t.turn.steps } } : {}),
  });
  const scenario = cachedJson(t.session, () => exportKayanak(t.session));
  return `{"scenario":${scenario},${rest.slice(1)}`;
}

/** The stored Kayanak table back, every part checked; or the reason it cannot be. */
export function restoreKayanak(text: string): KayanakTable | TableError {
  const stored = storedRecord(text);
  if (!stored.ok) return stored.error;
  const { o } = stored;
  let t: KayanakTable;
  if (o.scenario !== undefined) {
    t = K.loadScenario(
      K.newKayanakTable(K.KAYANAK_DEFAULTS),
      JSON.stringify(o.scenario),
      "autosave",
    );
    if (t.error) return t.error;
    if (isRecord(o.turn)) {
      const { roll, steps } = o.turn;
      if (!isRecord(roll) || typeof roll.fisher !== "string" || !Array.isArray(steps))
        return refused("turn");
      t = K.resumeTurn(t, roll as unknown as Parameters<typeof K.resumeTurn>[1], steps);
      if (t.error) return t.error;
    }
  } else {
    if (!isRecord(o.options) || !Array.isArray(o.placed)) return refused("options");
    const options = { ...K.KAYANAK_DEFAULTS, ...o.options } as KayanakOptions;
    const bad = K.checkOptions(options);
    if (bad) return bad;
    t = K.newKayanakTable(options);
    for (const h of o.placed) {
      if (!Array.isArray(h) || h.length !== 2 || !h.every(Number.isInteger))
        return refused("placed");
      t = K.placeBear(t, [h[0], h[1]]);
      if (t.error) return t.error;
    }
  }
  const ids = K.currentState(t).fishers.map((f) => f.id);
  const viewer = (parseViewerValue(o.viewer, ids, true) ?? "gm") as KayanakTable["viewer"];
  const passTo = parseViewerValue(o.passTo, ids, false) as KayanakTable["viewer"] | undefined;
  t = { ...K.setViewer(t, passTo ? "player" : viewer), follow: o.follow !== false };
  if (passTo) t = { ...t, passTo };
  if (typeof o.kind === "string") t = K.setKind(t, o.kind as Parameters<typeof K.setKind>[1]);
  if (isRecord(o.force))
    for (const die of ["die", "temperature"] as const) {
      const i = o.force[die];
      if (typeof i === "number") t = K.setForce(t, die, i);
    }
  return K.clearError(t);
}

// ------------------------------------------------------------------ the browser's storage

/** Where the page keeps its games (localStorage; absent or refusing: nothing is kept). */
export interface SaveStore {
  /** Writes; false when the browser refused (storage full or turned off). */
  write(key: string, text: string): boolean;
  read(key: string): string | undefined;
  /** Forgets one key. */
  remove(key: string): void;
  /** Forgets both games. */
  clear(): void;
}

export function browserStore(): SaveStore {
  const storage = (() => {
    try {
      return globalThis.localStorage;
    } catch {
      return undefined; // storage turned off for this page
    }
  })();
  return {
    write(key, text) {
      try {
        storage?.setItem(key, text);
        return !!storage;
      } catch {
        return false;
      }
    },
    read(key) {
      try {
        return storage?.getItem(key) ?? undefined;
      } catch {
        return undefined;
      }
    },
    remove(key) {
      try {
        storage?.removeItem(key);
      } catch {
        /* nothing kept */
      }
    },
    clear() {
      for (const key of Object.values(SAVE_KEYS)) this.remove(key);
    },
  };
}

/** The game stored as the one on the table (the fishing game when none or another). */
export function savedGame(store: SaveStore): Game | undefined {
  const g = store.read(SAVE_KEYS.game);
  return g === "kolikoly" || g === "kayanak" ? g : undefined;
}
