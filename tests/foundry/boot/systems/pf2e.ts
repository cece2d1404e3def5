/**
 * A pf2e stand-in: the behaviour the module depends on, from the foundryvtt/pf2e sources (as
 * read for tests/fixtures/systems/pf2e.ts and the review's F1; facts §4):
 * - `CONFIG.Actor.documentClass` is ActorProxyPF2e (src/module/actor/base.ts): constructing an
 *   actor looks its type up in CONFIG.PF2E.Actor.documentClasses and throws for any other type
 *   ("actor module sub-types are not supported");
 * - sheets registered in `setup` (src/scripts/register-sheets.ts via hooks/setup.ts): the core
 *   actor sheet unregistered, pf2e's own for its types;
 * - no CONFIG.Actor.trackableAttributes; instead TokenDocumentPF2e.getTrackedAttributes
 *   (src/module/scene/token-document/document.ts) keeps only `attributes.*` and `resources.*`;
 * - `actor.skills.<slug>` / `actor.perception` are Statistics whose `roll(args)`
 *   (src/module/system/statistic/statistic.ts -> check/check.ts) shows the check dialog unless
 *   `skipDialog`, rolls a CheckRoll `1d20+mod` whose options are CheckPF2e.roll's (type,
 *   identifier, action, domains, isReroll, totalModifier, damaging, rollerId, showBreakdown),
 *   evaluated at once (interactive dice unless blind), and posts it with `flags.pf2e.context`
 *   (type, identifier, actor id, domains, roll options incl. `check:statistic:<slug>`, rollMode),
 *   created with `args.rollMode` (else the current mode). pf2e 8 (Foundry v14 only, this world's
 *   release there) takes `args.messageMode` in v14's names instead and writes
 *   `context.messageMode` (StatisticRollParameters and BaseRollContext of the 8.0 types); its
 *   check.ts body was not readable, so handing the mode to Roll#toMessage as `messageMode` is
 *   the reading of those types, not of its source.
 */
import type { FakeActor } from "../client/documents.ts";
import type { Obj } from "../client/utils.ts";
import { globals, rollDialog, simpleSheet } from "./globals.ts";

const G = globals();

/** CheckRoll (src/module/system/check/roll.ts). */
class CheckRoll extends G.Roll {}

/** pf2e 8 on v14, 7 on v13 (game.system.version; world.ts). */
const eight = () => String(G.game.system.version).startsWith("8.");

/**
 * The check dialog's mode choices: 7.x `rollModes` (v13's names), 8.x `messageModes` (v14's)
 * (src/module/system/check/dialog.d.ts CheckDialogData of each).
 */
function modes(): Record<string, string> {
  return eight()
    ? { public: "Public Roll", gm: "Private GM Roll", blind: "Blind GM Roll", self: "Self Roll" }
    : {
        publicroll: "Public Roll",
        gmroll: "Private GM Roll",
        blindroll: "Blind GM Roll",
        selfroll: "Self Roll",
      };
}

// pf2e src/module/actor/base.ts#currentMode
function currentMode(): string {
  const v14 = G.game.release.generation >= 14;
  return String(G.game.settings.get("core", v14 ? "messageMode" : "rollMode"));
}

/** Statistic (statistic.ts): its slug, modifier and `roll(args)`. */
class Statistic {
  // pf2e src/module/system/statistic/statistic.ts Statistic#constructor
  constructor(
    readonly actor: FakeActor,
    readonly slug: string,
    readonly label: string,
    readonly mod: number,
  ) {}
  // pf2e src/module/system/statistic/statistic.ts Statistic#check
  get check(): { mod: number; type: string } {
    return { mod: this.mod, type: this.slug === "perception" ? "perception-check" : "skill-check" };
  }

  // pf2e src/module/system/statistic/statistic.ts Statistic#roll
  async roll(
    args: {
      rollMode?: string;
      messageMode?: string;
      skipDialog?: boolean;
      identifier?: string;
    } = {},
  ): Promise<InstanceType<typeof CheckRoll> | null> {
    // 8.x reads `messageMode` and has no `rollMode` parameter; 7.x keeps `rollMode` only when it
    // is a key of CONFIG.Dice.rollModes (check.ts), else the user's mode
    const asked = eight() ? args.messageMode : args.rollMode;
    let rollMode = asked !== undefined && asked in modes() ? asked : currentMode();
    if (!args.skipDialog) {
      const chosen = await rollDialog(G, `${this.label} Check`, rollMode, modes(), [
        { action: "roll", label: "Roll" },
      ]);
      if (!chosen) return null;
      rollMode = chosen.mode;
    }
    const type = this.check.type;
    const domains = [this.slug, `${this.slug}-check`, "check", "all"];
    // CheckPF2e.roll (check.ts): the CheckRoll's own options, then evaluated at once (no hook
    // between: its dice go through Foundry's dice fulfillment with these options on the roll),
    // interactive dice allowed unless the roll is blind (7.x: `blindroll`; 8.x's check.ts was not
    // readable: its blind mode in v14's names)
    const roll = new CheckRoll(
      `1d20+${this.mod}`,
      {},
      {
        type,
        identifier: args.identifier ?? null,
        action: null,
        domains,
        isReroll: false,
        totalModifier: this.mod,
        damaging: false,
        rollerId: G.game.userId,
        showBreakdown: true,
      },
    );
    await roll.evaluate({ allowInteractive: rollMode !== (eight() ? "blind" : "blindroll") });
    const options = [
      "all",
      `check:statistic:${this.slug}`,
      `check:type:${type.replace(/-check$/, "")}`,
      "self:type:character",
      `${this.slug}-check`,
    ].sort();
    await roll.toMessage(
      {
        speaker: G.ChatMessage.getSpeaker({ actor: this.actor }),
        flavor: `<h4 class="action">${this.label} Check</h4>`,
        flags: {
          pf2e: {
            modifierName: this.slug,
            modifiers: [],
            context: {
              type,
              identifier: args.identifier ?? null,
              actor: this.actor.id,
              token: null,
              domains,
              options,
              ...(eight() ? { messageMode: rollMode } : { rollMode }),
            },
          },
        },
      },
      // Roll#toMessage in the generation's option (8.x: the natural reading of its types)
      eight() ? { messageMode: rollMode } : { rollMode },
    );
    return roll;
  }
}

/** CharacterPF2e: statistics from its prepared data. */
class CharacterPF2e extends G.Actor {
  // pf2e src/module/actor/character/document.ts CharacterPF2e#skills
  get skills(): Record<string, Statistic> {
    const s =
      (this.system as { skills?: Record<string, { totalModifier: number; label: string }> })
        .skills ?? {};
    return Object.fromEntries(
      Object.entries(s).map(([slug, v]) => [
        slug,
        new Statistic(this, slug, v.label, v.totalModifier),
      ]),
    );
  }
  // pf2e src/module/actor/character/document.ts CharacterPF2e#perception
  get perception(): Statistic {
    const p = (this.system as { perception?: { totalModifier: number } }).perception;
    return new Statistic(this, "perception", "Perception", p?.totalModifier ?? 0);
  }
  // pf2e src/module/actor/character/document.ts CharacterPF2e#getRollData
  override getRollData(): Obj {
    const level =
      (this.system as { details?: { level?: { value?: number } } }).details?.level?.value ?? 0;
    return { ...this.system, actor: { level } };
  }
}

/**
 * HazardPF2e: a hazard's system starts from pf2e's hazard defaults (hit points, AC, hardness,
 * stealth, level: the hazard entries of pf2e's actor template, UNCONFIRMED field by field for
 * 7.x), so a new hazard has `attributes.hp {value, max}` before anything is set.
 */
class HazardPF2e extends G.Actor {
  // pf2e src/module/actor/hazard/document.ts HazardPF2e: the hazard defaults of a new hazard (UNCONFIRMED field by field)
  protected override cleanSource(data: Obj): Obj {
    const defaults = {
      attributes: {
        hp: { value: 0, max: 0, temp: 0, details: "" },
        ac: { value: 0 },
        hardness: 0,
        stealth: { value: 0, details: "" },
      },
      details: { isComplex: false, level: { value: 0 } },
      traits: { value: [], rarity: "common", size: { value: "med" } },
    };
    return super.cleanSource({
      ...data,
      system: G.foundry.utils.mergeObject(defaults, (data.system as Obj) ?? {}),
    });
  }
}

const DOCUMENT_CLASSES: Record<string, unknown> = {
  character: CharacterPF2e,
  npc: CharacterPF2e,
  hazard: HazardPF2e,
  loot: G.Actor,
  familiar: G.Actor,
  vehicle: G.Actor,
  party: G.Actor,
  army: G.Actor,
};

/** ActorProxyPF2e (src/module/actor/base.ts): the type picks the class; an unknown type throws. */
const ActorProxyPF2e = new Proxy(G.Actor, {
  // pf2e src/module/actor/base.ts ActorProxyPF2e: the construct trap
  construct(_target, args: [Obj, Obj?]) {
    const type = String(args[0]?.type);
    const cls = DOCUMENT_CLASSES[type] as (new (...a: unknown[]) => object) | undefined;
    if (!cls)
      throw new Error(
        `Actor type ${type} does not exist and actor module sub-types are not supported`,
      );
    return new cls(...args);
  },
});

/** TokenDocumentPF2e.getTrackedAttributes: only `attributes.*` and `resources.*` paths are kept. */
class TokenDocumentPF2e extends G.TokenDocument {
  // pf2e src/module/scene/token-document/document.ts TokenDocumentPF2e.getTrackedAttributes
  static override getTrackedAttributes(
    data?: unknown,
    path: string[] = [],
  ): { bar: string[][]; value: string[][] } {
    const all = super.getTrackedAttributes(data, path);
    const keep = (p: string[]) => /^(attributes|resources)\./.test(p.join("."));
    return path.length ? all : { bar: all.bar.filter(keep), value: all.value.filter(keep) };
  }
}

G.Hooks.once("init", () => {
  G.CONFIG.Actor.documentClass = ActorProxyPF2e as never;
  G.CONFIG.Token.documentClass = TokenDocumentPF2e as never;
  G.CONFIG.Dice.rolls.push(CheckRoll as never);
  G.CONFIG.PF2E = { Actor: { documentClasses: DOCUMENT_CLASSES } };
});

G.Hooks.once("setup", () => {
  const sheets = G.foundry.applications.apps.DocumentSheetConfig;
  sheets.unregisterSheet(G.Actor, "core", G.foundry.appv1.sheets.ActorSheet);
  const lines = (a: FakeActor) =>
    Object.entries(
      (a.system as { skills?: Record<string, { label: string; totalModifier: number }> }).skills ??
        {},
    ).map(([, v]) => `${v.label}: +${v.totalModifier}`);
  sheets.registerSheet(G.Actor, "pf2e", simpleSheet(G, "CharacterSheetPF2e", lines), {
    types: ["character"],
    makeDefault: true,
  });
  sheets.registerSheet(G.Actor, "pf2e", simpleSheet(G, "NPCSheetPF2e", lines), {
    types: ["npc"],
    makeDefault: true,
  });
  const hp = (a: FakeActor) => {
    const h = (a.system as { attributes?: { hp?: { value: number; max: number } } }).attributes?.hp;
    return h ? [`HP ${h.value} / ${h.max}`] : [];
  };
  for (const t of ["hazard", "loot", "familiar", "vehicle", "party", "army"])
    sheets.registerSheet(
      G.Actor,
      "pf2e",
      simpleSheet(G, `${t[0]!.toUpperCase()}${t.slice(1)}SheetPF2e`, hp),
      { types: [t], makeDefault: true },
    );
});
