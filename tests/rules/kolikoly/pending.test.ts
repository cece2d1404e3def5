/**
 * K5, K6, H5: the pending round (declarations, check totals given before it resolves, revivals)
 * becomes the engine's round input and forced dice in one pure function, which the Foundry
 * resolution and the table both call.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  canRevive,
  checkKey,
  checkKind,
  checkPendingDeclaration,
  checkPendingRound,
  pendingCannotAct,
  pendingRoundInput,
  resolveSeeded,
} from "../../../src/rules/index.ts";
import type { Declaration, GivenTotal, PendingRound } from "../../../src/rules/index.ts";
import { act, buildGame, ofType } from "../../fixtures/builders.ts";

describe("the pending round as round input and forced dice", () => {
  test("K6 a Catch's check is its attack roll; every other action's check is check:<fisher>", () => {
    expect(checkKey("ana", "catch")).toBe("attack:ana");
    expect(checkKind("catch")).toBe("attack");
    for (const a of ["track", "move", "herd"] as const) {
      expect(checkKey("bo", a)).toBe("check:bo");
      expect(checkKind(a)).toBe("check");
    }
  });

  test("K5 H5 the input names revive only when someone is revived, as recorded rounds do", () => {
    const actions = { ana: act.catch() };
    expect(pendingRoundInput({ actions, totals: {}, revive: [] }).input).toEqual({ actions });
    expect(pendingRoundInput({ actions, totals: {}, revive: ["bo"] }).input).toEqual({
      actions,
      revive: ["bo"],
    });
  });

  test("K6 each given total forces that fisher's check, its natural kept; a total without a declaration is ignored", () => {
    const p: PendingRound = {
      actions: { ana: act.catch(), bo: act.track([1, 1, 0]) },
      totals: { ana: { total: 15, natural: 10 }, bo: { total: 9 }, cai: { total: 20 } },
      revive: [],
    };
    expect([...pendingRoundInput(p).forced]).toEqual([
      ["attack:ana", [{ total: 15, natural: 10 }]],
      ["check:bo", [{ total: 9 }]],
    ]);
    // a fisher id that every object answers to is no declaration
    const odd = pendingRoundInput({
      actions: {},
      totals: { constructor: { total: 3 } },
      revive: [],
    });
    expect(odd.forced.size).toBe(0);
  });

  test("K6 property: played, each declaring fisher's check is exactly the total given for it", () => {
    const actionArb = fc.constantFrom<Declaration>(
      act.catch(),
      act.track([1, 1, 0]),
      act.move([1, 0, 0]),
      act.herd([0, 1, 0]),
    );
    fc.assert(
      fc.property(
        fc.array(fc.option(actionArb, { nil: undefined }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.option(fc.integer({ min: -5, max: 40 }), { nil: undefined }), {
          minLength: 3,
          maxLength: 3,
        }),
        fc.integer({ min: 1, max: 1000 }),
        (decls, totals, seed) => {
          const ids = ["ana", "bo", "cai"];
          const g = buildGame({
            seed,
            lake: { width: 3, height: 3, levels: 1 },
            fishers: ids.map((id) => ({ id, at: [0, 0, 0] as const })),
          });
          const actions: Record<string, Declaration> = {};
          const given: Record<string, GivenTotal> = {};
          ids.forEach((id, i) => {
            if (decls[i]) actions[id] = decls[i];
            if (totals[i] !== undefined) given[id] = { total: totals[i] };
          });
          const { input, forced } = pendingRoundInput({ actions, totals: given, revive: [] });
          const r = resolveSeeded(g, input, forced);
          if (!r.ok) throw new Error(r.error.message);
          for (const c of ofType(r.events, "check"))
            if (given[c.fisher]) expect(c.total).toBe(given[c.fisher]!.total);
          const checked = new Set(ofType(r.events, "check").map((c) => c.fisher));
          expect([...checked].sort()).toEqual(Object.keys(actions).sort());
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe("H5 before K5: what a table checks before the round is what the round checks", () => {
  const downed = () =>
    buildGame({
      lake: { width: 3, height: 3, levels: 1 },
      fishers: [
        { id: "ana", at: [0, 0, 0] },
        { id: "bo", at: [2, 0, 0], condition: "unconscious", hp: 0 },
        { id: "cai", at: [1, 1, 0], lostActions: 1, lostReason: "restrained" },
      ],
    });

  test("H5 a fisher the GM revives for the round may declare in it, early checks included", () => {
    const g = downed();
    const move = act.move([1, 0, 0]);
    // the engine itself: revived first, then the declaration counts
    const r = resolveSeeded(g, { actions: { bo: move }, revive: ["bo"] });
    if (!r.ok) throw new Error(r.error.message);
    expect(ofType(r.events, "declared").map((e) => e.fisher)).toEqual(["bo"]);
    // checked early, as a table does before the round: the same answer
    expect(checkPendingDeclaration(g, { revive: ["bo"] }, "bo", move)).toEqual({
      ok: true,
      value: move,
    });
    expect(pendingCannotAct(g, { revive: ["bo"] }, "bo")).toBeUndefined();
    expect(checkPendingRound(g, { actions: { bo: move }, totals: {}, revive: ["bo"] }).ok).toBe(
      true,
    );
  });

  test("H5 without the revival the downed fisher cannot declare, early or at resolution", () => {
    const g = downed();
    const move = act.move([1, 0, 0]);
    expect(checkPendingDeclaration(g, { revive: [] }, "bo", move)).toMatchObject({
      ok: false,
      error: { code: "cannotAct", field: "actions.bo" },
    });
    expect(pendingCannotAct(g, { revive: [] }, "bo")).toBe("unconscious");
    expect(resolveSeeded(g, { actions: { bo: move } })).toMatchObject({
      ok: false,
      error: { code: "cannotAct" },
    });
  });

  test("H4 a restrained fisher cannot declare whatever is revived, and the reason is the engine's", () => {
    const g = downed();
    expect(pendingCannotAct(g, { revive: ["bo"] }, "cai")).toBe("restrained");
    expect(checkPendingDeclaration(g, { revive: ["bo"] }, "cai", act.catch())).toMatchObject({
      ok: false,
      error: { code: "cannotAct" },
    });
    expect(pendingCannotAct(g, { revive: [] }, "ana")).toBeUndefined();
  });

  test("H5 a revival of a fisher who is not down is refused by name, as at resolution", () => {
    const g = downed();
    expect(checkPendingDeclaration(g, { revive: ["ana"] }, "ana", act.catch())).toMatchObject({
      ok: false,
      error: { code: "cannotRevive", field: "revive[0]" },
    });
    expect(canRevive(g.fishers[1]!)).toBe(true);
    expect(canRevive(g.fishers[0]!)).toBe(false);
    expect(canRevive({ condition: "dead" })).toBe(false);
  });
});
