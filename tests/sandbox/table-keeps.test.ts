/**
 * Issue 22's table transitions, without a browser: undo keeps the round's declarations, Resolve
 * knows who did not declare, the hot-seat hand-over, H4's question asked and answered, and the
 * autosave's round trip (both games), a tampered save refused whole.
 */
import { describe, expect, it } from "vitest";
import { exportScenario, playRound, playScenario } from "../../src/rules/index.ts";
import {
  fishingSnapshot,
  kayanakSnapshot,
  restoreFishing,
  restoreKayanak,
} from "../../src/sandbox/autosave.ts";
import * as K from "../../src/sandbox/kayanak/table.ts";
import { escapeXml } from "../../src/ui/lake-svg.ts";
import { hazardHtml, resultsHtml, project } from "../../src/sandbox/render.ts";
import * as T from "../../src/sandbox/table.ts";
import { hazardChoiceText } from "../../src/ui/hazard-choice-view.ts";
import { coordLabel, makeLocalize } from "../../src/ui/handlebars-helpers.ts";
import { L, SMALL, readRepo } from "./fixtures.ts";
import { HAZARD_MOVE, HAZARD_SCENARIO } from "./hazard-game.ts";
import { SMALL_K, placed } from "./kayanak-fixtures.ts";

const lockAll = (t: T.Table, decl: Record<string, Record<string, unknown>>, totals = {}) => {
  for (const [id, d] of Object.entries(decl)) {
    const draft =
      d.action === "catch"
        ? { action: "catch" as const }
        : { action: "move" as const, target: d.to as [number, number, number], attack: true };
    t = T.declare(t, id, draft, String((totals as Record<string, number>)[id] ?? ""));
    if (t.error) throw new Error(JSON.stringify(t.error));
  }
  return t;
};

describe("the table keeps the round (issue 22)", () => {
  it("K5 undo brings the round back with its declarations and typed totals locked in again", () => {
    let t = lockAll(
      T.newTable(SMALL),
      { ana: { action: "catch" }, bo: { action: "move", to: [3, 4, 0] } },
      { ana: 15 },
    );
    const locked = t.locked;
    t = T.resolve(t);
    expect(t.session.rounds).toHaveLength(1);
    expect(t.locked).toEqual({});
    t = T.undo(t);
    expect(t.session.rounds).toHaveLength(0);
    expect(t.locked).toEqual(locked);
    expect(t.locked.ana!.total).toBe(15);
    expect(t.locked.bo!.total).toBeUndefined(); // rolled by the seeded dice: no typed total
    expect(t.drafts.bo).toEqual({ action: "move", target: [3, 4, 0], attack: true });
    // Resolving again plays the same round.
    const again = T.resolve(t);
    expect(again.session.log).toEqual(
      T.resolve(
        lockAll(
          T.newTable(SMALL),
          { ana: { action: "catch" }, bo: { action: "move", to: [3, 4, 0] } },
          { ana: 15 },
        ),
      ).session.log,
    );
  });

  it("K23 undoing the GM's end keeps what was declared for the coming round", () => {
    let t = lockAll(T.newTable(SMALL), { ana: { action: "catch" } });
    t = T.endGame(t);
    expect(t.session.state.over).toBe(true);
    expect(T.missingDeclarations(t)).toEqual([]);
    expect(resultsHtml(project(t), L)).toContain(L("KOLIKOLY.Sandbox.End.gm", { rounds: 0 }));
    t = T.undo(t);
    expect(t.session.state.over).toBe(false);
    expect(Object.keys(t.locked)).toEqual(["ana"]);
  });

  it("K5 Resolve knows who has not declared; hot seat passes to them, then to the GM", () => {
    let t = T.newTable({ ...SMALL, fishers: 3 });
    expect(T.missingDeclarations(t)).toEqual(["ana", "bo", "cai"]);
    t = T.passScreen(t, T.nextScreen(t));
    expect(t.viewer).toBe("player");
    expect(t.passTo).toEqual({ fisher: "ana" });
    t = T.takeScreen(t);
    expect(t.viewer).toEqual({ fisher: "ana" });
    t = T.declare(t, "ana", { action: "catch" }, "");
    expect(T.nextScreen(t, "ana")).toEqual({ fisher: "bo" });
    t = T.declare(T.setViewer(t, "gm"), "bo", { action: "catch" }, "");
    t = T.declare(t, "cai", { action: "catch" }, "");
    expect(T.missingDeclarations(t)).toEqual([]);
    expect(T.nextScreen(t, "cai")).toBe("gm");
  });

  it("H4 a hit that leaves the choice stops the round to ask; the answer plays it, exactly as forced", () => {
    const loaded = T.loadScenario(T.newTable(SMALL), JSON.stringify(HAZARD_SCENARIO), "h.json");
    expect(loaded.error).toBeUndefined();
    let t = T.declare(loaded, "ana", { action: "move", target: [1, 1, 1], attack: true }, "");
    t = T.resolve(t);
    expect(t.session).toBe(loaded.session); // nothing played yet
    expect(t.asking).toMatchObject({
      key: "hazardChoice:ana",
      fisher: "ana",
      facts: { name: "Undertow", aim: "pushBack", damage: 6, hp: 10, at: [1, 1, 1] },
      fallback: "hp",
    });
    // Declarations wait with the round: nothing else changes meanwhile.
    expect(T.declare(t, "ana", { action: "catch" }, "").error?.key).toBe(
      "KOLIKOLY.Sandbox.Hazard.Busy",
    );
    // Another fisher's player may not answer; the GM's view and Ana's may.
    expect(hazardHtml(T.setViewer(t, "player"), L)).toContain(
      escapeXml(L("KOLIKOLY.Sandbox.Hazard.Waiting", { name: "Ana" })),
    );
    const html = hazardHtml(t, L);
    expect(html).toContain(
      escapeXml(
        L("KOLIKOLY.Hazards.Choice.Question", {
          hazard: "Undertow",
          fisher: "Ana",
          at: "[1,1,1]",
          damage: L("KOLIKOLY.Hazards.Damage", { damage: 6 }),
          hp: 10,
        }),
      ),
    );
    expect(html).toContain(L("KOLIKOLY.Hazards.Choice.Hp", { damage: 6, left: 4 }));
    expect(T.answerHazard(T.setViewer(t, "player"), "aim").error?.key).toBe(
      "KOLIKOLY.Sandbox.Error.NotYours",
    );
    // Cancel: back to the declarations, nothing played.
    const cancelled = T.cancelResolve(t);
    expect(cancelled.asking).toBeUndefined();
    expect(cancelled.locked.ana).toBeDefined();
    for (const [choice, total] of [
      ["aim", 2],
      ["hp", 1],
    ] as const) {
      const done = T.answerHazard(T.setViewer(t, { fisher: "ana" }), choice);
      expect(done.asking).toBeUndefined();
      expect(done.session.rounds).toHaveLength(5);
      const engine = playRound(
        loaded.session,
        { actions: { ana: HAZARD_MOVE } },
        new Map([["hazardChoice:ana", [{ total }]]]),
      );
      if (!engine.ok) throw new Error(engine.error.message);
      expect(done.session.log).toEqual(engine.session.log);
      const file = exportScenario(done.session);
      expect(file.rounds[4]!.rolls?.["hazardChoice:ana"]).toEqual([total]);
      const hp = done.session.state.fishers[0]!.hp;
      expect(hp).toBe(choice === "hp" ? 4 : 10);
    }
  });
});

describe("H4 the question names its square, in every language the table ships", () => {
  const lang = (l: string) =>
    makeLocalize({
      KOLIKOLY: {
        ...JSON.parse(readRepo(`lang/${l}.json`)).KOLIKOLY,
        ...JSON.parse(readRepo(`lang/sandbox/${l}.json`)).KOLIKOLY,
      },
    });
  const facts = { name: "Strangleweed", aim: "restrain", damage: 2, hp: 7, at: [2, 3, 1] };
  it.each([
    ["en", "Strangleweed hits Ana at [2,3,1] for 2 damage; Ana has 7 HP."],
    ["fr", "Strangleweed touche Ana en [2,3,1] pour 2 dégâts ; Ana a 7 PV."],
    ["de", "Strangleweed trifft Ana bei [2,3,1] für 2 Schaden; Ana hat 7 TP."],
  ])("H4 %s: the hazard, the fisher, the square, the damage and the HP", (l, question) => {
    expect(hazardChoiceText(facts, "Ana", lang(l)).question).toBe(question);
  });
  it("H4 the square is the one the table's lake labels, [x,y,level] as in a scenario file", () => {
    const loaded = T.loadScenario(T.newTable(SMALL), JSON.stringify(HAZARD_SCENARIO), "h.json");
    const t = T.resolve(
      T.declare(loaded, "ana", { action: "move", target: [1, 1, 1], attack: true }, ""),
    );
    expect(t.asking?.facts.at).toEqual(HAZARD_MOVE.to);
    expect(hazardHtml(T.setViewer(t, { fisher: "ana" }), L)).toContain(
      `Undertow hits Ana at ${coordLabel(HAZARD_MOVE.to)} for 6 damage`,
    );
  });
});

describe("autosave (issue 22)", () => {
  it("the fishing table comes back as it was: the game, the viewer, declarations, hot seat", () => {
    let t = lockAll(T.newTable(SMALL), { ana: { action: "catch" } }, { ana: 12 });
    t = T.resolve(lockAll(t, { bo: { action: "move", to: [3, 4, 0] } }));
    t = lockAll(t, { ana: { action: "catch" } });
    t = T.setDraft(t, "bo", { action: "move", target: [3, 3, 0], attack: false });
    t = T.passScreen(t, { fisher: "bo" });
    const back = restoreFishing(fishingSnapshot(t));
    if (!("session" in back)) throw new Error(JSON.stringify(back));
    expect(back.session.log).toEqual(t.session.log);
    expect(back.session.state).toEqual(t.session.state);
    expect(back.locked).toEqual(t.locked);
    expect(back.drafts).toEqual(t.drafts);
    expect(back.viewer).toBe("player");
    expect(back.passTo).toEqual({ fisher: "bo" });
    // The next round plays exactly as it would have.
    expect(T.resolve(T.takeScreen(back)).session.log).toEqual(
      T.resolve(T.takeScreen(t)).session.log,
    );
  });

  it("a resolution waiting on the hazard question asks it again after a reload", () => {
    const loaded = T.loadScenario(T.newTable(SMALL), JSON.stringify(HAZARD_SCENARIO), "h.json");
    const t = T.resolve(
      T.declare(loaded, "ana", { action: "move", target: [1, 1, 1], attack: true }, ""),
    );
    const back = restoreFishing(fishingSnapshot(t));
    if (!("session" in back)) throw new Error(JSON.stringify(back));
    expect(back.asking).toEqual(t.asking);
  });

  it("a stored game that is not one is refused by name, whole", () => {
    const t = lockAll(T.newTable(SMALL), { ana: { action: "catch" } });
    const stored = JSON.parse(fishingSnapshot(t));
    expect(restoreFishing("{not json")).toMatchObject({ key: "KOLIKOLY.Sandbox.Autosave.Refused" });
    expect(restoreFishing(JSON.stringify({ ...stored, v: 99 }))).toMatchObject({
      data: { reason: "another version" },
    });
    const badLock = {
      ...stored,
      locked: { ana: { declaration: { action: "move", to: [4, 4, 0] } } },
    };
    expect(restoreFishing(JSON.stringify(badLock))).toMatchObject({
      key: "KOLIKOLY.Sandbox.Autosave.Refused",
    });
    const badFile = { ...stored, scenario: { ...stored.scenario, lake: { width: 99 } } };
    expect(restoreFishing(JSON.stringify(badFile))).toMatchObject({
      key: "KOLIKOLY.Sandbox.Error.Load",
    });
  });

  it("Kayanak comes back: bears half placed, or a turn in progress with its roll and steps", () => {
    let t = K.newKayanakTable(SMALL_K);
    t = K.placeBear(t, [0, 0]);
    let back = restoreKayanak(kayanakSnapshot(t));
    if (!("session" in back)) throw new Error(JSON.stringify(back));
    expect(back.placing?.placed).toEqual([[0, 0]]);
    t = placed(SMALL_K, [
      [0, 0],
      [4, 3],
    ]);
    t = K.roll(K.setForce(t, "die", 2));
    const step = K.legalNow(t)[0]!;
    t = K.step(t, step);
    back = restoreKayanak(kayanakSnapshot(t));
    if (!("session" in back)) throw new Error(JSON.stringify(back));
    expect(K.currentState(back)).toEqual(K.currentState(t));
    expect(back.turn?.steps).toEqual(t.turn!.steps);
    expect(K.scenarioText(K.endTurn(back))).toBe(K.scenarioText(K.endTurn(t)));
    // A step the state refuses is refused, nothing half restored.
    const stored = JSON.parse(kayanakSnapshot(t));
    stored.turn.steps = [{ move: [9, 9] }];
    expect(restoreKayanak(JSON.stringify(stored))).toHaveProperty("key");
    expect(playScenario({}).ok).toBe(false);
  });
});
