/** K7: conflicts on the fish of one square, ordered by initiative. */
import type { RollProgram } from "../dice/requests.ts";
import type { Coord } from "../lake/geometry.ts";
import { coordOf } from "../lake/geometry.ts";
import { checkFormula } from "./checks.ts";
import type { AttackPlan, RoundContext } from "./context.ts";
import { emit, fisher, idx, request } from "./context.ts";

/**
 * The catch attacks this round (K9): Catch in the fisher's square, Track 17+ in its target,
 * Move 17+ in its destination unless the player declined. Known once checks are rolled.
 */
export function planAttacks(ctx: RoundContext): AttackPlan[] {
  const plans: AttackPlan[] = [];
  for (const f of ctx.g.fishers) {
    const decl = ctx.acting.get(f.id);
    const check = ctx.checks.get(f.id);
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
export function* resolveConflicts(ctx: RoundContext): RollProgram<void> {
  ctx.attacks.push(...planAttacks(ctx));
  const catches = new Map<number, string[]>();
  const herds = new Map<number, string[]>();
  for (const a of ctx.attacks) push(catches, idx(ctx, a.at), a.fisher);
  for (const f of ctx.g.fishers)
    if (ctx.acting.get(f.id)?.action === "herd") push(herds, idx(ctx, f.at), f.id);

  const squares = new Set([...catches.keys(), ...herds.keys()]);
  const groups: { square: number; members: string[] }[] = [];
  for (const sq of squares) {
    const c = catches.get(sq)?.length ?? 0;
    const h = herds.get(sq)?.length ?? 0;
    if (c >= 2 || h >= 2 || (c >= 1 && h >= 1)) {
      const members = new Set([...(catches.get(sq) ?? []), ...(herds.get(sq) ?? [])]);
      // fisher order within the group, groups in order of their first member
      groups.push({
        square: sq,
        members: ctx.g.fishers.map((f) => f.id).filter((id) => members.has(id)),
      });
    }
  }
  const orderOf = (id: string) => ctx.g.fishers.findIndex((f) => f.id === id);
  groups.sort((a, b) => orderOf(a.members[0]!) - orderOf(b.members[0]!));

  for (const group of groups) {
    const rolled: { id: string; total: number; mod: number; offs: number[] }[] = [];
    for (const id of group.members) {
      const mod = fisher(ctx, id).mods.initiative;
      const a = yield request("initiative", `initiative:${id}`, checkFormula(mod), "all", id);
      rolled.push({ id, total: a.total, mod, offs: [] });
    }
    const order = yield* settleOrder(rolled);
    for (const r of rolled)
      emit(
        ctx,
        "all",
        r.offs.length
          ? { type: "initiative", fisher: r.id, total: r.total, rollOffs: r.offs }
          : { type: "initiative", fisher: r.id, total: r.total },
      );
    const at: Coord = coordOf(ctx.g.lake, group.square);
    ctx.conflictOrder.set(group.square, order);
    emit(ctx, "all", { type: "conflict", at, order });
  }
}

const MAX_ROLL_OFFS = 20;

function* settleOrder(
  rolled: { id: string; total: number; mod: number; offs: number[] }[],
): RollProgram<string[]> {
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
        r.offs.push((yield request("initiative", `rolloff:${r.id}`, "1d20", "all", r.id)).total);
  }
  return [...rolled].sort(cmp).map((r) => r.id); // still tied after 20 roll-offs: fisher order (stable sort)
}

function push(m: Map<number, string[]>, k: number, v: string): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}
