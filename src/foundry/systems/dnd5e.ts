/**
 * dnd5e 4.x, 5.x and 6 (K6, K7, K9). Behaviour read from the foundryvtt/dnd5e sources, tags
 * release-4.4.4 and release-5.3.3, the 6.0 branch, and post-5.3.3 file versions of released 6.x
 * (typed `check` / `attack` roll messages with system data: rollKindOf):
 * - `Actor5e#rollSkill(config, dialog, message)` (module/documents/actor/actor.mjs): `config.skill`
 *   is the skill id (`sur`, `ste`, `ani`), `dialog.configure: false` skips the dialog, `message`
 *   is `{create, rollMode, data}` (module/dice/basic-roll.mjs buildPost). The message carries
 *   `flags.dnd5e.roll = {type: "skill", skillId}` and `flags.dnd5e.messageType = "roll"`, and
 *   `dnd5e.rollSkillV2(rolls, {skill, subject})` fires on the rolling client (5.x adds `ability`).
 * - Attacks go through activities (module/documents/activity/attack.mjs `rollAttack`): flags
 *   `dnd5e.roll.type = "attack"`, `dnd5e.item {type, id, uuid}`, `dnd5e.activity {...}`; the hook is
 *   `dnd5e.rollAttackV2(rolls, {subject: activity, ammoUpdate})`.
 * - Prepared data: `system.skills.<id>.total` (module/data/actor/templates/creature.mjs
 *   prepareSkill), `system.attributes.init.total` (templates/attributes.mjs prepareInitiative),
 *   `system.abilities.<id>.mod`, `system.attributes.prof`; an attack activity's
 *   `labels.modifier` is its deterministic to-hit (module/data/activity/attack-data.mjs
 *   prepareFinalData). Initiative: `Actor5e#getInitiativeRoll()` (an unevaluated D20Roll).
 * - The SRD 2014 Net (packs/_source/items/weapon/net.yml) is a weapon, `type.baseItem: net`, with
 *   one attack activity and no damage; the 2024 Net (equipment24/adventuring-gear/net.yml) is
 *   equipment with a save activity and no attack: that actor falls back to proficiency + Dex.
 */
import type {
  ActorLike,
  CheckKind,
  ItemLike,
  MessageLike,
  PickedRoll,
  RollAdapter,
  RollHook,
  RollLike,
  RollOptions,
  RollOutcome,
} from "./types.ts";
import {
  ARMOR_LAYERS,
  firstNum,
  getPath,
  itemsOf,
  messageModeOptions,
  mods,
  num,
  outcomeOf,
  pageGeneration,
  pageSystemVersion,
  picked,
  readOwnMessage,
  requestFlags,
  requestMessageId,
  rollCore,
  speakerActorId,
  speakerFor,
  versionAtLeast,
} from "./common.ts";
import { toMessageMode } from "../core/compat.ts";

/** K6: the skill each check uses (dnd5e CONFIG.DND5E.skills ids). */
export const DND5E_SKILL: Readonly<Partial<Record<CheckKind, string>>> = {
  survival: "sur",
  stealth: "ste",
  animalHandling: "ani",
};
const KIND_OF_SKILL: Readonly<Record<string, CheckKind>> = {
  sur: "survival",
  ste: "stealth",
  ani: "animalHandling",
};

interface Activity {
  readonly type?: string;
  readonly id?: string;
  readonly ability?: string | null;
  readonly attack?: { readonly ability?: string; readonly type?: { readonly value?: string } };
  readonly labels?: { readonly modifier?: string; readonly toHit?: string };
  rollAttack?(config?: object, dialog?: object, message?: object): Promise<RollLike[] | null>;
}

/** The dnd5e Actor methods the adapter calls (actor.mjs, 4.4.4 and 5.3.3). */
interface Dnd5eActor extends ActorLike {
  rollSkill?(
    config: object,
    dialog: object,
    message: object,
  ): Promise<RollLike[] | RollLike | null>;
  getInitiativeRoll?(): EvaluableRoll | null;
}
interface EvaluableRoll extends RollLike {
  evaluate(): Promise<unknown>;
  toMessage(data: object, options: object): Promise<{ id?: string | null } | undefined>;
}

/** An item is a net when its base item, identifier or name says so (dnd5e ids it `net`). */
export function isNet(item: ItemLike): boolean {
  const s = item.system;
  const base = getPath(s, "type.baseItem");
  const ident = getPath(s, "identifier");
  return base === "net" || ident === "net" || /\bnet\b/i.test(item.name ?? "");
}

/** The activities of an item: a dnd5e ActivityCollection (has getByType) or plain fixture data. */
function activitiesOf(item: ItemLike): Activity[] {
  const acts = getPath(item.system, "activities") as
    | { getByType?(t: string): Activity[]; contents?: Activity[] }
    | Record<string, Activity>
    | undefined;
  if (!acts) return [];
  if (typeof (acts as { getByType?: unknown }).getByType === "function")
    return (acts as { getByType(t: string): Activity[] }).getByType("attack");
  const list = Array.isArray((acts as { contents?: unknown }).contents)
    ? (acts as { contents: Activity[] }).contents
    : Object.values(acts as Record<string, Activity>);
  return list.filter((a) => a && a.type === "attack");
}

/** The actor's net and its attack activity (K9), preferring an equipped net that can attack. */
export function netAttack(actor: ActorLike): { item: ItemLike; activity: Activity } | undefined {
  const nets = itemsOf(actor).filter(isNet);
  nets.sort(
    (a, b) =>
      Number(getPath(b.system, "equipped") === true) -
      Number(getPath(a.system, "equipped") === true),
  );
  for (const item of nets) {
    const activity = activitiesOf(item)[0];
    if (activity) return { item, activity };
  }
  return undefined;
}

/** The ability an attack activity uses: its own, else a ranged weapon's Dex (CONFIG.DND5E.defaultAbilities). */
function attackAbility(activity: Activity): string {
  const own = activity.ability ?? activity.attack?.ability;
  if (own && own !== "none" && own !== "") return own;
  return activity.attack?.type?.value === "melee" ? "str" : "dex";
}

function abilityMod(actor: ActorLike, ability: string): number {
  return firstNum(actor.system, `abilities.${ability}.mod`) ?? 0;
}

export const dnd5eAdapter: RollAdapter = {
  id: "dnd5e",
  labelKey: "KOLIKOLY.Systems.Dnd5e",

  mods(actor) {
    const s = actor.system;
    const net = netAttack(actor);
    const prof = firstNum(s, "attributes.prof") ?? 0;
    const dex = abilityMod(actor, "dex");
    let attack = prof + dex;
    let damage = dex;
    if (net) {
      const ability = attackAbility(net.activity);
      damage = abilityMod(actor, ability);
      // labels.modifier is the deterministic to-hit dnd5e prepared (attack-data.mjs); when it
      // holds dice (a bonus like 1d4) fall back to the ability and the actor's proficiency.
      attack = num(net.activity.labels?.modifier) ?? abilityMod(actor, ability) + prof;
    }
    return mods({
      attack,
      damage,
      survival: firstNum(s, "skills.sur.total") ?? abilityMod(actor, "wis"),
      stealth: firstNum(s, "skills.ste.total") ?? dex,
      animalHandling: firstNum(s, "skills.ani.total") ?? abilityMod(actor, "wis"),
      initiative: firstNum(s, "attributes.init.total", "attributes.init.mod") ?? dex,
      wisdom: abilityMod(actor, "wis"),
      constitution: abilityMod(actor, "con"),
    });
  },

  netDamage(actor) {
    const net = netAttack(actor);
    if (!net) return undefined;
    const base = getPath(net.item.system, "damage.base") as
      { number?: number | null; denomination?: number | null; bonus?: string } | undefined;
    const n = num(base?.number);
    const d = num(base?.denomination);
    if (!n || !d) return undefined; // the SRD net deals no damage: K9's default formula applies
    return `${n}d${d}+@mod`;
  },

  /**
   * AC: the prepared `attributes.ac.value` (dnd5e module/data/actor/templates/attributes.mjs
   * prepareArmorClass, 5.3.3: armour, Dexterity, shield, bonus and cover summed). HP:
   * `attributes.hp.value`. Layers of armour (H3): the equipped armour's weight (equipment whose
   * `system.type.value` is light, medium or heavy: 1, 2, 3; natural armour 1), and one more for an
   * equipped shield (`system.type.value` "shield", config.mjs armorTypes).
   */
  defence(actor) {
    const s = actor.system;
    let armor = 0;
    let shield = 0;
    for (const item of itemsOf(actor)) {
      if (item.type !== "equipment" || getPath(item.system, "equipped") !== true) continue;
      const type = getPath(item.system, "type.value");
      if (type === "shield") shield = 1;
      else if (type === "natural") armor = Math.max(armor, 1);
      else if (typeof type === "string") armor = Math.max(armor, ARMOR_LAYERS[type] ?? 0);
    }
    const ac = firstNum(s, "attributes.ac.value");
    const hp = firstNum(s, "attributes.hp.value");
    return {
      ...(ac !== undefined ? { ac } : {}),
      armor: armor + shield,
      ...(hp !== undefined ? { hp } : {}),
    };
  },

  async roll(actor, kind, opts) {
    const mode = dnd5eMode(opts);
    const message = {
      create: true,
      ...(mode ? { rollMode: mode } : {}),
      data: { flags: requestFlags(opts) },
    };
    const dialog = { configure: !opts?.fastForward };
    const skill = DND5E_SKILL[kind];
    if (skill) {
      const a = actor as Dnd5eActor;
      if (typeof a.rollSkill !== "function") throw new Error("dnd5e: actor.rollSkill is missing");
      const rolls = await a.rollSkill({ skill }, dialog, message);
      const first = Array.isArray(rolls) ? rolls[0] : (rolls ?? undefined);
      return outcomeOf(first, first?.parent?.id ?? requestMessageId(opts));
    }
    if (kind === "initiative") return rollInitiative(actor, opts);
    const net = netAttack(actor);
    if (net?.activity.rollAttack) {
      const rollAttack = net.activity.rollAttack.bind(net.activity);
      const rolls = await keepingTheNet(net.activity, net.item, () =>
        rollAttack({}, dialog, message),
      );
      const first = rolls?.[0];
      return outcomeOf(first, first?.parent?.id ?? requestMessageId(opts));
    }
    // No net that attacks: proficiency + Dexterity (issue 4), with core Roll and the roll data.
    return rollCore(
      actor,
      "1d20 + @prof + @abilities.dex.mod",
      actor.getRollData?.() ?? {},
      opts?.flavor ?? "Net",
      opts,
    );
  },

  readMessage(message, actorOf) {
    const own = readOwnMessage(message);
    if (own) return own;
    const actorId = speakerActorId(message);
    if (!actorId) return null;
    const out = outcomeOf(message.rolls?.[0], message.id);
    if (!out) return null;
    const said = rollKindOf(message);
    if (said?.skill !== undefined)
      return KIND_OF_SKILL[said.skill] ? picked(actorId, KIND_OF_SKILL[said.skill]!, out) : null;
    if (said?.attackItem !== undefined) {
      const actor = actorOf(actorId);
      const item = actor && itemsOf(actor).find((i) => i.id === said.attackItem);
      return item && isNet(item) ? picked(actorId, "attack", out) : null;
    }
    return said?.initiative ? picked(actorId, "initiative", out) : null;
  },

  knowsShape(message) {
    if (rollKindOf(message) !== undefined) return true;
    // a roll marked as another kind (damage, save, a tool, a 6.x `save` message) is known to be
    // no check of the module's; unknown is a message marked as nothing, or as a check or attack
    // whose fields moved
    const flagged = getPath(message.flags, "dnd5e.roll.type");
    const typed = typeof message.type === "string" && message.type !== "base";
    return (
      (flagged !== undefined && flagged !== "skill" && flagged !== "attack") ||
      (typed && message.type !== "check" && message.type !== "attack")
    );
  },

  configureHooks: [
    {
      // dnd5e.postRollConfiguration(rolls, config, dialog, message): BasicRoll.buildConfigure
      // (module/dice/basic-roll.mjs, 5.3.3; the same in 6.0) fires it once the roll dialog is done
      // and before buildEvaluate, with the built rolls unevaluated; a skill's config names the
      // skill and its subject, the actor; an attack's subject is the attack activity
      name: "dnd5e.postRollConfiguration",
      read(rolls, config) {
        const roll = (rolls as object[] | undefined)?.[0];
        const c = config as
          | { skill?: string; subject?: { id?: string | null; item?: ItemLike; actor?: ActorLike } }
          | undefined;
        if (!roll || !c?.subject) return null;
        if (c.skill) {
          const kind = KIND_OF_SKILL[c.skill];
          const actorId = c.subject.id;
          return kind && actorId ? { roll, kind, actorId } : null;
        }
        const { item, actor } = c.subject;
        return item && isNet(item) && actor?.id
          ? { roll, kind: "attack", actorId: actor.id }
          : null;
      },
    },
  ],

  rollHooks: [
    {
      // dnd5e.rollSkillV2(rolls, {skill, subject}) — actor.mjs #rollSkillTool, 4.4.4 and 5.3.3
      name: "dnd5e.rollSkillV2",
      read(rolls, data) {
        const d = data as { skill?: string; subject?: ActorLike } | undefined;
        const kind = d?.skill ? KIND_OF_SKILL[d.skill] : undefined;
        const id = d?.subject?.id;
        const first = (rolls as RollLike[] | undefined)?.[0];
        const out = outcomeOf(first, first?.parent?.id ?? undefined);
        return kind && id && out ? picked(id, kind, out) : null;
      },
    },
    {
      // dnd5e.rollAttackV2(rolls, {subject: activity, ammoUpdate}) — activity/attack.mjs 5.3.3
      name: "dnd5e.rollAttackV2",
      read(rolls, data) {
        const activity = (data as { subject?: { item?: ItemLike; actor?: ActorLike } })?.subject;
        const item = activity?.item;
        const id = activity?.actor?.id;
        const first = (rolls as RollLike[] | undefined)?.[0];
        const out = outcomeOf(first, first?.parent?.id ?? undefined);
        return item && isNet(item) && id && out ? picked(id, "attack", out) : null;
      },
    },
  ] satisfies RollHook[],
};

/**
 * Which roll a dnd5e message says it holds, whatever the skill or item, undefined when it says
 * nothing this adapter reads. Up to 6.0 a base message with `flags.dnd5e.roll` (`{type: "skill",
 * skillId}`, `{type: "attack"}` with `flags.dnd5e.item.id`); released 6.x a typed message, `check`
 * with `system.skill` (CheckMessageData) or `attack` with `system.item.id` (AttackMessageData);
 * core initiative `flags.core.initiativeRoll`.
 */
function rollKindOf(
  message: MessageLike,
): { skill?: string; attackItem?: string; initiative?: true } | undefined {
  const roll = getPath(message.flags, "dnd5e.roll") as
    { type?: unknown; skillId?: unknown } | undefined;
  const skill =
    message.type === "check"
      ? getPath(message.system, "skill")
      : roll?.type === "skill"
        ? roll.skillId
        : undefined;
  if (typeof skill === "string") return { skill };
  const item =
    message.type === "attack"
      ? getPath(message.system, "item.id")
      : roll?.type === "attack"
        ? getPath(message.flags, "dnd5e.item.id")
        : undefined;
  if (typeof item === "string") return { attackItem: item };
  if (getPath(message.flags, "core.initiativeRoll") === true) return { initiative: true };
  return undefined;
}

/**
 * The mode in the words this dnd5e reads. Its message config keeps the key `message.rollMode` in
 * every version (4.4 to 6.0: module/dice/basic-roll.mjs buildPost hands it to
 * `ChatMessage.create(data, {rollMode})`); the value is v13's name on v13, and on v14 v14's
 * (`public`, `gm`, `blind`, `self`) from 5.3.2 on (basic-roll.mjs `getMessageMode` and the roll
 * dialog's mode list, commit 2340e6009, "[#6958]"), 6.0 included. 5.3.0 and 5.3.1 list v13's
 * names on v14 too.
 */
export function dnd5eMode(opts: RollOptions | undefined): string | undefined {
  const mode = opts?.rollMode;
  if (!mode) return undefined;
  const v14 = pageGeneration(opts) >= 14;
  return v14 && versionAtLeast(pageSystemVersion(opts), "5.3.2") ? toMessageMode(mode) : mode;
}

async function rollInitiative(
  actor: ActorLike,
  opts: RollOptions | undefined,
): Promise<RollOutcome | null> {
  const a = actor as Dnd5eActor;
  const roll = typeof a.getInitiativeRoll === "function" ? a.getInitiativeRoll() : null;
  if (!roll) {
    return rollCore(
      actor,
      "1d20 + @attributes.init.total",
      actor.getRollData?.() ?? {},
      opts?.flavor ?? "Initiative",
      opts,
    );
  }
  await roll.evaluate();
  const msg = await roll.toMessage(
    {
      speaker: speakerFor(actor),
      flags: { ...requestFlags(opts), core: { initiativeRoll: true } },
    },
    messageModeOptions(opts?.rollMode, opts?.generation),
  );
  return outcomeOf(roll, msg?.id ?? undefined);
}

/** An ammunition update as dnd5e's `dnd5e.rollAttackV2` hands it (attack.mjs rollAttack). */
interface AmmoUpdate {
  id?: string;
  quantity?: number;
  destroy?: boolean;
}

type HookRegistry = {
  on(name: string, fn: (...args: never[]) => void): number;
  off(name: string, id: number): void;
};

/**
 * K9: casting the net to fish does not spend it. dnd5e's `rollAttack` spends one of a thrown
 * weapon that does not return (the SRD Net: `thr`, no `ret`) after firing `dnd5e.rollAttackV2`
 * with the update object, which it commits after the hook (4.4.4 and 5.3.3,
 * module/documents/activity/attack.mjs). For the module's own roll, that object is turned into
 * "as many as now": the sheet keeps its net and the player's own attacks spend as dnd5e says.
 */
async function keepingTheNet<T>(
  activity: unknown,
  item: ItemLike,
  roll: () => Promise<T>,
): Promise<T> {
  const hooks = (globalThis as { Hooks?: HookRegistry }).Hooks;
  const id = hooks?.on(
    "dnd5e.rollAttackV2",
    (_rolls: unknown, data: { subject?: unknown; ammoUpdate?: AmmoUpdate | null }) => {
      if (data?.subject !== activity || !data.ammoUpdate) return;
      const now = num(getPath(item.system, "quantity"));
      data.ammoUpdate.destroy = false;
      if (now !== undefined) data.ammoUpdate.quantity = now;
    },
  );
  try {
    return await roll();
  } finally {
    if (id !== undefined) hooks!.off("dnd5e.rollAttackV2", id);
  }
}

export type { MessageLike, PickedRoll };

/** The system adapter this file provides (index.ts collects it). */
export const adapter = dnd5eAdapter;
