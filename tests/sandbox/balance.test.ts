/** The balance panel's run, charts and helpers. */
import { describe, expect, it } from "vitest";
import { checkSimOptions, simulateGames, summarize } from "../../src/rules/sim/index.ts";
import { SHOWN_STATS, resultHtml, statAt } from "../../src/sandbox/balance.ts";
import { runBalance } from "../../src/sandbox/balance-run.ts";
import { barChartSvg, binHistogram, binValues } from "../../src/sandbox/charts.ts";
import { format, lookup, makeLocalize } from "../../src/ui/handlebars-helpers.ts";
import { escapeXml } from "../../src/ui/lake-svg.ts";
import { L, readRepo } from "./fixtures.ts";

describe("balance panel", () => {
  const o = checkSimOptions({
    fishers: 2,
    lake: { width: 3, height: 3, levels: 2, verticalAdjacency: true },
    games: 15,
    seed: 11,
  });
  if (!o.ok) throw new Error(o.error.message);

  it("a run's summary is the simulator's (`simulate --json`) for the same options", () => {
    const progress: number[] = [];
    const r = runBalance(o.value, (done) => progress.push(done))!;
    expect(r.summary).toEqual(summarize(simulateGames(o.value)));
    expect(progress.at(-1)).toBe(15);
    expect(r.rounds.reduce((a, b) => a + b, 0)).toBe(15);
    // Each game's catch per fisher averages to the summary's mean.
    const mean = r.catchPerFisher.reduce((a, b) => a + b, 0) / r.catchPerFisher.length;
    expect(mean).toBeCloseTo(r.summary.caughtPerFisher.mean, 9);
    const html = resultHtml(r, L);
    for (const [path] of SHOWN_STATS)
      expect(html).toContain(`data-stat="${path}" data-value="${statAt(r.summary, path)}"`);
    expect(html).not.toContain("KOLIKOLY.");
  });

  it.each([
    ["en", "One game was stopped after round 1.", "3 games were stopped after round 1."],
    ["fr", "Une partie arrêtée après le tour 1.", "3 parties arrêtées après le tour 1."],
    [
      "de",
      "Ein Spiel wurde nach Runde 1 abgebrochen.",
      "3 Spiele wurden nach Runde 1 abgebrochen.",
    ],
  ] as const)("%s: the games stopped at the round cap are counted in words", (l, one, three) => {
    const lang = makeLocalize({
      KOLIKOLY: {
        ...JSON.parse(readRepo(`lang/${l}.json`)).KOLIKOLY,
        ...JSON.parse(readRepo(`lang/sandbox/${l}.json`)).KOLIKOLY,
      },
    });
    const capped = (games: number) => {
      const c = checkSimOptions({ ...o.value, games, maxRounds: 1 });
      if (!c.ok) throw new Error(c.error.message);
      return resultHtml(runBalance(c.value)!, lang);
    };
    expect(capped(1)).toContain(escapeXml(one));
    expect(capped(3)).toContain(escapeXml(three));
  });

  it("stops when asked", () => {
    let n = 0;
    expect(runBalance(o.value, undefined, () => ++n > 3)).toBeUndefined();
  });

  it("bins keep every count", () => {
    const hist = [0, 0, 3, 0, 5, 1, 0, 0, 0, 2];
    const bins = binHistogram(hist, 3);
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(11);
    expect(bins[0]!.from).toBeLessThanOrEqual(2);
    expect(binHistogram([0, 0])).toEqual([]);
    const vs = binValues([1.5, 2.25, 2.75, 40]);
    expect(vs.reduce((n, b) => n + b.count, 0)).toBe(4);
    const svg = barChartSvg(vs, { id: "c", title: "T <x>", xLabel: "x", yLabel: "y" });
    expect(svg).toContain("T &lt;x&gt;");
    expect(svg.match(/ks-chart__bar/g)!.length).toBe(vs.length);
  });

  it("localize looks dotted keys up and fills {placeholders} as Foundry's format does", () => {
    expect(lookup({ A: { B: "x" } }, "A.B")).toBe("x");
    expect(lookup({ A: { B: "x" } }, "A.C")).toBeUndefined();
    expect(format("{a} and {b} {c}", { a: 1, b: "two" })).toBe("1 and two {c}");
    expect(makeLocalize({})("KOLIKOLY.Missing")).toBe("KOLIKOLY.Missing");
  });
});
