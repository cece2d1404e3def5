/** K5: declarations, validated from untrusted input (a player, a socket, a file). */
import type { Coord } from "../lake/geometry.ts";
import { adjacent, onBoard } from "../lake/geometry.ts";
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
  if (action === "catch") return { ok: true, value: { action } };
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
  const t: Coord = [target[0], target[1], target[2]];
  if (action === "move") {
    if (o.attack !== undefined && typeof o.attack !== "boolean")
      return fail("badField", `${field}.attack`, "must be true or false");
    return {
      ok: true,
      value: o.attack === false ? { action, to: t, attack: false } : { action, to: t },
    };
  }
  if (o.attack !== undefined)
    return fail("badField", `${field}.attack`, "only a move may decline its attack");
  return {
    ok: true,
    value: action === "track" ? { action: "track", target: t } : { action: "herd", toward: t },
  };
}

/** The whole round's input, checked against the state before anything is rolled. */
export function validateRoundInput(state: GameState, raw: unknown): Checked<RoundInput> {
  if (state.over) return fail("gameOver", "", "the game is over");
  if (typeof raw !== "object" || raw === null)
    return fail("badRound", "", "must be an object with actions");
  const o = raw as Record<string, unknown>;
  const revive: string[] = [];
  let fishers = state.fishers;
  if (o.revive !== undefined) {
    if (!Array.isArray(o.revive)) return fail("badField", "revive", "must be a list of fisher ids");
    for (const [i, id] of o.revive.entries()) {
      const f = state.fishers.find((x) => x.id === id);
      if (!f)
        return fail("unknownFisher", `revive[${i}]`, `no fisher ${showCoord(id)} on this lake`);
      if (f.condition !== "unconscious" && f.condition !== "dying")
        return fail(
          "cannotRevive",
          `revive[${i}]`,
          `${f.name} is ${f.condition}, not unconscious or dying`,
        );
      if (!revive.includes(f.id)) revive.push(f.id);
    }
    fishers = fishers.map((f) => (revive.includes(f.id) ? { ...f, condition: "ok" } : f));
  }
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
  const { round, events } = ctx;
  for (const id of ctx.input.revive ?? []) {
    // H5: the GM revives an unconscious or dying fisher before the round
    const f = ownFisher(ctx, id);
    f.condition = "ok";
    f.hp = Math.max(1, f.hp);
    events.push({ round, audience: "all", type: "revived", fisher: id });
  }
  const { actions } = ctx.input;
  const fishers = ctx.g.fishers;
  for (let i = 0; i < fishers.length; i++) {
    const f = fishers[i]!;
    const decl = Object.hasOwn(actions, f.id) ? actions[f.id] : undefined;
    if (decl?.action === "catch" && f.netDropped) {
      // H4 disarm: without a net, a Catch is the round spent recovering it.
      events.push({ round, audience: "all", type: "declared", fisher: f.id, declaration: decl });
      events.push({ round, audience: "all", type: "noAction", fisher: f.id, reason: "disarmed" });
      delete ownFisher(ctx, f.id).netDropped;
    } else if (decl) {
      ctx.acting[i] = decl;
      events.push({ round, audience: "all", type: "declared", fisher: f.id, declaration: decl });
    } else if (f.condition !== "ok") {
      events.push({ round, audience: "all", type: "noAction", fisher: f.id, reason: f.condition });
    } else if (f.lostActions > 0) {
      // H4 restrain, seize: the action lost this round
      const reason = f.lostReason ?? "restrained";
      events.push({ round, audience: "all", type: "noAction", fisher: f.id, reason });
      const o = ownFisher(ctx, f.id);
      o.lostActions -= 1;
      if (o.lostActions === 0) delete o.lostReason;
    } else
      events.push({ round, audience: "all", type: "noAction", fisher: f.id, reason: "undeclared" });
  }
}
