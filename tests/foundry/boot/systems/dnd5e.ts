/**
 * A dnd5e stand-in, 5.3.3 on Foundry v13 and released 6.0.6 on v14 (game.system.version): the
 * behaviour the module depends on, from the foundryvtt/dnd5e sources (tags release-4.4.4 and
 * release-5.3.3, the 6.0 branch, post-5.3.3 file versions of released 6.x; facts §4, §5 and
 * review F2; the data shapes of tests/fixtures/systems/dnd5e.ts). 6.x differs in the words of its
 * modes on v14 (`public`, `gm`, `blind`, `self`) and in its roll messages (`check` and `attack`
 * sub-types with system data instead of flags.dnd5e); its `rollSkill` is modelled on its data
 * model, its skill hook on 5.3.3 (6.x actor.mjs was not readable), its attack on its attack.mjs:
 * - init (dnd5e.mjs ~L151-177): its Actor class, its actor types, the core actor sheet
 *   unregistered for every type and its own sheets registered for its own types only; D20Roll
 *   among CONFIG.Dice.rolls;
 * - setup (dnd5e.mjs ~L450, `_configureTrackableAttributes`): CONFIG.Actor.trackableAttributes
 *   REASSIGNED to its own map (character, npc, vehicle, group);
 * - `Actor5e#rollSkill(config, dialog, message)` (module/documents/actor/actor.mjs
 *   `#rollSkillTool`, module/dice/basic-roll.mjs buildConfigure/buildEvaluate/buildPost): the
 *   `dnd5e.preRoll*` hooks may cancel; unless `dialog.configure === false` the roll configuration
 *   dialog asks (roll mode, advantage); a D20Roll `1d20 + bonus`, handed unevaluated to the
 *   `dnd5e.post*RollConfiguration` hooks (config `{skill, ability, subject: actor}`), then
 *   evaluated (its dice through Foundry's dice fulfillment); the message with
 *   `flags.dnd5e {messageType: "roll", roll: {skillId, type: "skill"}}` merged over
 *   `message.data`, its rolls with their options, created with `message.rollMode` (else the
 *   current mode); `roll.parent` = the message (5.x); then `dnd5e.rollSkillV2(rolls, {ability,
 *   skill, subject})`;
 * - an attack activity's `rollAttack(config, dialog, message)`
 *   (module/documents/activity/attack.mjs): the same flow (config `{subject: activity}`, the
 *   activity with its `item` and `actor`) with `flags.dnd5e.roll.type "attack"`,
 *   `flags.dnd5e.item`/`activity`, then
 *   `dnd5e.rollAttackV2(rolls, {subject: activity, ammoUpdate})`, and the ammunition update: a
 *   thrown weapon without the `ret` property loses one (review F2, `attackModes` + ammoUpdate);
 * - `Actor5e#getInitiativeRoll()`: an unevaluated D20Roll `1d20 + init.total`;
 * - `Actor5e#getRollData()`: the system data plus `prof` (actor.mjs getRollData).
 */
import type { FakeActor, FakeChatMessage, FakeItem } from "../client/documents.ts";
import type { Roll as RollClass } from "../client/dice.ts";
import type { Obj } from "../client/utils.ts";
import { globals, rollDialog, simpleSheet } from "./globals.ts";

const G = globals();
const SKILLS: Record<string, { label: string; ability: string }> = {
  sur: { label: "Survival", ability: "Wisdom" },
  ste: { label: "Stealth", ability: "Dexterity" },
  ani: { label: "Animal Handling", ability: "Wisdom" },
  ath: { label: "Athletics", ability: "Strength" },
};

/** D20Roll (module/dice/d20-roll.mjs): a Roll whose first term is the d20. */
class D20Roll extends G.Roll {}

/** The release this world runs (game.system.version): 5.3.3 on v13, 6.0.6 on v14 (world.ts). */
const six = () => String(G.game.system.version).startsWith("6.");

/**
 * BasicRoll.getMessageMode (basic-roll.mjs, 5.3.2 on): core.rollMode before v14, core.messageMode
 * on 14 (6.0: core.messageMode only).
 */
function messageMode(): string {
  const v14 = G.game.release.generation >= 14;
  return String(G.game.settings.get("core", v14 ? "messageMode" : "rollMode"));
}

/**
 * The roll dialog's mode choices (roll-configuration-dialog.mjs `_prepareConfigurationContext`):
 * CONFIG.Dice.rollModes before v14, CONFIG.ChatMessage.modes without `ic` on 14 (5.3.2 on, 6.0).
 */
function modes(): Record<string, string> {
  return G.game.release.generation >= 14
    ? { public: "Public Roll", gm: "Private GM Roll", blind: "Blind GM Roll", self: "Self Roll" }
    : {
        publicroll: "Public Roll",
        gmroll: "Private GM Roll",
        blindroll: "Blind GM Roll",
        selfroll: "Self Roll",
      };
}

interface MessageConfig {
  create?: boolean;
  rollMode?: string;
  data?: { flags?: Obj; flavor?: string; speaker?: Obj; type?: string; system?: Obj };
}

/** A roll's process configuration as dnd5e builds it (BasicRollProcessConfiguration). */
interface ProcessConfig {
  hookNames: string[];
  subject: unknown;
  [k: string]: unknown;
}

/** String#capitalize (Foundry's addition, common/primitives/string.mjs). */
// v13 common/primitives/string.mjs String#capitalize
function capitalize(s: string): string {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

/**
 * BasicRoll.build for one d20 roll (basic-roll.mjs, 5.3.3 and the 6.0 branch alike):
 * - buildConfigure: `config.hookNames` plus "" (the generic hook); for each name
 *   `dnd5e.preRoll<Name>` and `dnd5e.preRoll<Name>V2` (false cancels); the dialog unless
 *   `configure` is false (roll mode, advantage); the D20Roll built, unevaluated, with
 *   `options.rollType` from `message.data.flags.dnd5e.roll.type` where the message has it; for
 *   each name `dnd5e.post<Name>RollConfiguration(rolls, config, dialog, message)` (false cancels);
 * - buildEvaluate: `await roll.evaluate()`;
 * - buildPost: `BasicRoll.toMessage` merges `message.data` and creates it with
 *   `ChatMessage.create(data, {rollMode: message.rollMode})` (line 258), the rolls as
 *   `fromData(roll.toJSON())`, options included; the mode in the names the dialog lists. A name
 *   the version does not list is the fake's misuse: what core makes of it is not settled by any
 *   source read.
 */
// dnd5e module/dice/basic-roll.mjs BasicRoll.build (buildConfigure, buildEvaluate, buildPost)
async function d20Flow(
  config: ProcessConfig,
  title: string,
  formula: string,
  data: Obj,
  dialog: { configure?: boolean } | undefined,
  message: MessageConfig | undefined,
  messageData: Obj,
): Promise<RollClass | null> {
  const dlg = dialog ?? {};
  const msg = { ...(message ?? {}) };
  config.hookNames = [...config.hookNames, ""];
  for (const name of config.hookNames) {
    if (G.Hooks.call(`dnd5e.preRoll${capitalize(name)}`, config, dlg, msg) === false) return null;
    if (G.Hooks.call(`dnd5e.preRoll${capitalize(name)}V2`, config, dlg, msg) === false) return null;
  }
  let formulaUsed = formula;
  if (msg.rollMode !== undefined && !(msg.rollMode in modes()))
    throw new Error(
      `[fake foundry] dnd5e ${G.game.system.version}: message.rollMode "${msg.rollMode}" is not one of its modes`,
    );
  if (dlg.configure !== false) {
    const chosen = await rollDialog(G, title, msg.rollMode ?? messageMode(), modes(), [
      { action: "advantage", label: "Advantage" },
      { action: "normal", label: "Normal", default: true },
      { action: "disadvantage", label: "Disadvantage" },
    ]);
    if (!chosen) return null;
    msg.rollMode = chosen.mode;
    if (chosen.action === "advantage") formulaUsed = formula.replace(/^1d20/, "2d20kh");
    if (chosen.action === "disadvantage") formulaUsed = formula.replace(/^1d20/, "2d20kl");
  }
  const merged: Obj = {
    ...messageData,
    ...(msg.data ?? {}),
    flags: { ...((messageData.flags as Obj) ?? {}), ...(msg.data?.flags ?? {}) },
  };
  const roll = new D20Roll(formulaUsed, data);
  const rollType = (merged.flags as { dnd5e?: { roll?: { type?: string } } }).dnd5e?.roll?.type;
  if (rollType) roll.options.rollType ??= rollType;
  const rolls = [roll];
  for (const name of config.hookNames)
    if (
      G.Hooks.call(`dnd5e.post${capitalize(name)}RollConfiguration`, rolls, config, dlg, msg) ===
      false
    )
      return null;
  await roll.evaluate();
  if (msg.create === false) return roll;
  const created = (await G.ChatMessage.create(
    { ...merged, rolls: rolls.map((r) => r.toJSON()) },
    { rollMode: msg.rollMode ?? messageMode() },
  )) as FakeChatMessage;
  // 5.x buildPost: roll.parent is the created message
  roll.parent = created;
  return roll;
}

class Actor5e extends G.Actor {
  /** Actor5e#getRollData: the system data with `prof` (actor.mjs). */
  override getRollData(): Obj {
    const s = this.system as Obj & { attributes?: { prof?: number } };
    return { ...s, prof: s.attributes?.prof ?? 0, name: this.name };
  }

  /** Actor5e#rollSkill(config, dialog, message) (5.3.3 three-argument form). */
  // dnd5e module/documents/actor/actor.mjs Actor5e#rollSkill
  async rollSkill(
    config: { skill?: string; hookNames?: string[] },
    dialog?: { configure?: boolean },
    message?: MessageConfig,
  ): Promise<RollClass[] | null> {
    const skill = config?.skill;
    const def = skill ? SKILLS[skill] : undefined;
    const data = (this.system as { skills?: Record<string, { total: number }> }).skills?.[
      skill ?? ""
    ];
    if (!def || !data) throw new Error(`dnd5e: unknown skill "${String(skill)}"`);
    // #rollSkillTool: the skill's ability, the hook names, the actor as the subject
    const ability = def.ability.slice(0, 3).toLowerCase();
    const process: ProcessConfig = {
      ability,
      ...config,
      hookNames: [...(config.hookNames ?? []), "skill", "abilityCheck", "d20Test"],
      subject: this,
    };
    const roll = await d20Flow(
      process,
      `${def.label} Check (${def.ability})`,
      "1d20 + @bonus",
      { bonus: data.total },
      dialog,
      message,
      {
        speaker: G.ChatMessage.getSpeaker({ actor: this }),
        flavor: `${def.label} Check (${def.ability})`,
        // 5.3.3 flags the roll; released 6.x posts a `check` message with system data
        // (CheckMessageData: ability, skill, tool; RollMessageData: activity, item, origin, targets)
        ...(six()
          ? {
              type: "check",
              system: {
                ability,
                skill,
                tool: null,
                activity: null,
                item: null,
                origin: null,
                targets: [],
              },
            }
          : { flags: { dnd5e: { messageType: "roll", roll: { skillId: skill, type: "skill" } } } }),
      },
    );
    if (!roll) return null;
    G.Hooks.callAll("dnd5e.rollSkillV2", [roll], { ability, skill, subject: this });
    return [roll];
  }

  /** Actor5e#getInitiativeRoll: an unevaluated D20Roll with the initiative bonus. */
  // dnd5e module/documents/actor/actor.mjs Actor5e#getInitiativeRoll
  getInitiativeRoll(): RollClass {
    const init =
      (this.system as { attributes?: { init?: { total?: number } } }).attributes?.init?.total ?? 0;
    return new D20Roll("1d20 + @init", { init });
  }
}

/** An attack activity (module/documents/activity/attack.mjs) of an item that has one. */
class AttackActivity {
  readonly type = "attack";
  // dnd5e module/documents/activity/attack.mjs AttackActivity#constructor
  constructor(
    readonly id: string,
    readonly item: FakeItem,
    readonly labels: { modifier?: string },
  ) {}
  // dnd5e module/documents/activity/attack.mjs AttackActivity#actor
  get actor(): FakeActor {
    return this.item.actor as FakeActor;
  }
  // dnd5e module/documents/activity/attack.mjs AttackActivity#uuid
  get uuid(): string {
    return `${this.item.uuid}.Activity.${this.id}`;
  }

  // dnd5e module/documents/activity/attack.mjs AttackActivity#rollAttack
  async rollAttack(
    config: { hookNames?: string[] } = {},
    dialog?: { configure?: boolean },
    message?: MessageConfig,
  ): Promise<RollClass[] | null> {
    const item = this.item;
    // rollAttack: the hook names, the activity as the subject (its `item` and `actor`)
    const roll = await d20Flow(
      { ...config, hookNames: [...(config.hookNames ?? []), "attack", "d20Test"], subject: this },
      `${item.name} - Attack Roll`,
      "1d20 + @mod",
      { mod: Number(this.labels.modifier ?? 0) },
      dialog,
      message,
      {
        speaker: G.ChatMessage.getSpeaker({ actor: this.actor }),
        flavor: `${item.name} - Attack Roll`,
        // released 6.x: an `attack` message, the item and activity as source references
        // (AttackMessageData; activity/attack.mjs), no flags.dnd5e
        ...(six()
          ? {
              type: "attack",
              system: {
                item: {
                  id: item.id,
                  img: "icons/svg/item-bag.svg",
                  name: item.name,
                  type: item.type,
                  uuid: item.uuid,
                },
                activity: {
                  id: this.id,
                  img: "icons/svg/item-bag.svg",
                  name: "Attack",
                  type: "attack",
                  uuid: this.uuid,
                },
                ability: "dex",
                ammunition: null,
                mastery: null,
                mode: "thrown",
                origin: null,
                targets: [],
              },
            }
          : {
              flags: {
                dnd5e: {
                  messageType: "roll",
                  roll: { type: "attack" },
                  item: { type: item.type, id: item.id, uuid: item.uuid },
                  activity: { type: "attack", id: this.id, uuid: this.uuid },
                },
              },
            }),
      },
    );
    if (!roll) return null;
    // attack.mjs ammoUpdate: a thrown weapon without `ret` is used up (review F2)
    const sys = item.system as { quantity?: number; properties?: string[] };
    const thrown =
      (sys.properties ?? []).includes("thr") && !(sys.properties ?? []).includes("ret");
    const ammoUpdate = thrown
      ? { id: item.id, destroy: false, quantity: Math.max(0, (sys.quantity ?? 1) - 1) }
      : null;
    G.Hooks.callAll("dnd5e.rollAttackV2", [roll], { subject: this, ammoUpdate });
    if (ammoUpdate && item.isOwner && ammoUpdate.quantity !== sys.quantity)
      await this.actor.updateEmbeddedDocuments("Item", [
        { _id: ammoUpdate.id, "system.quantity": ammoUpdate.quantity },
      ]);
    return [roll];
  }
}

class Item5e extends G.Item {
  /** ActivityCollection (module/data/item/...): `getByType`, built from system.activities. */
  override prepareDerivedData(): void {
    const raw = ((this._source.system as Obj | undefined)?.activities ?? {}) as Record<string, Obj>;
    const list = Object.entries(raw)
      .filter(([, a]) => a.type === "attack")
      .map(([id, a]) => new AttackActivity(id, this, (a.labels as { modifier?: string }) ?? {}));
    Object.defineProperty(this.system, "activities", {
      value: { contents: list, getByType: (t: string) => list.filter((a) => a.type === t) },
      enumerable: false,
      configurable: true,
    });
  }
}

G.Hooks.once("init", () => {
  const C = G.CONFIG;
  C.Actor.documentClass = Actor5e as never;
  C.Item.documentClass = Item5e as never;
  C.Dice.rolls.push(D20Roll as never);
  C.DND5E = { skills: SKILLS };
  const sheets = G.foundry.applications.apps.DocumentSheetConfig;
  // dnd5e.mjs 5.3.3: the core sheet is unregistered for every actor type
  sheets.unregisterSheet(G.Actor, "core", G.foundry.appv1.sheets.ActorSheet);
  const lines = (a: FakeActor) =>
    Object.entries((a.system as { skills?: Record<string, { total: number }> }).skills ?? {}).map(
      ([k, v]) => `${SKILLS[k]?.label ?? k}: ${v.total >= 0 ? "+" : ""}${v.total}`,
    );
  sheets.registerSheet(G.Actor, "dnd5e", simpleSheet(G, "CharacterActorSheet", lines), {
    types: ["character"],
    makeDefault: true,
    label: "DND5E.SheetClass.Character",
  });
  sheets.registerSheet(G.Actor, "dnd5e", simpleSheet(G, "NPCActorSheet", lines), {
    types: ["npc"],
    makeDefault: true,
    label: "DND5E.SheetClass.NPC",
  });
  for (const t of ["vehicle", "group", "encounter"])
    sheets.registerSheet(
      G.Actor,
      "dnd5e",
      simpleSheet(G, `${t[0]!.toUpperCase()}${t.slice(1)}ActorSheet`, () => []),
      { types: [t], makeDefault: true },
    );
});

G.Hooks.once("setup", () => {
  // dnd5e.mjs _configureTrackableAttributes: a new object replaces whatever was there
  G.CONFIG.Actor.trackableAttributes = {
    character: {
      bar: ["attributes.hp", "details.xp"],
      value: ["attributes.ac.value", "attributes.init.total"],
    },
    npc: { bar: ["attributes.hp"], value: ["attributes.ac.value", "details.cr"] },
    vehicle: { bar: ["attributes.hp"], value: ["attributes.ac.value"] },
    group: { bar: [], value: [] },
  };
});
