/**
 * When the length estimate has played enough games (issue 22): a sequential stopping rule on the
 * quantiles it reports. After `n` of at most `n + m` games, it asks how far the answer of the full
 * run (all `n + m` games, the same first `n` among them, since a game's seed is its index) can
 * still be from the answer now, and stops once that is within a tolerance for every figure.
 *
 * Distribution-free: for games drawn independently from one distribution of lengths, the number
 * `J` of the `m` games still to come that fall below the `k`-th shortest of the `n` played follows
 * the negative hypergeometric law
 *   P(J = j) = C(k - 1 + j, j) C(n - k + m - j, m - j) / C(n + m, m),
 * whatever the distribution (the ranks of exchangeable draws). The full run's rank-`r` figure is
 * below the `a`-th played length when `a - 1 + J_a >= r`, and above the `b`-th when `b + J_b < r`;
 * the rule finds the tightest `[a, b]` whose two tails each hold at most `beta / 2`. Tied lengths
 * (rounds are whole numbers) only make the interval hold more often. Pure arithmetic: no clock.
 */

/** `logFactorial(n)`, by a table grown on demand (the estimate's runs are at most 1000 + 1000). */
const logFact: number[] = [0];
function logFactorial(n: number): number {
  for (let i = logFact.length; i <= n; i++) logFact.push(logFact[i - 1]! + Math.log(i));
  return logFact[n]!;
}

function logChoose(n: number, k: number): number {
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

/**
 * The law of `J_k` (see above): `out[j] = P(J = j)` for `j = 0..m`, `k` the 1-based rank among
 * the `n` lengths played.
 */
export function belowLaw(n: number, m: number, k: number): number[] {
  const total = logChoose(n + m, m);
  const out: number[] = [];
  for (let j = 0; j <= m; j++)
    out.push(Math.exp(logChoose(k - 1 + j, j) + logChoose(n - k + m - j, m - j) - total));
  return out;
}

/** `P(J_k >= from)`. */
function tailFrom(law: readonly number[], from: number): number {
  let p = 0;
  for (let j = Math.max(0, from); j < law.length; j++) p += law[j]!;
  return p;
}

/** `P(J_k <= upTo)`. */
function tailTo(law: readonly number[], upTo: number): number {
  let p = 0;
  for (let j = 0; j <= Math.min(upTo, law.length - 1); j++) p += law[j]!;
  return p;
}

/**
 * The ranks `[a, b]` among `n` sorted lengths played between which the full run's rank-`r`
 * figure (of `n + m` games) lies with probability at least `1 - beta`: `a = 0` means no lower
 * bound is that sure, `b = n + 1` no upper bound.
 */
export function fullRunRanks(
  n: number,
  m: number,
  r: number,
  beta: number,
): { a: number; b: number } {
  if (m === 0) return { a: r, b: r }; // the full run is this one
  // Both tails only grow as k moves toward r (J_k grows with k), so each walk stops at its
  // first miss.
  let a = 0;
  for (let k = 1; k <= n && tailFrom(belowLaw(n, m, k), r - k + 1) <= beta / 2; k++) a = k;
  let b = n + 1;
  for (let k = n; k >= 1 && tailTo(belowLaw(n, m, k), r - k - 1) <= beta / 2; k--) b = k;
  return { a, b };
}

/** The rank of a quantile by nearest rank: the smallest with at least `q` of `n` at or below it. */
export function nearestRank(n: number, q: number): number {
  return Math.min(n, Math.max(1, Math.ceil(q * n)));
}
