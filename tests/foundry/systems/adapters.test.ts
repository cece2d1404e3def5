/**
 * The system adapters against real-shaped actor data and roll messages (tests/fixtures/systems:
 * dnd5e release-4.4.4 / release-5.3.3, pf2e stored commits named there).
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dnd5eAdapter, dnd5eMode, isNet, netAttack } from "../../../src/foundry/systems/dnd5e.ts";
import {
  contextOf,
  dexAttack,
  identifierOf,
  pf2eAdapter,
  pf2eMode,
} from "../../../src/foundry/systems/pf2e.ts";
import {
  DEFAULT_GENERIC_FORMULAS,
  formulaModifier,
  genericAdapter,
  validateGenericFormulas,
} from "../../../src/foundry/systems/generic.ts";
import {
  AUTO,
  SYSTEM_ADAPTERS,
  adapterChoices,
  chooseAdapter,
} from "../../../src/foundry/systems/index.ts";
import { getPath, naturalOf, outcomeOf } from "../../../src/foundry/systems/common.ts";
import type { ActorLike, MessageLike } from "../../../src/foundry/systems/types.ts";
import {
  d20Roll,
  dnd5e4RollSkillV2Args,
  dnd5eAna,
  dnd5eAttackMessage,
  dnd5eBo,
  dnd5eRollSkillV2Args,
  dnd5eSkillMessage,
  net2014,
} from "../../fixtures/systems/dnd5e.ts";
import { netStrikeData, pf2eCharacter, pf2eCheckMessage } from "../../fixtures/systems/pf2e.ts";
import { withDnd5eRolls, withPf2eRolls } from "../../fixtures/systems/system-fakes.ts";

const actors = new Map<string, ActorLike>([
  [dnd5eAna.id!, dnd5eAna],
  [dnd5eBo.id!, dnd5eBo],
]);
const actorOf = (id: string) => actors.get(id);

describe("dnd5e adapter (4.4.4 and 5.3.3 data)", () => {
  it("K6: Survival, Stealth and Animal Handling modifiers are the prepared skill totals", () => {
    const m = dnd5eAdapter.mods(dnd5eAna);
    expect(m).toMatchObject({
      survival: 4,
      stealth: 5,
      animalHandling: 2,
      initiative: 3,
      wisdom: 2,
      constitution: 1,
    });
  });

  it("K9: the 2014 Net's attack activity gives the attack (labels.modifier) and Dex the damage modifier", () => {
    expect(isNet(net2014)).toBe(true);
    expect(netAttack(dnd5eAna)?.activity.type).toBe("attack");
    expect(dnd5eAdapter.mods(dnd5eAna)).toMatchObject({ attack: 5, damage: 3 });
  });

  it("K9: the 2024 Net has no attack activity, so the attack is proficiency + Dex", () => {
    expect(netAttack(dnd5eBo)).toBeUndefined();
    // Bo: Dex 14 (+2), proficiency +2
    expect(dnd5eAdapter.mods(dnd5eBo)).toMatchObject({
      attack: 4,
      damage: 2,
      stealth: 4,
      initiative: 2,
    });
  });

  it("K9: the SRD net deals no damage of its own, so the lake's net damage applies", () => {
    expect(dnd5eAdapter.netDamage(dnd5eAna)).toBeUndefined();
    const homebrew = {
      ...dnd5eAna,
      items: [
        {
          ...net2014,
          system: { ...net2014.system, damage: { base: { number: 1, denomination: 4 } } },
        },
      ],
    };
    expect(dnd5eAdapter.netDamage(homebrew)).toBe("1d4+@mod");
  });

  it("reads a 5.3.3 skill roll message: skillId sur is Survival, total and natural from its d20 (a core Die in the stored message)", () => {
    const msg = dnd5eSkillMessage("m1", "u1", dnd5eAna, "sur", 13, 4);
    expect(dnd5eAdapter.readMessage(msg, actorOf)).toEqual({
      actorId: dnd5eAna.id,
      kind: "survival",
      total: 17,
      natural: 13,
      messageId: "m1",
    });
    expect(
      dnd5eAdapter.readMessage(dnd5eSkillMessage("m2", "u1", dnd5eAna, "ath", 13, 0), actorOf),
    ).toBeNull();
  });

  it("reads an attack message only when the item is the actor's net", () => {
    const net = dnd5eAttackMessage("m3", "u1", dnd5eAna, net2014, 20, 5);
    expect(dnd5eAdapter.readMessage(net, actorOf)).toMatchObject({
      kind: "attack",
      total: 25,
      natural: 20,
    });
    const sword = dnd5eAttackMessage(
      "m4",
      "u1",
      dnd5eAna,
      { id: "sword", type: "weapon", uuid: "x" },
      20,
      5,
    );
    expect(dnd5eAdapter.readMessage(sword, actorOf)).toBeNull();
  });

  it("advantage: the natural is the kept die", () => {
    expect(naturalOf(d20Roll(17, 4, [3]))).toBe(17);
    expect(outcomeOf({ total: undefined })).toBeNull();
  });

  it("reads the dnd5e.rollSkillV2 hook as 5.3.3 and 4.4.4 fire it", () => {
    const hook = dnd5eAdapter.rollHooks.find((h) => h.name === "dnd5e.rollSkillV2")!;
    expect(hook.read(...dnd5eRollSkillV2Args(dnd5eAna, "ste", 9, 5, "mX"))).toEqual({
      actorId: dnd5eAna.id,
      kind: "stealth",
      total: 14,
      natural: 9,
      messageId: "mX",
    });
  });

  it("rolls a skill through actor.rollSkill with the roll mode and the request mark", async () => {
    const posted: { data: MessageLike; mode: string | undefined }[] = [];
    const hooks: string[] = [];
    const actor = withDnd5eRolls(structuredClone({ ...dnd5eAna, getRollData: undefined }), {
      post: async (data, mode) => (posted.push({ data, mode }), data),
      d20: () => 11,
      userId: () => "u1",
      callAll: (h) => hooks.push(h),
    });
    const out = await dnd5eAdapter.roll(actor, "animalHandling", {
      rollMode: "blindroll",
      request: { round: 2, fisher: "ana", kind: "animalHandling" },
    });
    expect(out).toMatchObject({ total: 13, natural: 11 });
    expect(posted[0]!.mode).toBe("blindroll");
    expect(posted[0]!.data.flags).toMatchObject({
      dnd5e: { roll: { skillId: "ani", type: "skill" } },
      "kolikoly-fishing": { request: { round: 2, fisher: "ana", kind: "animalHandling" } },
    });
    expect(hooks).toEqual(["dnd5e.rollSkillV2"]);
    // the GM reads the created message back, request mark and all
    expect(dnd5eAdapter.readMessage(posted[0]!.data, actorOf)).toMatchObject({
      kind: "animalHandling",
      request: { round: 2, fisher: "ana" },
    });
  });

  it.each([
    // [generation, game.system.version, stand-in release, the words message.rollMode carries]
    [13, "4.4.4", "4.4.4", "gmroll"],
    [13, "5.3.3", "5.3.3", "gmroll"],
    [14, "5.3.3", "5.3.3", "gm"],
    [14, "6.0.6", "6.0.6", "gm"],
  ] as const)(
    "on v%i with dnd5e %s the mode is said in the words that version lists, for skills and the net",
    async (generation, version, release, words) => {
      const posted: (string | undefined)[] = [];
      const actor = withDnd5eRolls(structuredClone({ ...dnd5eAna, getRollData: undefined }), {
        post: async (data, mode) => (posted.push(mode), data),
        d20: () => 11,
        userId: () => "u1",
        generation,
        dnd5e: release,
      });
      const opts = { rollMode: "gmroll", generation, systemVersion: version } as const;
      await dnd5eAdapter.roll(actor, "survival", opts);
      await dnd5eAdapter.roll(actor, "attack", opts);
      expect(posted).toEqual([words, words]);
    },
  );

  it("dnd5e 5.3.0 and 5.3.1 list v13's names on v14 too; 5.3.2 on v14's (getMessageMode, [#6958])", () => {
    const on = (systemVersion: string, generation = 14) =>
      dnd5eMode({ rollMode: "blindroll", generation, systemVersion });
    expect(on("5.3.1")).toBe("blindroll");
    expect(on("5.3.2")).toBe("blind");
    expect(on("6.1.0")).toBe("blind");
    expect(on("5.3.3", 13)).toBe("blindroll");
    expect(dnd5eMode({ generation: 14, systemVersion: "6.0.6" })).toBeUndefined();
  });

  it("released dnd5e 6 stores a check as a `check` message and an attack as an `attack` message: both read", async () => {
    const posted: MessageLike[] = [];
    const actor = withDnd5eRolls(structuredClone({ ...dnd5eAna, getRollData: undefined }), {
      post: async (data) => (posted.push(data), data),
      d20: () => 7,
      userId: () => "u1",
      generation: 14,
      dnd5e: "6.0.6",
    });
    const opts = { generation: 14, systemVersion: "6.0.6" };
    await dnd5eAdapter.roll(actor, "survival", opts);
    await dnd5eAdapter.roll(actor, "attack", opts);
    expect(posted.map((m) => [m.type, getPath(m.flags, "dnd5e.roll")])).toEqual([
      ["check", undefined],
      ["attack", undefined],
    ]);
    expect(dnd5eAdapter.readMessage(posted[0]!, actorOf)).toMatchObject({
      kind: "survival",
      natural: 7,
    });
    expect(dnd5eAdapter.readMessage(posted[1]!, actorOf)).toMatchObject({
      kind: "attack",
      natural: 7,
    });
    // a check of another skill, and an attack with another item, are not the module's
    const other = { ...posted[0]!, system: { ...(posted[0]!.system as object), skill: "ath" } };
    expect(dnd5eAdapter.readMessage(other, actorOf)).toBeNull();
    const sword = {
      ...posted[1]!,
      system: { ...(posted[1]!.system as object), item: { id: "notTheNet000000" } },
    };
    expect(dnd5eAdapter.readMessage(sword, actorOf)).toBeNull();
  });

  it("K9: the module's net attack leaves the Net on the sheet; a player's own attack still spends it", async () => {
    // a minimal Hooks registry standing in for Foundry's (on/off/callAll, client/helpers/hooks.mjs)
    const listeners = new Map<number, { name: string; fn: (...a: unknown[]) => void }>();
    let next = 1;
    const g = globalThis as unknown as { Hooks?: unknown };
    const before = g.Hooks;
    g.Hooks = {
      on: (name: string, fn: (...a: unknown[]) => void) => (
        listeners.set(next, { name, fn }),
        next++
      ),
      off: (_name: string, id: number) => void listeners.delete(id),
    };
    try {
      const actor = withDnd5eRolls(structuredClone({ ...dnd5eAna, getRollData: undefined }), {
        post: async (d) => d,
        d20: () => 12,
        userId: () => "u1",
        callAll: (h, ...a) =>
          [...listeners.values()].filter((l) => l.name === h).forEach((l) => l.fn(...a)),
      });
      const net = netAttack(actor)!;
      const quantity = () => (net.item.system as { quantity: number }).quantity;
      expect(quantity()).toBe(1);
      await dnd5eAdapter.roll(actor, "attack", {});
      await dnd5eAdapter.roll(actor, "attack", {});
      expect(quantity()).toBe(1);
      expect(listeners.size).toBe(0);
      // outside the module's roll, dnd5e's own rule applies
      await net.activity.rollAttack!({}, {}, {});
      expect(quantity()).toBe(0);
    } finally {
      g.Hooks = before;
    }
  });

  it("dnd5e 4.4 sets no roll.parent: the module's roll is found in game.messages by its request mark", async () => {
    const g = globalThis as unknown as { game?: unknown };
    const before = g.game;
    const messages: MessageLike[] = [];
    g.game = { release: { generation: 13 }, messages: { contents: messages } };
    try {
      const actor = withDnd5eRolls(structuredClone({ ...dnd5eAna, getRollData: undefined }), {
        post: async (d) => (messages.push(d), d),
        d20: () => 9,
        userId: () => "u1",
        dnd5e: "4.4.4",
      });
      const request = { round: 3, fisher: "ana", kind: "survival" as const };
      const skill = await dnd5eAdapter.roll(actor, "survival", { request });
      expect(skill?.messageId).toBe(messages.at(-1)!.id);
      const attack = await dnd5eAdapter.roll(actor, "attack", {
        request: { ...request, kind: "attack" },
      });
      expect(attack?.messageId).toBe(messages.at(-1)!.id);
      expect(attack?.messageId).not.toBe(skill?.messageId);
    } finally {
      g.game = before;
    }
  });

  it("rolls the net attack through the Net's attack activity", async () => {
    const posted: MessageLike[] = [];
    const actor = withDnd5eRolls(structuredClone({ ...dnd5eAna, getRollData: undefined }), {
      post: async (d) => (posted.push(d), d),
      d20: () => 1,
      userId: () => "u1",
    });
    const out = await dnd5eAdapter.roll(actor, "attack", {});
    expect(out).toMatchObject({ total: 6, natural: 1 });
    expect(posted[0]!.flags).toMatchObject({
      dnd5e: { roll: { type: "attack" }, item: { id: net2014.id } },
    });
  });

  it("4.4.4's rollSkillV2 payload (no roll.parent) still reads", () => {
    const hook = dnd5eAdapter.rollHooks.find((h) => h.name === "dnd5e.rollSkillV2")!;
    expect(hook.read(...dnd5e4RollSkillV2Args(dnd5eBo, "sur", 2, 4))).toEqual({
      actorId: dnd5eBo.id,
      kind: "survival",
      total: 6,
      natural: 2,
    });
  });
});

describe("pf2e adapter", () => {
  const pc = pf2eCharacter("pf2eCara0000000", "Cara");

  it("K6: Survival, Stealth and Nature (herding) from the actor's statistics; initiative from Perception", () => {
    expect(pf2eAdapter.mods(pc)).toMatchObject({
      survival: 7,
      stealth: 10,
      animalHandling: 7,
      initiative: 7,
      wisdom: 2,
      constitution: 1,
      damage: 3,
    });
  });

  it("reads prepared system data when the statistics are absent (older data)", () => {
    const plain = { ...pc, skills: undefined, perception: undefined };
    expect(pf2eAdapter.mods(plain)).toMatchObject({
      survival: 7,
      stealth: 10,
      animalHandling: 7,
      initiative: 7,
    });
  });

  it("K9: the Player Core net is equipment: Dex + simple-weapon proficiency (level 3, trained: +5) = 8", () => {
    expect(dexAttack(pc)).toBe(8);
    expect(pf2eAdapter.mods(pc).attack).toBe(8);
    expect(pf2eAdapter.netDamage(pc)).toBeUndefined();
  });

  it("K9: a net Strike's total modifier and damage dice win", () => {
    const withNet = pf2eCharacter("pf2eDov0000000", "Dov", [netStrikeData]);
    expect(pf2eAdapter.mods(withNet).attack).toBe(9);
    expect(pf2eAdapter.netDamage(withNet)).toBe("1d4+@mod");
  });

  it("reads check messages from flags.pf2e.context and from 7.x system.context", () => {
    const a = pf2eCheckMessage(
      "p1",
      "u2",
      { id: pc.id, name: pc.name },
      "survival",
      "skill-check",
      12,
      7,
    );
    expect(pf2eAdapter.readMessage(a, () => undefined)).toEqual({
      actorId: pc.id,
      kind: "survival",
      total: 19,
      natural: 12,
      messageId: "p1",
    });
    const b = pf2eCheckMessage(
      "p2",
      "u2",
      { id: pc.id, name: pc.name },
      "nature",
      "skill-check",
      4,
      7,
      { where: "system" },
    );
    expect(contextOf(b)?.type).toBe("skill-check");
    expect(pf2eAdapter.readMessage(b, () => undefined)).toMatchObject({
      kind: "animalHandling",
      total: 11,
    });
    const c = pf2eCheckMessage(
      "p3",
      "u2",
      { id: pc.id, name: pc.name },
      "perception",
      "perception-check",
      20,
      7,
    );
    expect(pf2eAdapter.readMessage(c, () => undefined)).toMatchObject({
      kind: "initiative",
      natural: 20,
    });
    const d = pf2eCheckMessage(
      "p4",
      "u2",
      { id: pc.id, name: pc.name },
      "athletics",
      "skill-check",
      20,
      7,
    );
    expect(pf2eAdapter.readMessage(d, () => undefined)).toBeNull();
  });

  it("reads a Strike only when it is made with a net (item:slug:net roll option)", () => {
    const strike = pf2eCheckMessage(
      "p5",
      "u2",
      { id: pc.id, name: pc.name },
      "net",
      "attack-roll",
      15,
      9,
      {
        extraOptions: ["item:slug:net", "item:type:weapon"],
      },
    );
    expect(pf2eAdapter.readMessage(strike, () => undefined)).toMatchObject({
      kind: "attack",
      total: 24,
    });
    const sword = pf2eCheckMessage(
      "p6",
      "u2",
      { id: pc.id, name: pc.name },
      "longsword",
      "attack-roll",
      15,
      9,
      {
        extraOptions: ["item:slug:longsword"],
      },
    );
    expect(pf2eAdapter.readMessage(sword, () => undefined)).toBeNull();
  });

  it("rolls a skill through Statistic#roll with the roll mode and the request as identifier", async () => {
    const posted: { data: MessageLike; mode: string | undefined }[] = [];
    const actor = withPf2eRolls(pf2eCharacter("pf2eCara0000000", "Cara"), {
      post: async (data, mode) => (posted.push({ data, mode }), data),
      d20: () => 5,
      userId: () => "u2",
    });
    const out = await pf2eAdapter.roll(actor, "stealth", {
      rollMode: "gmroll",
      request: { round: 1, fisher: "cara", kind: "stealth" },
    });
    expect(out).toMatchObject({ total: 15, natural: 5 });
    expect(posted[0]!.mode).toBe("gmroll");
    const ctx = contextOf(posted[0]!.data)!;
    expect(ctx.identifier).toBe("kolikoly-fishing:1:cara:stealth");
    expect(pf2eAdapter.readMessage(posted[0]!.data, () => undefined)).toMatchObject({
      kind: "stealth",
      total: 15,
    });
  });
});

describe("pf2e: the mode in the words each version reads", () => {
  it.each([
    [13, "7.12.2", "7.12.2", "blindroll", { rollMode: "blindroll" }],
    [14, "8.5.1", "8.5.1", "blind", { messageMode: "blind" }],
  ] as const)(
    "on v%i with pf2e %s the check is posted in the mode asked, its context flag saying so",
    async (generation, version, release, words, flag) => {
      const posted: { data: MessageLike; mode: string | undefined }[] = [];
      const actor = withPf2eRolls(pf2eCharacter("pf2eCara0000000", "Cara"), {
        post: async (data, mode) => (posted.push({ data, mode }), data),
        d20: () => 5,
        userId: () => "u2",
        generation,
        pf2e: release,
      });
      await pf2eAdapter.roll(actor, "survival", {
        rollMode: "blindroll",
        generation,
        systemVersion: version,
      });
      expect(posted[0]!.mode).toBe(words);
      expect(contextOf(posted[0]!.data)).toMatchObject(flag);
    },
  );

  it("pf2e 8 does not read `rollMode` (the 8.0 types dropped it): sent alone, the user's mode would apply", () => {
    expect(pf2eMode({ rollMode: "gmroll", generation: 14, systemVersion: "8.5.1" })).toEqual({
      messageMode: "gm",
    });
    expect(pf2eMode({ rollMode: "gmroll", generation: 13, systemVersion: "7.12.2" })).toEqual({
      rollMode: "gmroll",
    });
    expect(pf2eMode({ generation: 14, systemVersion: "8.5.1" })).toEqual({});
  });
});

describe("the module's request mark in a pf2e check identifier", () => {
  it("round-trips through the message context, the resolution marker included", () => {
    const pc = pf2eCharacter("pf2eCara0000000", "Cara");
    const id = identifierOf({ round: 3, fisher: "f2", kind: "initiative", resolving: true });
    expect(id).toBe("kolikoly-fishing:3:f2:initiative:resolving");
    const m = pf2eCheckMessage(
      "p9",
      "u2",
      { id: pc.id, name: pc.name },
      "perception",
      "perception-check",
      9,
      7,
      {
        identifier: id,
      },
    );
    expect(pf2eAdapter.readMessage(m, () => undefined)).toMatchObject({
      kind: "initiative",
      request: { round: 3, fisher: "f2", kind: "initiative", resolving: true },
    });
    const foreign = pf2eCheckMessage(
      "p10",
      "u2",
      { id: pc.id, name: pc.name },
      "stealth",
      "skill-check",
      9,
      10,
      {
        identifier: "other-module:1:f2:stealth",
      },
    );
    expect(pf2eAdapter.readMessage(foreign, () => undefined)?.request).toBeUndefined();
  });
});

describe("generic adapter", () => {
  const actor: ActorLike = {
    id: "gen",
    name: "Gen",
    system: {},
    getRollData: () => ({
      abilities: { dex: { mod: 3 }, wis: { mod: -1 }, con: { mod: 2 } },
      skills: { sur: { total: 6 } },
    }),
  };

  it("evaluates the GM's formulas with the actor's roll data", () => {
    const a = genericAdapter({
      ...DEFAULT_GENERIC_FORMULAS,
      survival: "1d20 + @skills.sur.total + 1",
    });
    expect(a.mods(actor)).toMatchObject({
      attack: 3,
      survival: 7,
      stealth: 3,
      animalHandling: -1,
      initiative: 3,
      damage: 3,
      wisdom: -1,
      constitution: 2,
    });
    expect(formulaModifier("1d20 - @abilities.wis.mod", actor.getRollData!())).toBe(1);
  });

  it("refuses a check that is not 1d20 plus modifiers, and dice in a modifier", () => {
    expect(validateGenericFormulas(DEFAULT_GENERIC_FORMULAS).ok).toBe(true);
    const bad = validateGenericFormulas({ ...DEFAULT_GENERIC_FORMULAS, stealth: "2d6 + 3" });
    expect(bad).toMatchObject({ ok: false, error: { code: "badFormula", field: "stealth" } });
    const dice = validateGenericFormulas({ ...DEFAULT_GENERIC_FORMULAS, damage: "1d4" });
    expect(dice).toMatchObject({ ok: false, error: { field: "damage" } });
    const junk = validateGenericFormulas({ ...DEFAULT_GENERIC_FORMULAS, attack: "1d20 + wis" });
    expect(junk).toMatchObject({ ok: false, error: { field: "attack" } });
  });
});

describe("choosing the adapter", () => {
  it("by game.system.id, with the GM override winning, and generic for any other system", () => {
    expect([...SYSTEM_ADAPTERS.keys()].sort()).toEqual(["dnd5e", "pf2e"]);
    // every adapter file of the folder is listed: a new system's file left out would never be chosen
    const dir = new URL("../../../src/foundry/systems/", import.meta.url);
    const shared = [
      ...["index.ts", "types.ts", "common.ts", "generic.ts"],
      // the set-up bound (the roll checker itself is src/dice/)
      "check-bound.ts",
    ];
    const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && !shared.includes(f));
    expect(files.sort()).toEqual([...SYSTEM_ADAPTERS.keys()].map((id) => `${id}.ts`).sort());
    expect(chooseAdapter("dnd5e").id).toBe("dnd5e");
    expect(chooseAdapter("pf2e", AUTO).id).toBe("pf2e");
    expect(chooseAdapter("dnd5e", "generic").id).toBe("generic");
    expect(chooseAdapter("swade").id).toBe("generic");
    expect(Object.keys(adapterChoices())).toEqual(["auto", "dnd5e", "pf2e", "generic"]);
  });
});
