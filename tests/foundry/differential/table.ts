/**
 * The table a differential game is played at: the fake server of a Foundry generation, two GM
 * clients (the second takes over when the first leaves) and two players; one token per fisher,
 * named as the scenario names them, each fisher's character owned by a player or by no one (the
 * GM plays it); and on every client each character as the game system builds it, with exactly
 * the scenario's modifiers, armour class and hit points where the system keeps them, its dice
 * drawn from the table's one queue.
 *
 * The characters follow the fixtures' sources (tests/fixtures/systems/dnd5e.ts, pf2e.ts): dnd5e
 * 5.3.3 prepared data (skills' `total`, `attributes.init.total`, the net's attack label), pf2e's
 * statistics (`actor.skills.<slug>.mod`, `perception`, a net Strike), and for any other system
 * the generic adapter's formulas over the actor's roll data, set as the world setting a GM types.
 */
import type { FisherSpec, Mods } from "../../../src/rules/index.ts";
import { DEFAULT_MODS } from "../../../src/rules/index.ts";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import type { ActorLike } from "../../../src/foundry/systems/types.ts";
import { pf2eCharacter } from "../../fixtures/systems/pf2e.ts";
import { dnd5eAna } from "../../fixtures/systems/dnd5e.ts";
import type { SystemFakeOptions } from "../../fixtures/systems/system-fakes.ts";
import {
  pf2eStrikeRoll,
  withDnd5eRolls,
  withPf2eRolls,
} from "../../fixtures/systems/system-fakes.ts";
import { PlayerClient, PlayerServer, tableSystemVersion } from "../players/fake-players.ts";
import { standInOn } from "../players/actors.ts";
import { fisherToken } from "../fake/world.ts";
import type { DiceQueue } from "./dice.ts";

export type SystemId = "dnd5e" | "pf2e" | "generic";

export interface DiffTable {
  readonly server: PlayerServer;
  readonly gm: PlayerClient;
  readonly gm2: PlayerClient;
  readonly players: readonly [PlayerClient, PlayerClient];
  readonly sceneId: string;
  /** Each scenario fisher's token, by fisher id. */
  readonly tokens: Readonly<Record<string, string>>;
  /** Each fisher's owning player client, if a player owns it. */
  readonly owner: (fisher: string) => PlayerClient | undefined;
}

/** The generic adapter's formulas a GM would type for a system that keeps these numbers. */
export const GENERIC_FORMULAS = [
  "attack=1d20 + @kolikoly.attack",
  "survival=1d20 + @kolikoly.survival",
  "stealth=1d20 + @kolikoly.stealth",
  "animalHandling=1d20 + @kolikoly.animalHandling",
  "initiative=1d20 + @kolikoly.initiative",
  "damage=@kolikoly.damage",
  "wisdom=@kolikoly.wisdom",
  "constitution=@kolikoly.constitution",
].join("; ");

const modsOf = (f: Pick<FisherSpec, "mods">): Mods => ({ ...DEFAULT_MODS, ...(f.mods ?? {}) });

/** A dnd5e 5.3.3 character with exactly these numbers (a net whose attack is the attack mod). */
function dnd5eWith(id: string, f: FisherSpec): ActorLike {
  const m = modsOf(f);
  const { getRollData: _own, ...plain } = dnd5eAna;
  const base = structuredClone(plain) as ActorLike & { system: Record<string, unknown> };
  const sys = base.system as {
    abilities: Record<string, { mod: number }>;
    attributes: Record<string, unknown>;
    skills: Record<string, { mod: number; total: number; prof: { flat: number } }>;
  };
  sys.abilities.dex!.mod = m.damage; // the net's attack ability (ranged: Dexterity)
  sys.abilities.wis!.mod = m.wisdom;
  sys.abilities.con!.mod = m.constitution;
  for (const [k, v] of [
    ["sur", m.survival],
    ["ste", m.stealth],
    ["ani", m.animalHandling],
  ] as const) {
    const s = sys.skills[k]!;
    s.mod = v;
    s.total = v;
    s.prof = { ...s.prof, flat: 0 };
  }
  sys.attributes.init = {
    ...(sys.attributes.init as object),
    mod: m.initiative,
    total: m.initiative,
  };
  sys.attributes.ac = { value: f.ac ?? 10 };
  sys.attributes.hp = { value: f.hp ?? 10, max: f.hp ?? 10, temp: 0, tempmax: 0 };
  // H3 layers of armour as dnd5e keeps them: the equipped armour's weight (config.mjs armorTypes)
  const weight = ["", "light", "medium", "heavy"][f.armor ?? 0];
  if (weight)
    (base as unknown as { items: unknown[] }).items = [
      ...(base.items as unknown[]),
      {
        id: `armor${id}`.slice(0, 16),
        name: "Armor",
        type: "equipment",
        system: { equipped: true, type: { value: weight }, armor: { value: 12 } },
      },
    ];
  const [net] = base.items as unknown as {
    system: { activities: Record<string, { labels: Record<string, string> }> };
  }[];
  for (const a of Object.values(net!.system.activities))
    a.labels = {
      ...a.labels,
      modifier: String(m.attack),
      toHit: `${m.attack >= 0 ? "+" : ""}${m.attack}`,
    };
  return { ...base, id, name: f.name ?? f.id, getRollData: () => ({ ...sys, prof: 2 }) };
}

/** A pf2e character with exactly these numbers: skills, Perception, a net Strike. */
function pf2eWith(id: string, f: FisherSpec, so: SystemFakeOptions): ActorLike {
  const m = modsOf(f);
  const a = pf2eCharacter(id, f.name ?? f.id) as ReturnType<typeof pf2eCharacter> & {
    system: Record<string, unknown>;
  };
  const sys = a.system as {
    abilities: Record<string, { mod: number }>;
    attributes: Record<string, unknown>;
  };
  sys.abilities.dex!.mod = m.damage;
  sys.abilities.wis!.mod = m.wisdom;
  sys.abilities.con!.mod = m.constitution;
  sys.attributes.ac = { value: f.ac ?? 10 };
  sys.attributes.hp = { value: f.hp ?? 10, max: f.hp ?? 10, temp: 0 };
  // H3: the armour worn in its slot, its category (pf2e armour items: system.category)
  const category = ["", "light", "medium", "heavy"][f.armor ?? 0];
  if (category)
    (a as unknown as { items: unknown[] }).items = [
      {
        id: `armor${id}`.slice(0, 16),
        name: "Armor",
        type: "armor",
        system: { category, equipped: { carryType: "worn", inSlot: true } },
      },
    ];
  a.skills.survival!.mod = m.survival;
  a.skills.stealth!.mod = m.stealth;
  a.skills.nature!.mod = m.animalHandling;
  a.perception.mod = m.initiative;
  for (const s of [a.skills.survival!, a.skills.stealth!, a.skills.nature!, a.perception])
    (s as { check: { mod: number } }).check.mod = s.mod;
  // a net Strike (system.actions): pf2e's StrikeData, its first variant rolls the attack
  // (src/module/actor/character/document.ts prepareStrike: variants[].roll)
  (sys as Record<string, unknown>).actions = [
    {
      slug: "net",
      label: "Net",
      totalModifier: m.attack,
      ready: true,
      item: {
        slug: "net",
        name: "Net",
        type: "weapon",
        // a net deals no damage of its own: K9's formula applies
        system: { damage: { dice: 0, die: null } },
      },
      variants: [
        {
          label: `+${m.attack}`,
          roll: pf2eStrikeRoll(
            a,
            {
              slug: "net",
              mod: m.attack,
              domains: ["net", "net-check", "check", "all"],
              extraOptions: ["item:slug:net"],
            },
            so,
          ),
        },
      ],
    },
  ];
  return a;
}

/** A character of another system: its numbers in the roll data the GM's formulas read. */
function genericWith(id: string, f: FisherSpec): ActorLike {
  const m = modsOf(f);
  const system = { kolikoly: { ...m } };
  return { id, name: f.name ?? f.id, type: "character", system, getRollData: () => system };
}

/**
 * One scene with a token per fisher; fisher i's character owned by `owners[i]` (0: Ana's
 * player, 1: Bo's player, -1: no one). Both GMs are connected from the start (a key handed over
 * needs the second GM there when the lake is made).
 */
export async function diffTable(o: {
  readonly generation: 13 | 14;
  readonly system: SystemId;
  readonly fishers: readonly FisherSpec[];
  readonly owners: readonly (0 | 1 | -1)[];
  readonly dice: DiceQueue;
}): Promise<DiffTable> {
  const server = new PlayerServer();
  server.reset();
  server.generation = o.generation;
  server.systemId = o.system === "generic" ? "worldbuilding" : o.system;
  // the release tables run on this generation: dnd5e 6 and pf2e 8 on v14, 5.3 and 7 on v13
  server.systemVersion = tableSystemVersion(server.systemId, o.generation);
  server.refusesModuleTypes = o.system === "pf2e";
  const gmId = server.addUser("Gamemaster", true);
  const gm2Id = server.addUser("Second GM", true);
  const pa = server.addUser("Ana's player", false);
  const pb = server.addUser("Bo's player", false);
  const users = [pa, pb];
  const actorIds = o.fishers.map((f, i) => {
    const owner = o.owners[i] ?? -1;
    return server.addActor(f.name ?? f.id, "character", owner >= 0 ? [users[owner]!] : []);
  });
  const sceneId = server.addScene(
    "Mirror lake",
    o.fishers.map((f, i) => fisherToken(f.name ?? f.id, actorIds[i]!)),
  );
  if (o.system === "generic")
    server.setWorldSetting(`${MODULE_ID}.genericFormulas`, GENERIC_FORMULAS);
  // no one waits for a hazard choice: every scripted person answers at once
  const gm = new PlayerClient(server, gmId, 7);
  const gm2 = new PlayerClient(server, gm2Id, 8);
  const a = new PlayerClient(server, pa, 9);
  const b = new PlayerClient(server, pb, 10);
  const clients = [gm, gm2, a, b];
  for (const c of clients) c.dice = (formula) => o.dice.core(formula);
  await gm.connect();
  await gm2.connect();
  await a.connect();
  await b.connect();
  const tokenIds = gm.scene(sceneId)!.tokens.map((t) => t._id);
  for (const c of clients)
    o.fishers.forEach((f, i) => {
      const id = actorIds[i]!;
      const so = standInOn(c, server, () => o.dice.d20());
      const actor =
        o.system === "dnd5e"
          ? withDnd5eRolls(dnd5eWith(id, f), so)
          : o.system === "pf2e"
            ? withPf2eRolls(pf2eWith(id, f, so), so)
            : genericWith(id, f);
      c.attachActor(id, actor);
    });
  const tokens = Object.fromEntries(o.fishers.map((f, i) => [f.id, tokenIds[i]!]));
  const owner = (fisher: string) => {
    const i = o.fishers.findIndex((f) => f.id === fisher);
    const w = o.owners[i] ?? -1;
    return w === 0 ? a : w === 1 ? b : undefined;
  };
  return { server, gm, gm2, players: [a, b], sceneId, tokens, owner };
}
