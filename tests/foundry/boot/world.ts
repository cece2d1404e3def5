/**
 * The world each boot run starts from, in Foundry's document source shapes (v13 common/documents:
 * BaseUser {name, role, color, character, flags}, BaseActor {name, type, img, system, items,
 * ownership, prototypeToken, flags}, BaseScene {name, active, width, height, padding, grid,
 * tokens, ownership, flags}, BaseToken {name, actorId, actorLink, x, y, width, height, ...}):
 * a GM, an Assistant GM who never logs in, two players (PLAYER and TRUSTED), one character for
 * each player owned by them, and a scene with their two tokens whose map is a tile (BaseTile {x,
 * y, width, height, elevation, sort, texture}). On v14 the scene may hold three Levels (API docs
 * v14 LevelData: {name, elevation: {bottom, top}, sort}), surface first. The characters' system
 * data are the fixtures of tests/fixtures/systems (dnd5e 5.3.3 / pf2e shapes, each field named
 * there).
 */
import { dnd5eAna, dnd5eBo } from "../../fixtures/systems/dnd5e.ts";
import { pf2eCharacter } from "../../fixtures/systems/pf2e.ts";
import type { PackMeta, Source } from "./protocol.ts";
import type { WorldSeed } from "./server.ts";

export type SystemId = "dnd5e" | "pf2e" | "kk-generic";

export const USERS = {
  gm: "kkGamemaster0000",
  assistant: "kkAssistant00000",
  ana: "kkPlayerAna00000",
  bo: "kkPlayerBo000000",
} as const;

export const SCENE = "kkSceneMirror000";
export const TOKENS = { ana: "kkTokenAna000000", bo: "kkTokenBo0000000" } as const;
/** The scene's map, a tile over its whole inner rectangle at the ground's elevation. */
export const MAP_TILE = "kkTileMap0000000";
/** The scene's Levels on v14 (when asked for), highest first: 10 elevation units apart. */
export const LEVELS = ["kkLevelSurface00", "kkLevelShallow00", "kkLevelDeep00000"] as const;

/** Each stand-in system's manifest data and actor types (system.json `documentTypes`). */
const SYSTEMS: Record<
  SystemId,
  { title: string; version: [string, string]; actorTypes: string[]; itemTypes: string[] }
> = {
  // [the release on v13, the release on v14]: dnd5e 6 and pf2e 8 run on v14 only
  dnd5e: {
    title: "Dungeons & Dragons Fifth Edition",
    version: ["5.3.3", "6.0.6"],
    actorTypes: ["character", "npc", "vehicle", "group", "encounter"],
    itemTypes: ["weapon", "equipment", "consumable", "loot"],
  },
  pf2e: {
    title: "Pathfinder Second Edition",
    version: ["7.12.2", "8.5.1"],
    actorTypes: ["character", "npc", "hazard", "loot", "familiar", "vehicle", "party", "army"],
    // pf2e src/module/item/treasure: the catch pack's items (kolikoly-catch-pf2e)
    itemTypes: ["weapon", "equipment", "treasure"],
  },
  "kk-generic": {
    title: "Generic System",
    version: ["1.0.0", "1.0.0"],
    actorTypes: ["character"],
    itemTypes: ["item"],
  },
};

function plain<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

function character(system: SystemId, key: "ana" | "bo", owner: string): Source {
  const base = {
    ownership: { default: 0, [owner]: 3 },
    flags: {},
    img: "icons/svg/mystery-man.svg",
  };
  const proto = {
    name: key === "ana" ? "Ana" : "Bo",
    actorLink: true,
    bar1: { attribute: "attributes.hp" },
  };
  if (system === "dnd5e") {
    const f = key === "ana" ? dnd5eAna : dnd5eBo;
    const items = [...((f.items as Iterable<Source> | undefined) ?? [])].map((i) => {
      const { id: _id2, uuid: _uuid, ...src } = plain(i) as Source & { id?: string; uuid?: string };
      return { ...src, flags: {} };
    });
    return {
      _id: f.id,
      name: f.name,
      type: "character",
      system: plain(f.system),
      items,
      prototypeToken: proto,
      ...base,
    };
  }
  if (system === "pf2e") {
    const f = pf2eCharacter(
      key === "ana" ? "pf2eAna00000000" : "pf2eBo000000000",
      key === "ana" ? "Ana" : "Bo",
    );
    return {
      _id: f.id,
      name: f.name,
      type: "character",
      system: plain(f.system),
      items: [],
      prototypeToken: proto,
      ...base,
    };
  }
  const id = key === "ana" ? "genericAna00000" : "genericBo000000";
  const system2 =
    key === "ana"
      ? {
          abilities: { dex: { mod: 3 }, wis: { mod: 2 }, con: { mod: 1 } },
          hp: { value: 12, max: 12 },
        }
      : {
          abilities: { dex: { mod: 1 }, wis: { mod: 3 }, con: { mod: 2 } },
          hp: { value: 14, max: 14 },
        };
  return {
    _id: id,
    name: key === "ana" ? "Ana" : "Bo",
    type: "character",
    system: system2,
    items: [],
    prototypeToken: proto,
    ...base,
  };
}

function token(id: string, actor: Source, col: number, row: number): Source {
  // the scene's inner rectangle starts at (500, 300): padding 0.25 of 2000 x 1000 in 100 px squares
  return {
    _id: id,
    name: actor.name,
    actorId: actor._id,
    actorLink: true,
    x: 500 + col * 100,
    y: 300 + row * 100,
    width: 1,
    height: 1,
    elevation: 0,
    hidden: false,
    texture: { src: "icons/svg/mystery-man.svg" },
    bar1: { attribute: "attributes.hp" },
    displayBars: 0,
    delta: {},
    flags: {},
  };
}

/** The module's packs as module.json declares them (game.packs metadata every client is sent). */
/**
 * The module's packs a world of `system` loads: Foundry's server skips a module pack whose
 * `system` names another system (v13.351 World#getActivePacks), as the catch's item packs do.
 */
export function modulePacks(manifest: Source, system: SystemId): PackMeta[] {
  const packs = ((manifest.packs as Source[]) ?? []).filter(
    (p) => p.system === undefined || p.system === system,
  );
  return packs.map((p) => ({
    id: `${String(manifest.id)}.${String(p.name)}`,
    name: String(p.name),
    label: String(p.label),
    type: String(p.type),
    packageType: "module",
    packageName: String(manifest.id),
    path: String(p.path),
    ownership: p.ownership as Record<string, string> | undefined,
  }));
}

/** The stand-in system's own `lang/en.json`: the labels of its document types (TYPES.<Doc>.<type>). */
export function systemLang(system: SystemId): Record<string, unknown> {
  const s = SYSTEMS[system];
  const label = (t: string) => t.replace(/(^|-)(\w)/g, (_w, _d, c: string) => c.toUpperCase());
  return {
    TYPES: {
      Actor: Object.fromEntries(s.actorTypes.map((t) => [t, label(t)])),
      Item: Object.fromEntries(s.itemTypes.map((t) => [t, label(t)])),
    },
  };
}

export function worldSeed(
  system: SystemId,
  manifest: Source,
  options: { levels?: boolean; generation?: number } = {},
): WorldSeed {
  const generation = options.generation ?? 13;
  const s = SYSTEMS[system];
  const ana = character(system, "ana", USERS.ana);
  const bo = character(system, "bo", USERS.bo);
  const moduleTypes = Object.entries(
    (manifest.documentTypes as Record<string, Record<string, unknown>>) ?? {},
  );
  const sub = (doc: string) =>
    moduleTypes
      .filter(([d]) => d === doc)
      .flatMap(([, t]) => Object.keys(t).map((k) => `${String(manifest.id)}.${k}`));
  return {
    world: { id: "kolikoly-boot", title: "Kolikoly boot test" },
    system: {
      id: system,
      title: s.title,
      version: s.version[generation >= 14 ? 1 : 0],
      esmodules: [`${system}.mjs`],
      languages: [{ lang: "en", name: "English", path: "lang/en.json" }],
    },
    modules: [{ ...manifest, active: true }],
    documentTypes: {
      Actor: [...s.actorTypes, ...sub("Actor")],
      Item: [...s.itemTypes, ...sub("Item")],
    },
    users: [
      { _id: USERS.gm, name: "Gamemaster", role: 4, color: "#c03030", character: null, flags: {} },
      {
        _id: USERS.assistant,
        name: "Assistant",
        role: 3,
        color: "#3030c0",
        character: null,
        flags: {},
      },
      {
        _id: USERS.ana,
        name: "Ana's player",
        role: 1,
        color: "#30a030",
        character: String(ana._id),
        flags: {},
      },
      {
        _id: USERS.bo,
        name: "Bo's player",
        role: 2,
        color: "#a0a030",
        character: String(bo._id),
        flags: {},
      },
    ],
    actors: [ana, bo],
    scenes: [
      {
        _id: SCENE,
        name: "Mirror Lake",
        active: true,
        width: 2000,
        height: 1000,
        padding: 0.25,
        grid: { type: 1, size: 100, distance: 5, units: "ft" },
        ownership: { default: 0 },
        flags: {},
        tokens: [token(TOKENS.ana, ana, 1, 1), token(TOKENS.bo, bo, 2, 1)],
        tiles: [
          {
            _id: MAP_TILE,
            texture: { src: "maps/mirror-lake.webp" },
            x: 500,
            y: 300,
            width: 2000,
            height: 1000,
            elevation: 0,
            sort: 0,
            hidden: false,
            // on a scene of Levels, the map is the surface's
            ...(options.levels ? { levels: [LEVELS[0]] } : {}),
            flags: {},
          },
        ],
        ...(options.levels
          ? {
              levels: LEVELS.map((id, i) => ({
                _id: id,
                name: ["Surface", "Shallows", "Deep"][i],
                elevation: { bottom: -10 * i, top: -10 * i + 9 },
                sort: i,
                flags: {},
              })),
            }
          : {}),
      },
    ],
    packs: modulePacks(manifest, system),
  };
}
