/** K9-K11: catch attacks with the net. */
import { bindFormula } from "../dice/formula.ts";
import { sameSquare } from "../lake/geometry.ts";
import { attackHits, checkFormula } from "./checks.ts";
import type { AttackPlan, RoundContext } from "./context.ts";
import { ask, canAct, fisherIndex, idx, ownFisher, ownSwarm, setFlee } from "./context.ts";
import type { GameEvent } from "./types.ts";

/** K10: the fish a swarm of `fish` gives up when `left` of the damage is still to take. */
export function takenFrom(fish: number, left: number): number {
  return Math.min(fish, Math.max(0, left));
}

/** K10: damage becomes fish, taken from the square's swarms oldest first, never more than it holds. */
export function takeFish(fishBySwarm: readonly number[], damage: number): number[] {
  let left = Math.max(0, damage);
  return fishBySwarm.map((n) => {
    const t = takenFrom(n, left);
    left -= t;
    return t;
  });
}

/** Conflict groups resolve by initiative (K7); every other attack in fisher order. */
export function attackOrder(ctx: RoundContext): AttackPlan[] {
  const done = new Set<number>();
  const out: AttackPlan[] = [];
  for (const a of ctx.attacks) {
    const sq = idx(ctx, a.at);
    const order = ctx.conflictOrder?.get(sq);
    if (!order) out.push(a);
    else if (!done.has(sq)) {
      done.add(sq);
      for (const id of order) {
        const plan = ctx.attacks.find((p) => p.fisher === id);
        if (plan) out.push(plan);
      }
    }
  }
  return out;
}

export function resolveAttacks(ctx: RoundContext): void {
  if (ctx.attacks.length === 0) return;
  for (const plan of ctx.conflictOrder ? attackOrder(ctx) : ctx.attacks) catchAttack(ctx, plan);
}

type AttackEvent = Extract<GameEvent, { type: "attack" }>;

/**
 * An `attack` event as one whole literal (no spreads: this runs for every catch attack of every
 * simulated round). Key order is that of `emit`'s events (round, audience, then the body), so
 * serialised logs are unchanged; `total` and `natural` appear only when there is a roll.
 */
function attackEvent(
  round: number,
  plan: AttackPlan,
  result: AttackEvent["result"],
  hit = false,
  critical = false,
  total?: number,
  natural?: number,
): AttackEvent {
  const { fisher, at, source } = plan;
  if (total === undefined)
    return { round, audience: "all", type: "attack", fisher, at, source, hit, critical, result };
  if (natural === undefined)
    return {
      round,
      audience: "all",
      type: "attack",
      fisher,
      at,
      source,
      total,
      hit,
      critical,
      result,
    };
  // prettier-ignore
  return { round, audience: "all", type: "attack", fisher, at, source, total, natural, hit, critical, result };
}

function catchAttack(ctx: RoundContext, plan: AttackPlan): void {
  const fi = fisherIndex(ctx, plan.fisher);
  const f = ctx.g.fishers[fi]!;
  if (!canAct(f) || !sameSquare(f.at, plan.at) || f.netDropped) {
    // a hazard knocked the fisher out or away, or took the net (H4 disarm), before the attack
    if (ctx.log.attack) ctx.events.push(attackEvent(ctx.round, plan, "skipped"));
    return;
  }
  let there = 0;
  for (const s of ctx.g.swarms) if (sameSquare(s.at, plan.at)) there += s.fish;
  if (there === 0) {
    // K11: a catch in a square with no fish catches nothing, and nothing flees.
    if (ctx.log.attack) ctx.events.push(attackEvent(ctx.round, plan, "noFish"));
    return;
  }
  let total: number;
  let natural: number | undefined;
  if (plan.source === "catch") {
    const check = ctx.checks[fi]!; // K6: a Catch's check is its attack roll
    total = check.total;
    natural = check.natural;
  } else {
    const a = ask(ctx, "attack", f.id, checkFormula(f.mods.attack), "all", f.id);
    total = a.total;
    natural = a.natural;
  }
  const hit = attackHits(total, natural, ctx.g.settings.catchAC);
  const critical = hit && natural === 20;
  if (ctx.log.attack)
    ctx.events.push(
      attackEvent(ctx.round, plan, hit ? "hit" : "miss", hit, critical, total, natural),
    );
  // K11: hit or miss, every swarm still in the square flees at the end of the round.
  setFlee(ctx, idx(ctx, plan.at), "catch");
  if (!hit) return;
  const formula = bindFormula(
    f.netDamage ?? ctx.g.settings.netDamage,
    { mod: f.mods.damage },
    critical,
  );
  const damage = Math.max(0, ask(ctx, "damage", f.id, formula, "all", f.id).total);
  // K10: the square's swarms, oldest first (the order of `swarms`), give up the damage as fish
  let left = damage;
  let fish = 0;
  let emptied = false;
  const { round, events, log } = ctx;
  const list = ctx.g.swarms;
  for (let k = 0; k < list.length; k++) {
    if (!sameSquare(list[k]!.at, plan.at)) continue;
    const n = takenFrom(list[k]!.fish, left);
    if (n === 0) {
      if (list[k]!.fish === 0) emptied = true;
      continue;
    }
    left -= n;
    const s = ownSwarm(ctx, list[k]!);
    s.fish -= n;
    fish += n;
    if (s.fish === 0) emptied = true;
    // prettier-ignore
    if (log.swarmCaught) events.push({ round, audience: "all", type: "swarmCaught", swarm: s.id, at: s.at, fish: n, left: s.fish });
  }
  // K4: a swarm with 0 fish is removed.
  if (emptied) ctx.g.swarms = ctx.g.swarms.filter((s) => s.fish > 0);
  const own = ownFisher(ctx, f.id);
  own.caught += fish;
  // prettier-ignore
  if (log.caught) events.push({ round, audience: "all", type: "caught", fisher: f.id, at: plan.at, fish, damage, totalCaught: own.caught });
}
