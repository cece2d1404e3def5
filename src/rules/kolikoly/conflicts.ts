/** K7: conflicts on the fish of one square, ordered by initiative. */
import type { Coord } from "../lake/geometry.ts";
import { coordOf } from "../lake/geometry.ts";
import { checkFormula } from "./checks.ts";
import type { AttackPlan, RoundContext } from "./context.ts";
import { fisherIndex, idx, request } from "./context.ts";

/**
 * The catch attacks this round (K9): Catch in the fisher's square, Track 17+ in its target,
 * Move 17+ in its destination unless the player declined. Known once checks are rolled.
 */
export function planAttacks(ctx: RoundContext): AttackPlan[] {
  const plans: AttackPlan[] = [];
  const fishers = ctx.g.fishers;
  for (let i = 0; i < fishers.length; i++) {
    const f = fishers[i]!;
    const decl = ctx.acting[i];
    const check = ctx.checks[i];
    if (!decl || !check) continue;
    if (f.netDropped) continue; // H4 disarm: no net, no catch attack
    if (decl.action === "catch") plans.push({ fisher: f.id, at: f.at, source: "catch" });
    else if (decl.action === "track" && check.band === "catch")
      plans.push({ fisher: f.id, at: decl.target, source: "track" });
    else if (decl.action === "move" && check.band === "swift" && decl.attack !== false)
      plans.push({ fisher: f.id, at: decl.to, source: "move" });
  }
  return plans;
}

/**
 * K7: two or more catch attacks on a square, two or more herds of it, or a herd and a catch
 * attack there, make a conflict group. Each member rolls initiative; the group resolves from
 * highest to lowest (ties: higher initiative modifier, then roll-offs until settled).
 */
export function resolveConflicts(ctx: RoundContext): void {
  for (const plan of planAttacks(ctx)) ctx.attacks.push(plan);
  const fishers = ctx.g.fishers;
  // every catch attack and every herd: its square, and the fisher's index
  const squares: number[] = [];
  const who: number[] = [];
  for (const a of ctx.attacks) {
    squares.push(idx(ctx, a.at));
    who.push(fisherIndex(ctx, a.fisher));
  }
  for (let i = 0; i < fishers.length; i++)
    if (ctx.acting[i]?.action === "herd") {
      squares.push(idx(ctx, fishers[i]!.at));
      who.push(i);
    }
  // no two of them on one square: no conflict, nothing to roll
  if (squares.length < 2) return;
  const groups: { square: number; members: number[] }[] = [];
  for (let k = 0; k < squares.length; k++) {
    const sq = squares[k]!;
    if (squares.indexOf(sq) !== k) continue; // each square once
    const members: number[] = [];
    for (let j = k; j < squares.length; j++) if (squares[j] === sq) members.push(who[j]!);
    // two catch attacks, two herds, or a herd and a catch attack: fisher order within the group
    if (members.length >= 2) groups.push({ square: sq, members: members.sort((a, b) => a - b) });
  }
  if (groups.length === 0) return;
  // groups in order of their first member
  groups.sort((a, b) => a.members[0]! - b.members[0]!);

  for (const group of groups) {
    const rolled: { id: string; total: number; mod: number; offs: number[] }[] = [];
    for (const i of group.members) {
      const id = fishers[i]!.id;
      const mod = fishers[i]!.mods.initiative;
      const a = ctx.roll(request("initiative", `initiative:${id}`, checkFormula(mod), "all", id));
      rolled.push({ id, total: a.total, mod, offs: [] });
    }
    const order = settleOrder(ctx, rolled);
    const { round, events } = ctx;
    for (const r of rolled)
      events.push(
        r.offs.length
          ? // prettier-ignore
            { round, audience: "all", type: "initiative", fisher: r.id, total: r.total, rollOffs: r.offs }
          : { round, audience: "all", type: "initiative", fisher: r.id, total: r.total },
      );
    const at: Coord = coordOf(ctx.g.lake, group.square);
    ctx.conflictOrder.set(group.square, order);
    events.push({ round, audience: "all", type: "conflict", at, order });
  }
}

const MAX_ROLL_OFFS = 20;

function settleOrder(
  ctx: RoundContext,
  rolled: { id: string; total: number; mod: number; offs: number[] }[],
): string[] {
  const cmp = (a: (typeof rolled)[number], b: (typeof rolled)[number]) => {
    if (b.total !== a.total) return b.total - a.total;
    if (b.mod !== a.mod) return b.mod - a.mod;
    for (let i = 0; i < Math.min(a.offs.length, b.offs.length); i++)
      if (b.offs[i] !== a.offs[i]) return b.offs[i]! - a.offs[i]!;
    return 0;
  };
  for (let round = 0; round < MAX_ROLL_OFFS; round++) {
    const sorted = [...rolled].sort(cmp);
    const tied = new Set<string>();
    for (let i = 1; i < sorted.length; i++)
      if (cmp(sorted[i - 1]!, sorted[i]!) === 0) tied.add(sorted[i - 1]!.id).add(sorted[i]!.id);
    if (tied.size === 0) return sorted.map((r) => r.id);
    for (const r of rolled)
      if (tied.has(r.id))
        r.offs.push(ctx.roll(request("initiative", `rolloff:${r.id}`, "1d20", "all", r.id)).total);
  }
  return [...rolled].sort(cmp).map((r) => r.id); // still tied after 20 roll-offs: fisher order (stable sort)
}
