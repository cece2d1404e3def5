/** templates/declare-action.hbs rendered with the real handlebars package (issue 3/4/5: shared with Foundry). */
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { pendingCannotAct, viewFor } from "../../src/rules/index.ts";
import { startSession } from "../../src/rules/index.ts";
import { setupFor } from "../../src/sandbox/table.ts";
import { declarationOf, declareContext, draftFromFields } from "../../src/ui/declare-view.ts";
import { L, SMALL, renderDeclare, secretSession } from "./fixtures.ts";

const render = renderDeclare();
const dom = (html: string) => new JSDOM(`<body>${html}</body>`).window.document;

describe("declaration template (K5, K6)", () => {
  const session = startSession(setupFor(SMALL));
  const view = viewFor(session.state, { fisher: "ana" });

  it("K5 offers the four actions with their K6 checks, every string localized", () => {
    const html = render(declareContext(view, "ana"));
    expect(html).not.toContain("KOLIKOLY.");
    const d = dom(html);
    const actions = [...d.querySelectorAll<HTMLInputElement>("input[name=action]")];
    expect(actions.map((a) => a.value)).toEqual(["catch", "track", "move", "herd"]);
    expect(d.querySelector("form")!.dataset.fisher).toBe("ana");
    expect(d.body.textContent).toContain(L("KOLIKOLY.Declare.CheckSurvival"));
    expect(d.body.textContent).toContain("Ana declares");
    // Nothing chosen yet: the submit button is disabled and no target is needed.
    expect(d.querySelector<HTMLButtonElement>(".kolikoly-declare__submit")!.disabled).toBe(true);
    expect(d.querySelector<HTMLFieldSetElement>(".kolikoly-declare__targets")!.disabled).toBe(true);
  });

  it("K2 only legal targets are enabled: Ana in the corner [0,0,0] has three neighbours and one below", () => {
    const d = dom(render(declareContext(view, "ana", { draft: { action: "move" } })));
    const enabled = [...d.querySelectorAll<HTMLInputElement>("input[name=target]")]
      .filter((i) => !i.disabled)
      .map((i) => i.value)
      .sort();
    expect(enabled).toEqual(["0,0,1", "0,1,0", "1,0,0", "1,1,0"]);
    expect(d.querySelector<HTMLFieldSetElement>(".kolikoly-declare__targets")!.disabled).toBe(
      false,
    );
    // K14: a Move offers to decline the 17+ catch attack.
    expect(d.querySelector("input[name=declineAttack]")).not.toBeNull();
  });

  it("K5 a chosen target is checked and the form reads back as the engine's declaration", () => {
    const ctx = declareContext(view, "ana", {
      draft: { action: "herd", target: [1, 1, 0], total: 12 },
      allowTotal: true,
    });
    expect(ctx.ready).toBe(true);
    const d = dom(render(ctx));
    const form = d.querySelector("form")!;
    const fields: Record<string, unknown> = {};
    new d.defaultView!.FormData(form).forEach((v, k) => (fields[k] = v));
    const draft = draftFromFields(fields);
    expect(draft).toEqual({ action: "herd", target: [1, 1, 0], total: 12 });
    expect(declarationOf(draft)).toEqual({ action: "herd", toward: [1, 1, 0] });
    expect(
      declarationOf(draftFromFields({ action: "move", target: "1,0,0", declineAttack: "on" })),
    ).toEqual({
      action: "move",
      to: [1, 0, 0],
      attack: false,
    });
    expect(declarationOf(draftFromFields({ action: "move", target: "1,0,0" }))).toEqual({
      action: "move",
      to: [1, 0, 0],
    });
    expect(declarationOf(draftFromFields({ action: "track" }))).toBeUndefined();
    expect(draftFromFields({ action: "jump", target: "x" })).toEqual({});
  });

  it("K20 the compass tells a player only seen fish and explored squares", () => {
    const s = secretSession();
    const hidden = s.state.swarms.filter((w) => !w.seen);
    expect(hidden.length).toBeGreaterThan(0);
    for (const f of s.state.fishers) {
      const pv = viewFor(s.state, { fisher: f.id });
      const ctx = declareContext(pv, f.id);
      const cells = [...ctx.compass.flat(), ...ctx.vertical].filter((c) => !c.centre && c.value);
      for (const c of cells) {
        const at = c.value.split(",").map(Number);
        const seen = s.state.swarms
          .filter((w) => w.seen && w.at.every((v, i) => v === at[i]))
          .reduce((n, w) => n + w.fish, 0);
        expect(c.seenFish).toBe(seen);
        const explored = pv.explored.some((e) => e.every((v, i) => v === at[i]));
        expect(c.explored).toBe(explored);
      }
    }
  });

  it("K20 the GM's compass counts seen fish as seen and names the unseen ones apart", () => {
    // Ana at [0,0,0]; east of her, [1,0,0] explored, a seen swarm of 4 and an unseen one of 12.
    const st = session.state;
    const explored = [...st.explored];
    explored[1] = 1;
    const base = st.swarms[0]!;
    const state = {
      ...st,
      explored,
      swarms: [
        { ...base, id: "seen", at: [1, 0, 0] as const, fish: 4, max: 4, seen: true },
        { ...base, id: "hidden", at: [1, 0, 0] as const, fish: 12, max: 12, seen: false },
      ],
    } as typeof st;
    const east = (viewer: Parameters<typeof viewFor>[1]) => {
      const ctx = declareContext(viewFor(state, viewer), "ana", { draft: { action: "move" } });
      const cell = ctx.compass.flat().find((c) => c.dir === "e")!;
      const info = dom(render(ctx)).querySelector('[data-dir="e"] .kolikoly-compass__info');
      return { seen: cell.seenFish, unseen: cell.unseenFish, text: info!.textContent };
    };
    expect(east("gm")).toEqual({ seen: 4, unseen: 12, text: "4 fish seen, 12 unseen (GM only)" });
    expect(east({ fisher: "ana" })).toEqual({ seen: 4, unseen: 0, text: "4 fish seen" });
  });

  it("H5 a fisher who cannot act gets the reason instead of choices", () => {
    const s = startSession(setupFor(SMALL));
    const st = {
      ...s.state,
      fishers: s.state.fishers.map((f) => ({ ...f, condition: "unconscious" as const })),
    };
    const why = pendingCannotAct(st, { revive: [] }, "ana");
    const html = render(declareContext(viewFor(st, "gm"), "ana", { cannotAct: why }));
    expect(html).toContain(L("KOLIKOLY.Declare.CannotAct"));
    expect(html).not.toContain('name="action"');
    // revived for the coming round, the engine lets Ana act: the choices are back
    const revived = pendingCannotAct(st, { revive: ["ana"] }, "ana");
    expect(revived).toBeUndefined();
    const again = render(declareContext(viewFor(st, "gm"), "ana", { cannotAct: revived }));
    expect(again).toContain('name="action"');
    expect(again).not.toContain(L("KOLIKOLY.Declare.CannotAct"));
  });

  it("H4 a restrained fisher (conscious, losing the action) gets the reason too: the engine says so", () => {
    const s = startSession(setupFor(SMALL));
    const st = {
      ...s.state,
      fishers: s.state.fishers.map((f) => ({
        ...f,
        lostActions: 1,
        lostReason: "restrained" as const,
      })),
    };
    const why = pendingCannotAct(st, { revive: [] }, "ana");
    expect(why).toBe("restrained");
    const html = render(declareContext(viewFor(st, "gm"), "ana", { cannotAct: why }));
    expect(html).toContain(L("KOLIKOLY.Declare.CannotAct"));
  });
});
