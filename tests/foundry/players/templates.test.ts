/**
 * The players' templates rendered with the real handlebars package (the core fake's renderer:
 * the module's helpers and lang/en.json), then read as HTML by jsdom.
 */
import { JSDOM } from "jsdom";
import { describe, expect, test } from "vitest";
import { ROLL_CARD } from "../../../src/foundry/players/desk.ts";
import { renderTemplateFile } from "../fake/client.ts";

function card(closed: boolean) {
  const html = renderTemplateFile(ROLL_CARD, {
    title: "Mirror lake: checks for round 2",
    intro: "Roll your check.",
    closed,
    lake: "lake1",
    round: 2,
    rows: [
      {
        fisher: "f1",
        name: "Ana",
        status: "waiting",
        statusLabel: "Waiting for the roll",
        waiting: true,
        rollLabel: "Roll for Ana",
      },
      {
        fisher: "f2",
        name: "Bo <b>",
        status: "rolled",
        statusLabel: "Rolled",
        waiting: false,
        rollLabel: "Roll for Bo",
      },
    ],
  });
  return new JSDOM(html).window.document;
}

describe("templates/foundry/players/roll-card.hbs", () => {
  test("K6 one labelled button per fisher still to roll, an announced status per row, names escaped", () => {
    const doc = card(false);
    const rows = [...doc.querySelectorAll("li.kolikoly-rolls__row")];
    expect(rows.map((r) => r.getAttribute("data-fisher"))).toEqual(["f1", "f2"]);
    const buttons = [...doc.querySelectorAll("button[data-action=kolikoly-roll]")];
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.getAttribute("aria-label")).toBe("Roll for Ana");
    expect(buttons[0]!.getAttribute("data-round")).toBe("2");
    expect(rows.map((r) => r.querySelector('[role="status"]')!.textContent)).toEqual([
      "Waiting for the roll",
      "Rolled",
    ]);
    expect(
      doc.querySelector(".kolikoly-rolls__row--rolled .kolikoly-rolls__name")!.textContent,
    ).toBe("Bo <b>");
    expect(doc.querySelector("ul")!.getAttribute("aria-label")).toBe(
      "Mirror lake: checks for round 2",
    );
  });

  test("a resolved round's card has no buttons", () => {
    expect(card(true).querySelectorAll("button")).toHaveLength(0);
  });
});
