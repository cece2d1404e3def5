/** Small SVG bar charts for the balance panel (strings, no DOM). */
import { escapeXml } from "../ui/lake-svg.ts";

export interface Bin {
  /** Inclusive lower and exclusive upper edge (upper = lower + 1 for whole-number bins). */
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

/** Bins a histogram over whole values (`hist[v]` = count of v) into at most `maxBins` equal bins from its first to last non-zero value. */
export function binHistogram(hist: readonly number[], maxBins = 24): Bin[] {
  let lo = hist.findIndex((c) => c > 0);
  if (lo < 0) return [];
  let hi = hist.length - 1;
  while (hi > lo && !hist[hi]) hi--;
  const span = hi - lo + 1;
  const width = Math.max(1, Math.ceil(span / maxBins));
  lo = Math.floor(lo / width) * width;
  const bins: Bin[] = [];
  for (let from = lo; from <= hi; from += width) {
    let count = 0;
    for (let v = from; v < from + width && v <= hi; v++) count += hist[v] ?? 0;
    bins.push({ from, to: from + width, count });
  }
  return bins;
}

/** Bins real values into at most `maxBins` equal bins of whole-number width. */
export function binValues(values: readonly number[], maxBins = 24): Bin[] {
  if (values.length === 0) return [];
  const hist: number[] = [];
  for (const v of values) {
    const k = Math.floor(v);
    hist[k] = (hist[k] ?? 0) + 1;
  }
  for (let i = 0; i < hist.length; i++) hist[i] ??= 0;
  return binHistogram(hist, maxBins);
}

export interface ChartOptions {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  /** Marked with a vertical line, labelled. */
  readonly marks?: readonly { readonly value: number; readonly label: string }[];
  readonly id: string;
}

/** A mark label's font size in chart units (.ks-chart__mark in styles/sandbox.css) and its row. */
export const MARK_FONT = 14;
const MARK_ROW = 17;
/** Where the marks' labels go: their own rows between the title and the plot, never on a bar. */
const LABELS_TOP = 28;

const W = 420;
const H = 250;
const M = { l: 44, r: 12, t: LABELS_TOP + 2 * MARK_ROW, b: 40 };

/** A generous estimate of a label's width in chart units (digits and lower case at MARK_FONT). */
export function labelWidth(label: string): number {
  return label.length * MARK_FONT * 0.62;
}

/**
 * Where a mark's label goes: beside its own line, on the right unless another mark's line (or
 * the plot's edge) is in the way, then on the left; so the mean's label never runs into the
 * 90% line. Each label also has a row of its own.
 */
export function markLabelPlace(
  x: number,
  label: string,
  lines: readonly number[],
  left: number,
  right: number,
): { x: number; anchor: "start" | "end"; from: number; to: number } {
  const w = labelWidth(label);
  const clear = (from: number, to: number) =>
    from >= left &&
    to <= right &&
    lines.every((lx) => Math.abs(lx - x) < 0.5 || lx < from - 3 || lx > to + 3);
  const r = { x: x + 4, anchor: "start" as const, from: x + 4, to: x + 4 + w };
  const l = { x: x - 4, anchor: "end" as const, from: x - 4 - w, to: x - 4 };
  if (clear(r.from, r.to)) return r;
  if (clear(l.from, l.to)) return l;
  // Neither side is clear: the side with more room, kept inside the chart.
  return x - left > right - x ? l : r;
}

export function barChartSvg(bins: readonly Bin[], o: ChartOptions): string {
  const iw = W - M.l - M.r;
  const ih = H - M.t - M.b;
  const max = Math.max(1, ...bins.map((b) => b.count));
  const x0 = bins[0]?.from ?? 0;
  const x1 = bins[bins.length - 1]?.to ?? 1;
  const sx = (v: number) => M.l + ((v - x0) / Math.max(1, x1 - x0)) * iw;
  const sy = (c: number) => M.t + ih - (c / max) * ih;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="ks-chart" id="${o.id}" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${o.id}-title ${o.id}-desc">`,
    `<title id="${o.id}-title">${escapeXml(o.title)}</title>`,
    `<desc id="${o.id}-desc">${escapeXml(bins.map((b) => `${b.to - b.from === 1 ? b.from : `${b.from}-${b.to - 1}`}: ${b.count}`).join("; "))}</desc>`,
    `<text x="${M.l}" y="16" class="ks-chart__title">${escapeXml(o.title)}</text>`,
    `<line x1="${M.l}" y1="${M.t + ih}" x2="${M.l + iw}" y2="${M.t + ih}" stroke="#333"/>`,
    `<line x1="${M.l}" y1="${M.t}" x2="${M.l}" y2="${M.t + ih}" stroke="#333"/>`,
  ];
  for (const b of bins) {
    const x = sx(b.from);
    const w = Math.max(1, sx(b.to) - x - 1);
    out.push(
      `<rect class="ks-chart__bar" x="${x.toFixed(1)}" y="${sy(b.count).toFixed(1)}" width="${w.toFixed(1)}" height="${(M.t + ih - sy(b.count)).toFixed(1)}" fill="#0072B2" data-from="${b.from}" data-count="${b.count}"><title>${b.to - b.from === 1 ? b.from : `${b.from}–${b.to - 1}`}: ${b.count}</title></rect>`,
    );
  }
  // Axis ticks: the ends and the middle of each axis.
  for (const v of [x0, Math.round((x0 + x1) / 2), x1])
    out.push(
      `<text x="${sx(v).toFixed(1)}" y="${M.t + ih + 14}" text-anchor="middle" class="ks-chart__tick">${v}</text>`,
    );
  for (const c of [0, Math.round(max / 2), max])
    out.push(
      `<text x="${M.l - 5}" y="${(sy(c) + 4).toFixed(1)}" text-anchor="end" class="ks-chart__tick">${c}</text>`,
    );
  const marks = o.marks ?? [];
  const xs = marks.map((m) => sx(m.value));
  for (const [i, m] of marks.entries()) {
    const x = xs[i]!;
    const place = markLabelPlace(x, m.label, xs, M.l, M.l + iw);
    out.push(
      `<line x1="${x.toFixed(1)}" y1="${LABELS_TOP + i * MARK_ROW}" x2="${x.toFixed(1)}" y2="${M.t + ih}" stroke="${i === 0 ? "#D55E00" : "#000"}" stroke-width="2" stroke-dasharray="${i === 0 ? "none" : "4 3"}"/>`,
      `<text x="${place.x.toFixed(1)}" y="${LABELS_TOP + 12 + i * MARK_ROW}" text-anchor="${place.anchor}" class="ks-chart__mark">${escapeXml(m.label)}</text>`,
    );
  }
  out.push(
    `<text x="${M.l + iw / 2}" y="${H - 6}" text-anchor="middle" class="ks-chart__axis">${escapeXml(o.xLabel)}</text>`,
    `<text x="12" y="${M.t + ih / 2}" text-anchor="middle" transform="rotate(-90 12 ${M.t + ih / 2})" class="ks-chart__axis">${escapeXml(o.yLabel)}</text>`,
    `</svg>`,
  );
  return out.join("");
}
