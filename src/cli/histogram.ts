/** The simulators' histogram of game lengths as text, shared by both games' `simulate`. */

/** At most `buckets` rows of equal width between the shortest and longest game, bars of `#`. */
export function histogramText(hist: readonly number[], buckets = 20, barWidth = 50): string[] {
  let lo = hist.findIndex((n) => n > 0);
  if (lo < 0) return [];
  let hi = hist.length - 1;
  while (hist[hi] === 0) hi--;
  const width = Math.max(1, Math.ceil((hi - lo + 1) / buckets));
  lo -= lo % width;
  const rows: { from: number; to: number; n: number }[] = [];
  for (let from = lo; from <= hi; from += width) {
    let n = 0;
    for (let r = from; r < from + width && r < hist.length; r++) n += hist[r]!;
    rows.push({ from, to: Math.min(from + width - 1, hist.length - 1), n });
  }
  const most = Math.max(...rows.map((r) => r.n));
  const label = (r: { from: number; to: number }) =>
    width === 1 ? `${r.from}` : `${r.from}-${r.to}`;
  const pad = Math.max(...rows.map((r) => label(r).length));
  return rows.map(
    (r) =>
      `  ${label(r).padStart(pad)} | ${"#".repeat(Math.round((barWidth * r.n) / most)).padEnd(barWidth)} ${r.n}`,
  );
}
