/** The balance charts' mark labels: the mean's label never runs into the 90% line (issue 12). */
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { barChartSvg, labelWidth, markLabelPlace } from "../../src/sandbox/charts.ts";

describe("balance chart marks", () => {
  it("a mark's label goes beside its own line, on the side no other line crosses", () => {
    // The default lake: mean 256.39 and 90% at 307 on a 150-470 axis.
    const bins = Array.from({ length: 16 }, (_, i) => ({
      from: 150 + i * 20,
      to: 170 + i * 20,
      count: 1 + (i % 5),
    }));
    const svg = barChartSvg(bins, {
      id: "c",
      title: "Rounds",
      xLabel: "rounds",
      yLabel: "games",
      marks: [
        { value: 256.39, label: "mean 256.39" },
        { value: 307, label: "90% 307" },
      ],
    });
    const doc = new JSDOM(`<body>${svg}</body>`).window.document;
    const lines = [...doc.querySelectorAll("line[stroke-dasharray]")].map((l) =>
      Number(l.getAttribute("x1")),
    );
    const labels = [...doc.querySelectorAll(".ks-chart__mark")];
    expect(labels.length).toBe(2);
    for (const [i, t] of labels.entries()) {
      const x = Number(t.getAttribute("x"));
      const w = labelWidth(t.textContent!);
      const [from, to] = t.getAttribute("text-anchor") === "end" ? [x - w, x] : [x, x + w];
      for (const [j, lx] of lines.entries())
        if (j !== i) expect(lx < from || lx > to, `${t.textContent} over ${lx}`).toBe(true);
      // Inside the chart, each label on a row of its own.
      expect(from).toBeGreaterThanOrEqual(0);
      expect(to).toBeLessThanOrEqual(420);
    }
    expect(labels[0]!.getAttribute("y")).not.toBe(labels[1]!.getAttribute("y"));
  });

  it("falls back to the roomier side when both sides are crossed", () => {
    const p = markLabelPlace(100, "mean 256.39", [60, 100, 140], 44, 408);
    expect(["start", "end"]).toContain(p.anchor);
    expect(p.from).toBeGreaterThanOrEqual(0);
    const alone = markLabelPlace(100, "mean 9", [100], 44, 408);
    expect(alone).toMatchObject({ anchor: "start", x: 104 });
    const nearRight = markLabelPlace(400, "mean 9", [400], 44, 408);
    expect(nearRight.anchor).toBe("end");
  });
});
