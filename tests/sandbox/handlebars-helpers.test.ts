/** The shared Handlebars helpers on the real handlebars package (the Foundry module registers the same). */
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { coordLabel, registerKolikolyHelpers } from "../../src/ui/handlebars-helpers.ts";
import { L } from "./fixtures.ts";

describe("shared Handlebars helpers", () => {
  it("registers kolikoly-eq and kolikoly-coord, and localize only when asked (Foundry has its own)", () => {
    const bare = Handlebars.create();
    registerKolikolyHelpers(bare);
    expect(bare.helpers.localize).toBeUndefined();
    const t = bare.compile(
      '{{#if (kolikoly-eq mode "x")}}yes{{else}}no{{/if}} {{kolikoly-coord at}}',
    );
    expect(t({ mode: "x", at: [0, 2, 1] })).toBe("yes [0,2,1]");
    expect(t({ mode: "y", at: "nope" })).toBe("no ");
    expect(coordLabel([5, 5, 0])).toBe("[5,5,0]");
  });

  it("localize formats {placeholders} from the hash, as Foundry's helper does", () => {
    const hb = Handlebars.create();
    registerKolikolyHelpers(hb, { localize: L });
    const t = hb.compile('{{localize "KOLIKOLY.Declare.Title" name=who}} / {{localize key}}');
    expect(t({ who: "Ana <3", key: "KOLIKOLY.Declare.Catch" })).toBe("Ana &lt;3 declares / Catch");
  });
});
