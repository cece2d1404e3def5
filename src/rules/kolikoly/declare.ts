/** K5: declarations, validated from untrusted input (a player, a socket, a file). */
import type { Coord, LakeSpec } from "../lake/geometry.ts";
import {
  ShapeCache,
  adjacent,
  indexOf,
  onBoard,
  squareCoords,
  squareCount,
} from "../lake/geometry.ts";
import type { RoundContext } from "./context.ts";
import { ownFisher } from "./context.ts";
import type { Declaration, FisherState, GameState, RoundInput, RuleError } from "./types.ts";

/** The square a Track, Move or Herd names (K12, K14, K16); a Catch names none. */
export function declarationTarget(d: Declaration): Coord | undefined {
  switch (d.action) {
    case "track":
      return d.target;
    case "move":
      return d.to;
    case "herd":
      return d.toward;
    case "catch":
      return undefined;
  }
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: RuleError };

const TARGET_FIELD = { track: "target", move: "to", herd: "toward" } as const;

export function fail(
  code: string,
  field: string,
  message: string,
): { ok: false; error: RuleError } {
  return { ok: false, error: { code, field, message } };
}

export function isCoord(v: unknown): v is Coord {
  return (
    Array.isArray(v) &&
    v.length === 3 &&
    Number.isInteger(v[0]) &&
    Number.isInteger(v[1]) &&
    Number.isInteger(v[2])
  );
}

export function showCoord(v: unknown): string {
  return JSON.stringify(v);
}

/** Why a fisher cannot declare this round, if they cannot (H4 lost actions, H5 conditions). */
export function cannotActReason(f: FisherState): string | undefined {
  if (f.condition !== "ok") return f.condition;
  if (f.lostActions > 0) return f.lostReason ?? "restrained";
  return undefined;
}

type Valid = { ok: true; value: Declaration };

const CATCH: Valid = { ok: true, value: { action: "catch" } };

/** Every valid declaration naming a square, as `parseDeclaration` hands it out, by square index. */
interface Declarations {
  readonly track: Valid[];
  readonly herd: Valid[];
  readonly move: Valid[];
  /** A Move whose player declined its attack (K9). */
  readonly moveQuiet: Valid[];
}

const declarationTables = new ShapeCache<Declarations>((lake) => {
  // each list as long as the lake from the start: filled one by one, they stay fast arrays
  const n = squareCount(lake);
  return { track: new Array(n), herd: new Array(n), move: new Array(n), moveQuiet: new Array(n) };
});

/**
 * The one result `parseDeclaration` hands out for a valid declaration of `action` on square `i`,
 * made the first time it is asked for, once per lake shape: every round of every simulated game
 * declares, and a declaration is data no one changes (a round's state keeps its square, the log
 * keeps it whole). Its square is the lake's own coordinate (`squareCoords`).
 */
function validDeclaration(
  lake: LakeSpec,
  action: "track" | "herd" | "move",
  i: number,
  attack: boolean,
): Valid {
  const table = declarationTables.get(lake);
  const list = action === "move" && !attack ? table.moveQuiet : table[action];
  let v = list[i];
  if (!v) {
    const at = squareCoords(lake)[i]!;
    const value: Declaration =
      action === "track"
        ? { action, target: at }
        : action === "herd"
          ? { action, toward: at }
          : attack
            ? { action, to: at }
            : { action, to: at, attack: false };
    list[i] = v = { ok: true, value };
  }
  return v;
}

export function parseDeclaration(
  state: GameState,
  fisherId: string,
  raw: unknown,
  field: string,
  fishers = state.fishers,
): Checked<Declaration> {
  let f: FisherState | undefined;
  for (const x of fishers)
    if (x.id === fisherId) {
      f = x;
      break;
    }
  if (!f) return fail("unknownFisher", field, `no fisher "${fisherId}" on this lake`);
  const why = cannotActReason(f);
  if (why) return fail("cannotAct", field, `${f.name} cannot act this round (${why})`);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return fail("badDeclaration", field, "must be an object with an action");
  const o = raw as Record<string, unknown>;
  const action = o.action;
  if (action !== "catch" && action !== "track" && action !== "move" && action !== "herd")
    return fail(
      "badAction",
      `${field}.action`,
      `must be one of catch, track, move, herd (got ${showCoord(action)})`,
    );
  if (action === "catch") return CATCH;
  // named reads (not o[key]): this runs for every declaration of every simulated round
  const target = action === "track" ? o.target : action === "move" ? o.to : o.toward;
  if (!isCoord(target))
    return fail(
      "badCoord",
      `${field}.${TARGET_FIELD[action]}`,
      `must be [x, y, level] whole numbers (got ${showCoord(target)})`,
    );
  if (!onBoard(state.lake, target))
    return fail(
      "offBoard",
      `${field}.${TARGET_FIELD[action]}`,
      `${showCoord(target)} is off the board`,
    );
  if (!adjacent(state.lake, f.at, target))
    return fail(
      "notAdjacent",
      `${field}.${TARGET_FIELD[action]}`,
      `${showCoord(target)} is not adjacent to ${showCoord(f.at)}`,
    );
  const i = indexOf(state.lake, target);
  if (action === "move") {
    if (o.attack !== undefined && typeof o.attack !== "boolean")
      return fail("badField", `${field}.attack`, "must be true or false");
    return validDeclaration(state.lake, action, i, o.attack !== false);
  }
  if (o.attack !== undefined)
    return fail("badField", `${field}.attack`, "only a move may decline its attack");
  return validDeclaration(state.lake, action, i, true);
}

/** H5: whether the GM may revive a fisher before a round (unconscious or dying, not dead). */
export function canRevive(f: Pick<FisherState, "condition">): boolean {
  return f.condition === "unconscious" || f.condition === "dying";
}

/**
 * H5, K5: the revivals a round starts with, checked, and the fishers as the round's declarations
 * meet them. The engine revives first (`declare` below), so a fisher the GM revives may declare in
 * that same round: every check made before the round resolves (a window, an early refusal)
 * reads the fishers from here, never from the state before the round.
 */
export function reviveFirst(
  state: GameState,
  raw: unknown,
): Checked<{ revive: string[]; fishers: FisherState[] }> {
  const revive: string[] = [];
  let fishers = state.fishers;
  if (raw === undefined) return { ok: true, value: { revive, fishers } };
  if (!Array.isArray(raw)) return fail("badField", "revive", "must be a list of fisher ids");
  for (const [i, id] of raw.entries()) {
    const f = state.fishers.find((x) => x.id === id);
    if (!f) return fail("unknownFisher", `revive[${i}]`, `no fisher ${showCoord(id)} on this lake`);
    if (!canRevive(f))
      return fail(
        "cannotRevive",
        `revive[${i}]`,
        `${f.name} is ${f.condition}, not unconscious or dying`,
      );
    if (!revive.includes(f.id)) revive.push(f.id);
  }
  if (revive.length)
    fishers = fishers.map((f) => (revive.includes(f.id) ? { ...f, condition: "ok" } : f));
  return { ok: true, value: { revive, fishers } };
}

/** The whole round's input, checked against the state before anything is rolled. */
export function validateRoundInput(state: GameState, raw: unknown): Checked<RoundInput> {
  if (state.over) return fail("gameOver", "", "the game is over");
  if (typeof raw !== "object" || raw === null)
    return fail("badRound", "", "must be an object with actions");
  const o = raw as Record<string, unknown>;
  // H5 before K5: the revived act in the round that revives them
  const first = reviveFirst(state, o.revive);
  if (!first.ok) return first;
  const { revive, fishers } = first.value;
  const actions = o.actions ?? {};
  if (typeof actions !== "object" || actions === null || Array.isArray(actions))
    return fail("badField", "actions", "must be an object keyed by fisher id");
  const out: Record<string, Declaration> = {};
  for (const id of Object.keys(actions)) {
    const d = (actions as Record<string, unknown>)[id];
    // the field's name is written only for an error (the check is pure: asked again, same answer)
    const r = parseDeclaration(state, id, d, "", fishers);
    if (!r.ok) return parseDeclaration(state, id, d, `actions.${id}`, fishers) as typeof r;
    out[id] = r.value;
  }
  return { ok: true, value: revive.length ? { actions: out, revive } : { actions: out } };
}

/** K5 at resolution: declarations become public; a fisher with none takes no action (said in chat). */
export function declare(ctx: RoundContext): void {
  const { round, events, log } = ctx;
  for (const id of ctx.input.revive ?? []) {
    // H5: the GM revives an unconscious or dying fisher before the round
    const f = ownFisher(ctx, id);
    f.condition = "ok";
    f.hp = Math.max(1, f.hp);
    if (log.revived) events.push({ round, audience: "all", type: "revived", fisher: id });
  }
  const { actions } = ctx.input;
  const fishers = ctx.g.fishers;
  for (let i = 0; i < fishers.length; i++) {
    const f = fishers[i]!;
    const decl = Object.hasOwn(actions, f.id) ? actions[f.id] : undefined;
    if (decl?.action === "catch" && f.netDropped) {
      // H4 disarm: without a net, a Catch is the round spent recovering it.
      // prettier-ignore
      if (log.declared) events.push({ round, audience: "all", type: "declared", fisher: f.id, declaration: decl });
      // prettier-ignore
      if (log.noAction) events.push({ round, audience: "all", type: "noAction", fisher: f.id, reason: "disarmed" });
      delete ownFisher(ctx, f.id).netDropped;
    } else if (decl) {
      ctx.acting[i] = decl;
      // prettier-ignore
      if (log.declared) events.push({ round, audience: "all", type: "declared", fisher: f.id, declaration: decl });
    } else if (f.condition !== "ok") {
      // prettier-ignore
      if (log.noAction) events.push({ round, audience: "all", type: "noAction", fisher: f.id, reason: f.condition });
    } else if (f.lostActions > 0) {
      // H4 restrain, seize: the action lost this round
      const reason = f.lostReason ?? "restrained";
      if (log.noAction)
        events.push({ round, audience: "all", type: "noAction", fisher: f.id, reason });
      const o = ownFisher(ctx, f.id);
      o.lostActions -= 1;
      if (o.lostActions === 0) delete o.lostReason;
    } else if (log.noAction)
      events.push({ round, audience: "all", type: "noAction", fisher: f.id, reason: "undeclared" });
  }
}
