import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  CHECK_FOR,
  DEFAULT_HAZARDS,
  checkRequest,
  systemAnswer,
  HAZARD_CHOICE,
  Xoshiro128,
  defenseOf,
  exportScenario,
  hazardChoiceOf,
  makeRequest,
  playRound,
  playScenario,
  seededDriver,
  startSession,
  hazardAttackBonus,
  sizeDie,
  viewFor,
  woundFor,
} from "../../../src/rules/index.ts";
import type { Aim, GameSetup, Hazard, HazardMode } from "../../../src/rules/index.ts";
import {
  act,
  buildGame,
  fisherOf,
  isExplored,
  ofType,
  playForced,
  round,
  tryRound,
} from "../../fixtures/builders.ts";
import type { FisherInit } from "../../fixtures/builders.ts";

const hazard = (o: Partial<Hazard> = {}): Hazard => ({
  id: "h",
  name: "Test hazard",
  flavour: "It bites.",
  size: 2,
  hp: 8,
  mod: 1,
  attacks: "hand",
  aim: "wound",
  ...o,
});

/** ana at [2,2,0] moves into the unexplored [3,2,0], which rolls bad (face 1 at level 0). */
const D = [3, 2, 0] as const;
const setup = (h: Partial<Hazard> = {}, f: FisherInit = {}, mode: HazardMode = "size-and-wounds") =>
  buildGame({
    fishers: [{ at: [2, 2, 0], ...f }],
    settings: { hazards: [hazard({ id: "other", name: "Other" }), hazard(h)], hazardMode: mode },
  });
const enterBad = { "check:ana": 10, "explore:3,2,0": 1, "hazard:ana": 2 };

describe("H1 table", () => {
  test("H1 a bad exploration draws one hazard from the lake's table (1dN over its N entries)", () => {
    const r = playForced(setup({ name: "Lamprey" }), round({ ana: act.move(D) }), {
      ...enterBad,
      "hazardAttack:ana": 1,
    });
    expect(r.requests.find((q) => q.kind === "hazard")).toMatchObject({
      formula: "1d2",
      audience: "all",
    });
    expect(ofType(r.events, "hazard")[0]).toMatchObject({
      name: "Lamprey",
      hazard: "h",
      avoided: false,
    });
  });

  test("H1 the default table holds hazards with their combat stats: Size 0-7, HP, attack modifier, reach and aim", () => {
    expect(DEFAULT_HAZARDS.length).toBeGreaterThan(0);
    const aims = new Set(DEFAULT_HAZARDS.map((h) => h.aim));
    for (const h of DEFAULT_HAZARDS) {
      expect(h.size).toBeGreaterThanOrEqual(0);
      expect(h.size).toBeLessThanOrEqual(7);
      expect(h.hp).toBeGreaterThan(0);
      expect(["range", "reach", "hand"]).toContain(h.attacks);
    }
    expect(aims.size).toBeGreaterThanOrEqual(5);
  });
});

describe("H2 modes", () => {
  test("H2 narrative: the hazard is told in chat and nothing rolls", () => {
    const r = playForced(setup({}, {}, "narrative"), round({ ana: act.move(D) }), enterBad);
    expect(ofType(r.events, "hazard")[0]).toMatchObject({ mode: "narrative", name: "Test hazard" });
    expect(ofType(r.events, "hazard")[0]).not.toHaveProperty("attack");
  });

  test("H2 system: an attack against the character's AC, damage to its HP, and 0 HP is unconscious", () => {
    const g = setup({ mod: 3, size: 4 }, { ac: 15, hp: 6 }, "system");
    const r = playForced(g, round({ ana: act.move(D) }), {
      ...enterBad,
      "hazardAttack:ana": 15,
      "hazardDamage:ana": 8,
    });
    expect(r.requests.find((q) => q.kind === "hazardAttack")!.formula).toBe("1d20+5");
    expect(ofType(r.events, "hazard")[0]).toMatchObject({
      attack: 15,
      defense: 15,
      hit: true,
      damage: 8,
      hp: 0,
    });
    expect(fisherOf(r.state, "ana").condition).toBe("unconscious");
    const miss = playForced(g, round({ ana: act.move(D) }), {
      ...enterBad,
      "hazardAttack:ana": 14,
    });
    expect(ofType(miss.events, "hazard")[0]).toMatchObject({ hit: false });
  });
});

describe("H3 attack", () => {
  test("H3 the hazard rolls d20 + 1 per 4 HP + its modifier + 2 for the target entering its reach", () => {
    expect(hazardAttackBonus(hazard({ hp: 7, mod: 1 }))).toBe(1 + 1 + 2);
    expect(hazardAttackBonus(hazard({ hp: 8, mod: -1 }))).toBe(2 - 1 + 2);
    const r = playForced(setup({ hp: 13, mod: 2 }), round({ ana: act.move(D) }), {
      ...enterBad,
      "hazardAttack:ana": 3,
    });
    expect(r.requests.find((q) => q.kind === "hazardAttack")!.formula).toBe("1d20+7");
  });

  test("H3 it hits at the fisher's defense, dodge (3 + Wisdom) + 2 x protection (3 + armour + cover), and misses one below", () => {
    const f: FisherInit = { mods: { wisdom: 2 }, armor: 1 };
    const defense = 3 + 2 + 2 * (3 + 1);
    expect(defenseOf(buildGame({ fishers: [f] }).fishers[0]!)).toBe(defense);
    expect(defenseOf(buildGame({ fishers: [f] }).fishers[0]!, 2)).toBe(defense + 4);
    const hit = playForced(setup({}, f), round({ ana: act.move(D) }), {
      ...enterBad,
      "hazardAttack:ana": defense,
      "hazardDamage:ana": 1,
    });
    expect(ofType(hit.events, "hazard")[0]).toMatchObject({ attack: 13, defense: 13, hit: true });
    const miss = playForced(setup({}, f), round({ ana: act.move(D) }), {
      ...enterBad,
      "hazardAttack:ana": defense - 1,
    });
    expect(ofType(miss.events, "hazard")[0]).toMatchObject({ hit: false });
    expect(fisherOf(miss.state, "ana").hp).toBe(10);
  });
});

describe("H4 damage and aim", () => {
  test("H4 the damage die follows Size: 0-1 d2, 2 d4, 3 d6, 4 d8, 5 d10, 6 d12, 7 d20", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(sizeDie)).toEqual([2, 2, 4, 6, 8, 10, 12, 20]);
    const r = playForced(setup({ size: 6 }), round({ ana: act.move(D) }), {
      ...enterBad,
      "hazardAttack:ana": 20,
      "hazardDamage:ana": 12,
      "save:ana": 20,
    });
    expect(r.requests.find((q) => q.kind === "hazardDamage")!.formula).toBe("1d12");
  });

  test("H4 a player who chose HP loses that many HP when they have them, and the aim does nothing", () => {
    const r = playForced(setup({ aim: "restrain" }, { hp: 4 }), round({ ana: act.move(D) }), {
      ...enterBad,
      "hazardAttack:ana": 20,
      "hazardDamage:ana": 4,
    });
    expect(ofType(r.events, "hazard")[0]).toMatchObject({ took: "hp", hp: 0 });
    expect(fisherOf(r.state, "ana")).toMatchObject({ hp: 0, lostActions: 0, condition: "ok" });
  });

  const aimed = (aim: Aim, extra: Record<string, number> = {}, f: FisherInit = {}) =>
    playForced(setup({ aim }, { hazardChoice: "aim", ...f }), round({ ana: act.move(D) }), {
      ...enterBad,
      "hazardAttack:ana": 20,
      "hazardDamage:ana": 3,
      ...extra,
    });

  test("H4 without the HP, the fisher must accept the aim", () => {
    const r = playForced(setup({ aim: "seize" }, { hp: 2 }), round({ ana: act.move(D) }), {
      ...enterBad,
      "hazardAttack:ana": 20,
      "hazardDamage:ana": 3,
    });
    expect(ofType(r.events, "hazard")[0]).toMatchObject({
      took: "aim",
      aim: "seize",
      effect: "seized",
    });
    expect(fisherOf(r.state, "ana").hp).toBe(2);
  });

  test("H4 draw out pulls the fisher one level down, exploring the square below if new", () => {
    const r = aimed("drawOut", { "explore:3,2,1": 3 }); // face 3 at level 1 reads 2: no fish
    expect(fisherOf(r.state, "ana").at).toEqual([3, 2, 1]);
    expect(isExplored(r.state, [3, 2, 1])).toBe(true);
    expect(ofType(r.events, "moved").at(-1)).toMatchObject({ via: "hazard", to: [3, 2, 1] });
  });

  test("H4 draw out on the bottom level leaves the fisher where they are", () => {
    const g = buildGame({
      lake: { levels: 1 },
      fishers: [{ at: [2, 2, 0], hazardChoice: "aim" }],
      settings: { hazards: [hazard({ aim: "drawOut" })] },
    });
    const r = playForced(g, round({ ana: act.move(D) }), {
      "check:ana": 10,
      "explore:3,2,0": 1,
      "hazard:ana": 1,
      "hazardAttack:ana": 20,
      "hazardDamage:ana": 3,
    });
    expect(ofType(r.events, "hazard")[0]!.effect).toBe("noDeeper");
    expect(fisherOf(r.state, "ana").at).toEqual(D);
  });

  test("H4 disarm: the fisher drops the net and cannot Catch until a round spent recovering it, but may still move", () => {
    const r = aimed("disarm");
    expect(ofType(r.events, "hazard")[0]).toMatchObject({
      took: "aim",
      aim: "disarm",
      effect: "disarmed",
    });
    expect(fisherOf(r.state, "ana")).toMatchObject({ netDropped: true, lostActions: 0 });
    expect(viewFor(r.state, "player").fishers[0]).toMatchObject({ netDropped: true });
    // still free to move (a Move 17+ makes no catch attack without a net)
    const moved = playForced(r.state, round({ ana: act.move([3, 3, 0]) }), {
      "check:ana": 18,
      "explore:3,3,0": 2,
    });
    expect(fisherOf(moved.state, "ana").at).toEqual([3, 3, 0]);
    expect(ofType(moved.events, "attack")).toEqual([]);
    // a Catch declared without the net is the round spent recovering it: no roll
    const recover = playForced(moved.state, round({ ana: act.catch() }));
    expect(ofType(recover.events, "noAction")).toMatchObject([
      { fisher: "ana", reason: "disarmed" },
    ]);
    expect(fisherOf(recover.state, "ana").netDropped).toBeUndefined();
    const back = playForced(recover.state, round({ ana: act.catch() }), { "attack:ana": 3 });
    expect(ofType(back.events, "check")).toHaveLength(1);
  });

  test("H4 a fisher disarmed while entering a square makes no catch attack there that round", () => {
    const r = playForced(
      setup({ aim: "disarm" }, { hazardChoice: "aim" }),
      round({ ana: act.move(D) }),
      {
        "check:ana": 19,
        "explore:3,2,0": 1,
        "hazard:ana": 2,
        "hazardAttack:ana": 20,
        "hazardDamage:ana": 1,
      },
    );
    expect(ofType(r.events, "attack")).toMatchObject([{ result: "skipped" }]);
  });

  test("H4 push back moves the fisher to a random neighbouring square (1dN over the K2 neighbours)", () => {
    const r = aimed("pushBack", { "displace:ana": 1, "explore:2,1,0": 2 });
    expect(r.requests.find((q) => q.kind === "displace")!.formula).toBe("1d9");
    expect(fisherOf(r.state, "ana").at).toEqual([2, 1, 0]);
    expect(isExplored(r.state, [2, 1, 0])).toBe(true); // entering a new square by a push explores it (K21)
  });

  test("H4 restrain and seize cost the fisher their next action", () => {
    for (const aim of ["restrain", "seize"] as const) {
      const r = aimed(aim);
      expect(fisherOf(r.state, "ana")).toMatchObject({
        lostActions: 1,
        lostReason: aim === "restrain" ? "restrained" : "seized",
      });
      const next = playForced(r.state, round({}));
      expect(ofType(next.events, "noAction")[0]!.reason).toBe(
        aim === "restrain" ? "restrained" : "seized",
      );
      expect(fisherOf(next.state, "ana").lostActions).toBe(0);
    }
  });

  test("H4 a seize during a Move 17+ costs the next round, not the catch attack the move still makes", () => {
    const r = playForced(
      setup({ aim: "seize" }, { hazardChoice: "aim" }),
      round({ ana: act.move(D) }),
      {
        "check:ana": 18,
        "explore:3,2,0": 1,
        "hazard:ana": 2,
        "hazardAttack:ana": 20,
        "hazardDamage:ana": 3,
      },
    );
    expect(ofType(r.events, "attack")).toMatchObject([{ result: "noFish" }]);
    expect(fisherOf(r.state, "ana")).toMatchObject({ lostActions: 1, lostReason: "seized", at: D });
  });

  test("H4 throw lands the fisher on a random neighbouring square and their next check is at -4", () => {
    const r = aimed("throw", { "displace:ana": 9, "explore:3,2,1": 3 }, { mods: { stealth: 1 } });
    expect(fisherOf(r.state, "ana")).toMatchObject({ at: [3, 2, 1], checkPenalty: 4 });
    const next = playForced(r.state, round({ ana: act.move([3, 2, 0]) }), {
      "check:ana": { natural: 10 },
    });
    expect(next.requests[0]!.formula).toBe("1d20-3");
    expect(ofType(next.events, "check")[0]!.total).toBe(7);
    const after = playForced(next.state, round({ ana: act.move([3, 2, 1]) }), { "check:ana": 10 });
    expect(after.requests[0]!.formula).toBe("1d20+1");
  });

  test("H4 a thrown fisher's -4 is the engine's: the check request carries it as its rule modifier", () => {
    const r = aimed("throw", { "displace:ana": 9, "explore:3,2,1": 3 }, { mods: { stealth: 1 } });
    const ana = fisherOf(r.state, "ana");
    const q = checkRequest(ana, "move");
    expect(q).toMatchObject({
      key: "check:ana",
      formula: "1d20-3",
      modifier: -3,
      ruleModifier: -4,
    });
    // a game system's roll of Ana's Stealth (her own +1, natural 10) counts as the formula's roll
    expect(systemAnswer(q, { total: 11, natural: 10 })).toEqual({ total: 7, natural: 10 });
    // the round asks exactly that request, and a system-rolled answer gives the same check
    const next = playForced(r.state, round({ ana: act.move([3, 2, 0]) }), {
      "check:ana": systemAnswer(q, { total: 11, natural: 10 }),
    });
    expect(next.requests[0]).toEqual(q);
    expect(ofType(next.events, "check")[0]!.total).toBe(7);
    // spent: the next check has no rule modifier, and a system roll counts as rolled
    const after = checkRequest(fisherOf(next.state, "ana"), "move");
    expect(after).not.toHaveProperty("ruleModifier");
    expect(systemAnswer(after, { total: 11, natural: 10 })).toEqual({ total: 11, natural: 10 });
  });

  test("H4 a Catch's check is its attack: the throw's -4 is on the attack request, not on a later one", () => {
    const r = aimed("throw", { "displace:ana": 9, "explore:3,2,1": 3 }, { mods: { attack: 5 } });
    const q = checkRequest(fisherOf(r.state, "ana"), "catch");
    expect(q).toMatchObject({
      kind: "attack",
      key: "attack:ana",
      formula: "1d20+1",
      ruleModifier: -4,
    });
  });

  test("H4 property: any system roll of any check, thrown or not, counts as the engine's formula would", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -20, max: 50 }),
        fc.constantFrom(0, 4),
        fc.constantFrom("catch", "track", "move", "herd"),
        fc.boolean(),
        (natural, mod, penalty, action, withNatural) => {
          const base = buildGame({ fishers: [{ mods: { [CHECK_FOR[action]]: mod } }] });
          const f = { ...base.fishers[0]!, checkPenalty: penalty };
          const q = checkRequest(f, action);
          const raw = withNatural ? { total: natural + mod, natural } : { total: natural + mod };
          const counted = systemAnswer(q, raw);
          expect(counted.total).toBe(natural + q.modifier);
          expect(counted.natural).toBe(withNatural ? natural : undefined);
        },
      ),
      { numRuns: 200 },
    );
  });

  test("H4 the choice is asked only when it is open: a hit, an aim that is not a wound, and the HP to lose", () => {
    const asked = (r: { requests: readonly { kind: string }[] }) =>
      r.requests.filter((q) => q.kind === "hazardChoice");
    const open = playForced(setup({ aim: "seize" }, { hp: 4 }), round({ ana: act.move(D) }), {
      ...enterBad,
      "hazardAttack:ana": 20,
      "hazardDamage:ana": 4,
    });
    expect(asked(open)).toMatchObject([
      {
        key: "hazardChoice:ana",
        formula: "1d2",
        audience: "all",
        fisher: "ana",
        decision: {
          fallback: HAZARD_CHOICE.hp,
          facts: { hazard: "h", name: "Test hazard", aim: "seize", damage: 4, hp: 4, at: D },
        },
      },
    ]);
    // no HP to lose, a wound, a miss: nothing to choose, nothing asked
    const cases = [
      [{ aim: "seize" as const }, { "hazardAttack:ana": 20, "hazardDamage:ana": 3 }, { hp: 2 }],
      [{ aim: "wound" as const }, { "hazardAttack:ana": 20, "hazardDamage:ana": 3 }, {}],
      [{ aim: "seize" as const }, { "hazardAttack:ana": 1 }, {}],
    ] as const;
    for (const [h, dice, f] of cases)
      expect(
        asked(playForced(setup(h, f), round({ ana: act.move(D) }), { ...enterBad, ...dice })),
      ).toEqual([]);
    // H2 system and narrative: damage to HP only, or nothing rolled: never asked
    const system = playForced(setup({ aim: "seize" }, {}, "system"), round({ ana: act.move(D) }), {
      ...enterBad,
      "hazardAttack:ana": 20,
      "hazardDamage:ana": 1,
    });
    expect(asked(system)).toEqual([]);
  });

  test("H4 the question names the square where the hazard struck, the hazard event's own, and tells nothing more", () => {
    // ana takes the draw-out, is pulled into [3,2,1], which rolls bad too: a second question there
    const r = playForced(setup({ aim: "drawOut" }), round({ ana: act.move(D) }), {
      ...enterBad,
      "explore:3,2,1": 1,
      "hazard:ana": [2, 2],
      "hazardAttack:ana": [20, 20],
      "hazardDamage:ana": [3, 3],
      "hazardChoice:ana": [HAZARD_CHOICE.aim, HAZARD_CHOICE.hp],
    });
    const asked = r.requests.filter((q) => q.kind === "hazardChoice");
    const hazards = ofType(r.events, "hazard");
    expect(asked.map((q) => q.decision?.facts.at)).toEqual([
      [3, 2, 0],
      [3, 2, 1],
    ]);
    expect(hazards.map((e) => e.at)).toEqual([
      [3, 2, 0],
      [3, 2, 1],
    ]);
    // the facts are the hazard event's, public once the round resolves; no other key came in
    for (const q of asked)
      expect(Object.keys(q.decision!.facts).sort()).toEqual(
        ["aim", "at", "damage", "hazard", "hp", "name"].sort(),
      );
    expect(asked[1]!.decision!.facts).toMatchObject({ name: "Test hazard", damage: 3, hp: 10 });
  });

  test("H4 the player's answer decides, whatever the standing choice: 1 loses the HP, 2 accepts the aim", () => {
    const hit = { ...enterBad, "hazardAttack:ana": 20, "hazardDamage:ana": 3 };
    const aim = playForced(setup({ aim: "seize" }), round({ ana: act.move(D) }), {
      ...hit,
      "hazardChoice:ana": HAZARD_CHOICE.aim,
    });
    expect(ofType(aim.events, "hazard")[0]).toMatchObject({ took: "aim", effect: "seized" });
    expect(fisherOf(aim.state, "ana")).toMatchObject({ hp: 10, lostActions: 1 });
    const hp = playForced(
      setup({ aim: "seize" }, { hazardChoice: "aim" }),
      round({ ana: act.move(D) }),
      { ...hit, "hazardChoice:ana": HAZARD_CHOICE.hp },
    );
    expect(ofType(hp.events, "hazard")[0]).toMatchObject({ took: "hp", hp: 7 });
    expect(fisherOf(hp.state, "ana")).toMatchObject({ hp: 7, lostActions: 0 });
    expect([1, 2, 3].map(hazardChoiceOf)).toEqual(["hp", "aim", "hp"]);
  });

  test("H4 the seeded driver answers the standing choice without drawing from the PRNG; an exported game replays the answer", () => {
    const g = setup({ aim: "seize" }, { hazardChoice: "aim" });
    const prng = new Xoshiro128(g.rng);
    const answer = seededDriver(prng).roll({
      ...makeRequest("hazardChoice", "hazardChoice:ana", "1d2", "all", "ana"),
      decision: { fallback: 2, facts: {} },
    });
    expect(answer).toEqual({ total: 2 });
    expect(prng.state()).toEqual(g.rng);
    const setupOf: GameSetup = {
      seed: 3,
      lake: { width: 4, height: 4, levels: 2, verticalAdjacency: true },
      settings: { hazards: [hazard({ aim: "seize" })] },
      fishers: [{ id: "ana", at: [2, 2, 0], hazardChoice: "aim" }],
    };
    const forced = new Map([
      ["check:ana", [{ total: 10 }]],
      ["explore:3,2,0", [{ total: 1 }]],
      ["hazardAttack:ana", [{ total: 20 }]],
      ["hazardDamage:ana", [{ total: 2 }]],
      ["hazardChoice:ana", [{ total: HAZARD_CHOICE.hp }]],
    ]);
    const played = playRound(startSession(setupOf), round({ ana: act.move(D) }), forced);
    if (!played.ok) throw new Error(played.error.message);
    expect(played.session.rounds[0]!.rolls).toContainEqual({ key: "hazardChoice:ana", total: 1 });
    const scenario = exportScenario(played.session);
    expect(scenario.rounds[0]!.rolls?.["hazardChoice:ana"]).toEqual([1]);
    const replayed = playScenario(JSON.parse(JSON.stringify(scenario)));
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(replayed.session.log).toEqual(played.session.log);
    expect(replayed.session.state).toEqual(played.session.state);
    expect(ofType(replayed.session.log, "hazard")[0]).toMatchObject({ took: "hp", hp: 8 });
  });

  test("H4 wound: HP must be lost, whatever the player chose", () => {
    const r = aimed("wound");
    expect(ofType(r.events, "hazard")[0]).toMatchObject({ took: "wound", hp: 7 });
    expect(fisherOf(r.state, "ana").hp).toBe(7);
  });
});

describe("H5 wounding", () => {
  const wounded = (hp: number, damage: number, save: number, con = 0) =>
    playForced(
      setup({ aim: "wound", size: 7 }, { hp, mods: { constitution: con } }),
      round({ ana: act.move(D) }),
      {
        ...enterBad,
        "hazardAttack:ana": 20,
        "hazardDamage:ana": damage,
        "save:ana": save,
      },
    );

  test("H5 the excess of damage over HP sets the wound: 2 or less Light DC 12, 3-5 Serious DC 15, 6+ Critical DC 18", () => {
    expect(woundFor(1)).toMatchObject({ wound: "light", dc: 12 });
    expect(woundFor(2)).toMatchObject({ wound: "light", dc: 12 });
    expect(woundFor(3)).toMatchObject({ wound: "serious", dc: 15 });
    expect(woundFor(5)).toMatchObject({ wound: "serious", dc: 15 });
    expect(woundFor(6)).toMatchObject({ wound: "critical", dc: 18 });
    const r = wounded(4, 10, 18, 2);
    expect(r.requests.find((q) => q.kind === "save")).toMatchObject({ formula: "1d20+2" });
    expect(ofType(r.events, "hazard")[0]).toMatchObject({
      wound: "critical",
      dc: 18,
      save: 18,
      hp: 0,
    });
  });

  test("H5 saves: Light fine or unconscious, Serious unconscious or dying, Critical dying or dead, at the DC exactly", () => {
    const cases: [number, number, string][] = [
      [12, 2, "ok"],
      [11, 2, "unconscious"],
      [15, 5, "unconscious"],
      [14, 3, "dying"],
      [18, 6, "dying"],
      [17, 9, "dead"],
    ];
    for (const [save, excess, condition] of cases)
      expect(fisherOf(wounded(3, 3 + excess, save).state, "ana").condition).toBe(condition);
  });

  test("H5 damage equal to current HP is no wound and rolls no save", () => {
    const r = playForced(setup({ aim: "wound" }, { hp: 3 }), round({ ana: act.move(D) }), {
      ...enterBad,
      "hazardAttack:ana": 20,
      "hazardDamage:ana": 3,
    });
    expect(fisherOf(r.state, "ana")).toMatchObject({ hp: 0, condition: "ok" });
  });

  test("H5 an unconscious or dying fisher takes no actions until the GM revives them", () => {
    const down = wounded(3, 6, 2).state;
    expect(fisherOf(down, "ana").condition).toBe("dying");
    const refused = tryRound(down, round({ ana: act.move([2, 2, 0]) }));
    expect(!refused.ok && refused.error.code).toBe("cannotAct");
    const idle = playForced(down, round({}));
    expect(ofType(idle.events, "noAction")[0]!.reason).toBe("dying");
    const back = playForced(down, round({ ana: act.move([2, 2, 0]) }, ["ana"]), { "check:ana": 8 });
    expect(ofType(back.events, "revived")).toHaveLength(1);
    expect(fisherOf(back.state, "ana")).toMatchObject({ condition: "ok", hp: 1, at: [2, 2, 0] });
    const dead = wounded(3, 9, 1).state;
    const noRevive = tryRound(dead, round({}, ["ana"]));
    expect(!noRevive.ok && noRevive.error).toMatchObject({
      code: "cannotRevive",
      field: "revive[0]",
    });
  });
});

describe("H6 avoided", () => {
  test("H6 a hazard found by Track is avoided: named in the tracker's whisper, and nothing else rolls", () => {
    const g = setup({ name: "Lamprey" });
    const r = playForced(g, round({ ana: act.track(D) }), {
      "check:ana": 8,
      "explore:3,2,0": 1,
      "hazard:ana": 2,
    });
    expect(r.requests.map((q) => q.kind)).toEqual(["check", "explore", "hazard"]);
    expect(r.requests[2]!.audience).toEqual({ fisher: "ana" });
    expect(ofType(r.events, "tracked")[0]).toMatchObject({
      audience: { fisher: "ana" },
      avoidedHazard: "Lamprey",
    });
    expect(ofType(r.events, "hazard")).toEqual([]);
    expect(JSON.stringify(r.events.filter((e) => e.audience === "all"))).not.toContain("Lamprey");
    expect(fisherOf(r.state, "ana")).toMatchObject({ hp: 10, at: [2, 2, 0] });
  });
});
