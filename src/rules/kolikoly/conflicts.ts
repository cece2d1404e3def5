/** K7: conflicts on the fish of one square, ordered by initiative. */
import type { Coord } from "../lake/geometry.ts";
import { coordOf } from "../lake/geometry.ts";
import { checkFormula } from "./checks.ts";
import type { RoundContext } from "./context.ts";
import { SquareMap, ask, fisherIndex, idx } from "./context.ts";

/**
 * The catch attacks this round (K9): Catch in the fisher's square, Track 17+ in its target,
 * Move 17+ in its destination unless the player declined. Known once checks are rolled; added
 * to the round's `attacks`.
 */
function planAttacks(ctx: RoundContext): void {
  const plans = ctx.attacks;
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
}

/**
 * Every catch attack's and herd's square and fisher index, this round (`resolveConflicts`): kept
 * from round to round, so that a round without a conflict makes no list.
 */
const squares: number[] = [];
const who: number[] = [];

/**
 * Sorts a short list in place, stably (a group has a few members, a round a few groups):
 * `Array.prototype.sort` costs more to set up than these lists take to sort.
 */
function sortShort<T>(list: T[], cmp: (a: T, b: T) => number): T[] {
  for (let i = 1; i < list.length; i++) {
    const x = list[i]!;
    let j = i - 1;
    for (; j >= 0 && cmp(list[j]!, x) > 0; j--) list[j + 1] = list[j]!;
    list[j + 1] = x;
  }
  return list;
}

/**
 * K7: two or more catch attacks on a square, two or more herds of it, or a herd and a catch
 * attack there, make a conflict group. Each member rolls initiative; the group resolves from
 * highest to lowest (ties: higher initiative modifier, then roll-offs until settled).
 */
export function resolveConflicts(ctx: RoundContext): void {
  planAttacks(ctx);
  const fishers = ctx.g.fishers;
  // the first n entries of the scratch lists are this round's (written over, never shortened)
  let n = 0;
  for (const a of ctx.attacks) {
    squares[n] = idx(ctx, a.at);
    who[n++] = fisherIndex(ctx, a.fisher);
  }
  for (let i = 0; i < fishers.length; i++)
    if (ctx.acting[i]?.action === "herd") {
      squares[n] = idx(ctx, fishers[i]!.at);
      who[n++] = i;
    }
  // no two of them on one square: no conflict, nothing to roll
  let shared = false;
  for (let k = 1; k < n && !shared; k++)
    for (let j = 0; j < k && !shared; j++) shared = squares[j] === squares[k];
  if (!shared) return;
  const groups: { square: number; members: number[] }[] = [];
  for (let k = 0; k < n; k++) {
    const sq = squares[k]!;
    if (squares.indexOf(sq) !== k) continue; // each square once
    const members: number[] = [];
    for (let j = k; j < n; j++) if (squares[j] === sq) members.push(who[j]!);
    // two catch attacks, two herds, or a herd and a catch attack: fisher order within the group
    if (members.length >= 2) groups.push({ square: sq, members: sortShort(members, byNumber) });
  }
  if (groups.length === 0) return;
  // groups in order of their first member
  sortShort(groups, byFirstMember);

  for (const group of groups) {
    const rolled: Rolled[] = [];
    for (const i of group.members) {
      const id = fishers[i]!.id;
      const mod = fishers[i]!.mods.initiative;
      const a = ask(ctx, "initiative", id, checkFormula(mod), "all", id);
      rolled.push({ id, total: a.total, mod, offs: [] });
    }
    const order = settleOrder(ctx, rolled);
    const { round, events, log } = ctx;
    if (log.initiative)
      for (const r of rolled)
        events.push(
          r.offs.length
            ? // prettier-ignore
              { round, audience: "all", type: "initiative", fisher: r.id, total: r.total, rollOffs: r.offs }
            : { round, audience: "all", type: "initiative", fisher: r.id, total: r.total },
        );
    (ctx.conflictOrder ??= new SquareMap()).set(group.square, order);
    if (log.conflict) {
      const at: Coord = coordOf(ctx.g.lake, group.square);
      events.push({ round, audience: "all", type: "conflict", at, order });
    }
  }
}

const byNumber = (a: number, b: number): number => a - b;
const byFirstMember = (a: { members: number[] }, b: { members: number[] }): number =>
  a.members[0]! - b.members[0]!;

const MAX_ROLL_OFFS = 20;

interface Rolled {
  readonly id: string;
  readonly total: number;
  readonly mod: number;
  readonly offs: number[];
}

/** K7: higher initiative first, then the higher modifier, then the roll-offs in turn. */
function compareRolled(a: Rolled, b: Rolled): number {
  if (b.total !== a.total) return b.total - a.total;
  if (b.mod !== a.mod) return b.mod - a.mod;
  for (let i = 0; i < Math.min(a.offs.length, b.offs.length); i++)
    if (b.offs[i] !== a.offs[i]) return b.offs[i]! - a.offs[i]!;
  return 0;
}

/** Who in `rolled` stands level with another member (and must roll off), in `rolled`'s order. */
function tiedOf(rolled: readonly Rolled[]): boolean[] | undefined {
  let tied: boolean[] | undefined;
  for (let i = 0; i < rolled.length; i++)
    for (let j = 0; j < rolled.length; j++)
      if (i !== j && compareRolled(rolled[i]!, rolled[j]!) === 0) {
        (tied ??= new Array<boolean>(rolled.length).fill(false))[i] = true;
        break;
      }
  return tied;
}

function settleOrder(ctx: RoundContext, rolled: Rolled[]): string[] {
  for (let round = 0; round < MAX_ROLL_OFFS; round++) {
    const tied = tiedOf(rolled);
    if (!tied) break;
    // every tied member rolls off, in fisher order
    for (let i = 0; i < rolled.length; i++)
      if (tied[i]) {
        const r = rolled[i]!;
        r.offs.push(ask(ctx, "initiative", r.id, "1d20", "all", r.id, "rolloff").total);
      }
  }
  // settled, or still tied after 20 roll-offs: those still level keep fisher order (stable sort)
  const sorted = sortShort(rolled.slice(), compareRolled);
  const order: string[] = [];
  for (const r of sorted) order.push(r.id);
  return order;
}
