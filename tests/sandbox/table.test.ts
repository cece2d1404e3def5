/** The table's transitions: refused input changes nothing; typed totals are forced (K5, K6). */
import { describe, expect, it } from "vitest";
import { exportScenario, playScenarioText } from "../../src/rules/index.ts";
import { errorText, legendHtml } from "../../src/sandbox/render.ts";
import * as T from "../../src/sandbox/table.ts";
import { L, SMALL } from "./fixtures.ts";

describe("sandbox table", () => {
  it("K3 a new table has the simulator's party on spread start squares", () => {
    const t = T.newTable({ width: 6, height: 6, levels: 3, fishers: 4, seed: 9 });
    expect(t.session.state.fishers.map((f) => f.at)).toEqual([
      [0, 0, 0],
      [5, 5, 0],
      [5, 0, 0],
      [0, 5, 0],
    ]);
    expect(t.viewer).toBe("gm");
  });

  it("refuses bad new-game options, naming the field, and keeps the game", () => {
    const t = T.newTable(SMALL);
    const r = T.newTable({ ...SMALL, levels: 10 }, t);
    expect(r.session).toBe(t.session);
    expect(r.error?.data.field).toBe("levels");
  });

  it("K5 a declaration is locked only when legal, and only by whoever may declare for that fisher", () => {
    let t = T.newTable(SMALL);
    const before = t;
    t = T.setDraft(t, "ana", { action: "move", target: [3, 3, 0] });
    t = T.lockDeclaration(t, "ana");
    expect(t.error?.data.field).toBe("actions.ana.to");
    expect(t.locked).toEqual({});
    expect(t.session).toBe(before.session);
    // Bo's player cannot declare for Ana.
    let p = T.setViewer(T.newTable(SMALL), { fisher: "bo" });
    expect(T.declarers(p)).toEqual(["bo"]);
    expect(T.setDraft(p, "ana", { action: "catch" })).toBe(p);
    p = T.lockDeclaration(p, "ana");
    expect(p.error?.key).toBe("KOLIKOLY.Sandbox.Error.NotYours");
    // The public view declares for nobody.
    expect(T.declarers(T.setViewer(p, "player"))).toEqual([]);
  });

  it("K5 picking squares: the own square is Catch, a neighbour a Move target, a far square refused", () => {
    let t = T.newTable(SMALL);
    t = T.chooseSquare(t, [0, 0, 0]);
    expect(t.drafts.ana).toEqual({ action: "catch" });
    t = T.chooseSquare(t, [1, 1, 0]);
    expect(t.drafts.ana).toEqual({ action: "move", target: [1, 1, 0] });
    t = T.setDraft(t, "ana", { action: "track", target: [1, 1, 0] });
    t = T.chooseSquare(t, [0, 0, 1]);
    expect(t.drafts.ana).toEqual({ action: "track", target: [0, 0, 1] });
    const far = T.chooseSquare(t, [4, 4, 0]);
    expect(far.error?.data.field).toBe("actions.ana.target");
    expect(far.drafts).toBe(t.drafts);
  });

  it("K6 a typed total is the check's total; the round resolves with the seeded driver otherwise", () => {
    let t = T.newTable(SMALL);
    // Ana's Stealth is +4: a Move total is 5 to 24 (K6); Bo's net attack +5: 6 to 25.
    t = T.setDraft(t, "ana", { action: "move", target: [1, 0, 0], total: 5 });
    t = T.lockDeclaration(t, "ana");
    t = T.setDraft(t, "bo", { action: "catch", total: 19 });
    t = T.lockDeclaration(t, "bo");
    t = T.resolve(t);
    expect(t.error).toBeUndefined();
    const checks = t.session.log.filter((e) => e.type === "check");
    expect(checks).toMatchObject([
      { fisher: "ana", total: 5, band: "quiet" },
      { fisher: "bo", total: 19, band: "hit" },
    ]);
    expect(t.locked).toEqual({});
    expect(t.session.state.round).toBe(1);
    // The saved file replays to the same log.
    const replay = playScenarioText(T.scenarioText(t));
    expect(replay.ok && replay.session.log).toEqual(t.session.log);
    // Undo takes the round back; a second undo has nothing to undo.
    const u = T.undo(t);
    expect(u.session.state.round).toBe(0);
    expect(T.undo(u).error?.key).toBe("KOLIKOLY.Sandbox.Error.NothingToUndo");
  });

  it("a bad scenario file is refused with its field named, and the table is unchanged", () => {
    let t = T.resolve(T.newTable(SMALL));
    const scenario = exportScenario(t.session);
    const bad = { ...scenario, lake: { ...scenario.lake, width: 0 } };
    const r = T.loadScenario(t, JSON.stringify(bad), "bad.json");
    expect(r.session).toBe(t.session);
    expect(r.error?.key).toBe("KOLIKOLY.Sandbox.Error.Load");
    expect(r.error?.data).toMatchObject({ file: "bad.json", field: "lake.width" });
    t = T.setViewer(t, { fisher: "bo" });
    const good = T.loadScenario(t, JSON.stringify(scenario), "good.json");
    expect(good.session.log).toEqual(t.session.log);
    // Loading never switches a player's screen to the GM's view.
    expect(good.viewer).toEqual({ fisher: "bo" });
  });

  it("K23 the GM ends the game; nothing more can be declared or resolved", () => {
    let t = T.endGame(T.newTable(SMALL));
    expect(t.session.state.over).toBe(true);
    t = T.resolve(t);
    expect(t.error?.data.message).toMatch(/over/);
  });

  it("H5 the GM revives an unconscious fisher as the round starts; players cannot", () => {
    const t0 = T.newTable(SMALL);
    const st = t0.session.state;
    const down = {
      ...st,
      fishers: st.fishers.map((f) =>
        f.id === "bo" ? { ...f, hp: 0, condition: "unconscious" as const } : f,
      ),
    };
    let t: T.Table = { ...t0, session: { ...t0.session, state: down } };
    expect(T.toggleRevive(T.setViewer(t, { fisher: "ana" }), "bo").revive).toEqual([]);
    expect(T.toggleRevive(t, "ana")).toBe(t); // Ana is fine: nothing to revive
    t = T.toggleRevive(t, "bo");
    expect(t.revive).toEqual(["bo"]);
    expect(T.toggleRevive(t, "bo").revive).toEqual([]);
    t = T.resolve(t);
    expect(t.error).toBeUndefined();
    expect(t.session.log[0]).toMatchObject({ type: "revived", fisher: "bo" });
    expect(t.session.state.fishers[1]!.condition).toBe("ok");
    expect(t.revive).toEqual([]);
  });

  it("H5 before K5: a fisher the GM revives declares in the same round, and the revival cannot be taken back under that declaration", () => {
    const t0 = T.newTable(SMALL);
    const st = t0.session.state;
    const down = {
      ...st,
      fishers: st.fishers.map((f) =>
        f.id === "bo" ? { ...f, hp: 0, condition: "unconscious" as const } : f,
      ),
    };
    let t: T.Table = { ...t0, session: { ...t0.session, state: down } };
    const bo = down.fishers[1]!;
    const [x, y] = bo.at;
    const to: [number, number, number] = [x === 0 ? 1 : x - 1, y, 0];
    // not revived: refused, and not counted among those still to declare
    t = T.setDraft(t, "bo", { action: "move", target: to });
    expect(T.lockDeclaration(t, "bo").error?.data).toMatchObject({
      field: "actions.bo",
      message: expect.stringMatching(/cannot act/),
    });
    expect(T.missingDeclarations(t)).not.toContain("bo");
    // revived: Bo is asked to declare, and may
    t = T.toggleRevive(t, "bo");
    expect(T.missingDeclarations(t)).toContain("bo");
    t = T.lockDeclaration(t, "bo");
    expect(t.error).toBeUndefined();
    expect(Object.keys(t.locked)).toContain("bo");
    // taking the revival back now would leave a declaration the round refuses: refused, unchanged
    const refused = T.toggleRevive(t, "bo");
    expect(refused.error?.key).toBe("KOLIKOLY.Sandbox.Error.ReviveDeclared");
    expect(refused.revive).toEqual(["bo"]);
    t = T.resolve(t);
    expect(t.error).toBeUndefined();
    expect(
      t.session.log.filter((e) => "fisher" in e && e.fisher === "bo").map((e) => e.type),
    ).toEqual(expect.arrayContaining(["revived", "declared"]));
  });

  it("K6 a typed total that is not a whole number a d20 plus the check's modifier gives is refused, and nothing changes", () => {
    const t0 = T.setDraft(T.newTable(SMALL), "ana", { action: "catch" });
    const catchDraft = { action: "catch" } as const;
    for (const text of ["12.5", "-5", "5", "26", "1e1", "twelve", "0x10"]) {
      const r = T.declare(t0, "ana", catchDraft, text);
      expect(r.error?.key, text).toBe("KOLIKOLY.Sandbox.Error.Total");
      // Nothing changed: no lock, the same drafts, the same game, the same version.
      expect(r.locked).toBe(t0.locked);
      expect(r.drafts).toBe(t0.drafts);
      expect(r.session).toBe(t0.session);
      expect(r.version).toBe(t0.version);
      const msg = errorText(r.error!, L);
      expect(msg).toContain("Ana");
      expect(msg).toContain(L("KOLIKOLY.Declare.CheckAttack"));
      expect(msg).toContain("6");
      expect(msg).toContain("25");
      expect(msg).toContain(text);
      expect(msg).not.toMatch(/KOLIKOLY\.|\{|\[object/);
    }
    // The ends of the range, and an empty box (roll), are taken.
    for (const [text, total] of [
      ["6", 6],
      ["25", 25],
      [" 15 ", 15],
      ["", undefined],
    ] as const) {
      const r = T.declare(t0, "ana", catchDraft, text);
      expect(r.error, text).toBeUndefined();
      expect(r.locked.ana).toEqual(
        total === undefined
          ? { declaration: { action: "catch" } }
          : { declaration: { action: "catch" }, total },
      );
    }
    // A draft holding an impossible total is not locked either.
    const bad = T.lockDeclaration(T.setDraft(t0, "ana", { action: "catch", total: -5 }), "ana");
    expect(bad.error?.key).toBe("KOLIKOLY.Sandbox.Error.Total");
    expect(bad.locked).toEqual({});
    // The range is the fisher's own check: Bo's Stealth +4 Move takes 5 to 24.
    const move = { action: "move", target: [3, 4, 0] } as const;
    expect(T.declare(t0, "bo", move, "24").error).toBeUndefined();
    expect(T.declare(t0, "bo", move, "25").error?.key).toBe("KOLIKOLY.Sandbox.Error.Total");
  });

  it("URL parameters: each is taken on its own; a bad or unknown one is refused by name and the others used", () => {
    const { options, refused } = T.optionsFromQuery(
      "?width=12&levels=10&fishers=x&seed=3&colour=red&height=4.5",
    );
    expect(options).toEqual({ ...T.TABLE_DEFAULTS, width: 12, seed: 3 });
    expect(refused.map((r) => r.param)).toEqual(["levels", "fishers", "colour", "height"]);
    const msg = errorText(T.refusedError(refused)!, L);
    for (const part of ["levels=10", "fishers=x", "colour", "height=4.5", "1", "9"])
      expect(msg).toContain(part);
    expect(msg).not.toMatch(/KOLIKOLY\.|\{|\[object/);
    // A good query refuses nothing; an empty one is the defaults.
    expect(T.optionsFromQuery("?width=8&height=8&levels=3&fishers=4&seed=7")).toEqual({
      options: { width: 8, height: 8, levels: 3, fishers: 4, seed: 7 },
      refused: [],
    });
    expect(T.optionsFromQuery("")).toEqual({ options: T.TABLE_DEFAULTS, refused: [] });
    expect(T.refusedError([])).toBeUndefined();
    // Empty or signed values are refused too, never read as 0.
    expect(T.optionsFromQuery("?seed=&width=-3").refused.map((r) => r.param)).toEqual([
      "seed",
      "width",
    ]);
  });

  it("the legend lists the GM-only key (unseen swarms) in the GM's view only", () => {
    const gm = T.newTable(SMALL);
    const unseen = L("KOLIKOLY.Sandbox.Legend.Unseen");
    expect(legendHtml(gm, L)).toContain(unseen);
    for (const v of ["player", { fisher: "ana" }] as const) {
      const html = legendHtml(T.setViewer(gm, v), L);
      expect(html).not.toContain(unseen);
      expect(html).toContain(L("KOLIKOLY.Sandbox.Legend.Fog"));
    }
  });

  it('the legend says in words what a "+n" beside the tokens on a square is', () => {
    for (const v of ["gm", "player", { fisher: "ana" }] as const) {
      const html = legendHtml(T.setViewer(T.newTable(SMALL), v), L);
      expect(html).toContain(">+n<");
      expect(html).toContain(L("KOLIKOLY.Sandbox.Legend.More"));
    }
  });
});
