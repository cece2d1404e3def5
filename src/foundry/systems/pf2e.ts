/**
 * Pathfinder 2e (K6, K7, K9). Behaviour read from the foundryvtt/pf2e sources (stored versions,
 * commits named):
 * - `Statistic#roll(args)` = `StatisticCheck#roll` (src/module/system/statistic/statistic.ts,
 *   0c75770b): `{rollMode, skipDialog, identifier, extraRollOptions, createMessage}` in 7.x; 8.x
 *   (Foundry v14 only) takes `messageMode` in v14's names instead of `rollMode` (pf2eMode); every
 *   check gets the roll options `check:statistic:<slug>` and `check:type:<type>`.
 * - The roll message (src/module/system/check/check.ts, 023f1dfe): `flags.pf2e.context` holds
 *   `{type: "skill-check" | "perception-check" | "attack-roll" | "initiative" ..., identifier,
 *   actor: <actor id>, domains, options: [sorted roll options], rollMode}` (8.x: `messageMode`);
 *   the CheckRoll's options carry `rollerId`, `totalModifier`, `identifier`. An unreleased branch
 *   moved the context to `system.context` (src/module/chat-message/data.ts, 041334b5); released
 *   7.x and 8.x keep the flag. Both are read.
 * - Prepared data (character data types): `system.skills.<slug>.totalModifier` (skills keyed by
 *   slug: survival, stealth, nature; older versions by abbreviation: sur, ste, nat),
 *   `system.perception.totalModifier` (older: `system.attributes.perception`),
 *   `system.abilities.<attr>.mod`, `system.proficiencies.attacks.simple.rank`,
 *   `system.details.level.value`, strikes in `system.actions` (`{slug, totalModifier, item,
 *   variants: [{roll}]}`).
 * - The Player Core Net (packs/equipment/net.json, 085341c3) is equipment, not a weapon: its
 *   attack is "a ranged attack roll using your simple weapon proficiency", so without a net
 *   Strike the adapter uses Dex + simple-weapon proficiency (level + 2 x rank when trained).
 */
import type {
  ActorLike,
  CheckKind,
  MessageLike,
  RollAdapter,
  RollHook,
  RollLike,
  RollOptions,
  RollOutcome,
  RollRequestMark,
} from "./types.ts";
import {
  ARMOR_LAYERS,
  firstNum,
  getPath,
  itemsOf,
  mods,
  num,
  outcomeOf,
  pageGeneration,
  pageSystemVersion,
  picked,
  readOwnMessage,
  requestMessageId,
  rollCore,
  speakerActorId,
  versionAtLeast,
} from "./common.ts";
import { toMessageMode } from "../core/compat.ts";
import { MODULE_ID, isCheckKind } from "./types.ts";

/** K6 (Herd uses Nature in pf2e, issue 4). Old pf2e data keyed skills by abbreviation. */
export const PF2E_SKILL: Readonly<Partial<Record<CheckKind, { slug: string; abbr: string }>>> = {
  survival: { slug: "survival", abbr: "sur" },
  stealth: { slug: "stealth", abbr: "ste" },
  animalHandling: { slug: "nature", abbr: "nat" },
};
const KIND_OF_STATISTIC: Readonly<Record<string, CheckKind>> = {
  survival: "survival",
  stealth: "stealth",
  nature: "animalHandling",
  perception: "initiative",
};

interface Statistic {
  readonly mod?: number;
  readonly check?: { readonly mod?: number };
  roll?(args?: Record<string, unknown>): Promise<RollLike | null>;
}
interface Strike {
  readonly slug?: string | null;
  readonly label?: string;
  readonly totalModifier?: number;
  readonly item?: {
    readonly slug?: string | null;
    readonly name?: string;
    readonly system?: unknown;
  };
  readonly variants?: readonly {
    roll?(args?: Record<string, unknown>): Promise<RollLike | null>;
  }[];
}
interface Pf2eActor extends ActorLike {
  readonly skills?: Readonly<Record<string, Statistic | undefined>>;
  readonly perception?: Statistic;
}

function statMod(stat: Statistic | undefined): number | undefined {
  return num(stat?.mod) ?? num(stat?.check?.mod);
}

function skillMod(actor: Pf2eActor, kind: CheckKind): number | undefined {
  const s = PF2E_SKILL[kind];
  if (!s) return undefined;
  return (
    statMod(actor.skills?.[s.slug]) ??
    firstNum(
      actor.system,
      `skills.${s.slug}.totalModifier`,
      `skills.${s.slug}.mod`,
      `skills.${s.abbr}.totalModifier`,
      `skills.${s.abbr}.value`,
    )
  );
}

function perceptionMod(actor: Pf2eActor): number | undefined {
  return (
    statMod(actor.perception) ??
    firstNum(
      actor.system,
      "perception.totalModifier",
      "perception.mod",
      "attributes.perception.totalModifier",
      "attributes.perception.value",
    )
  );
}

function isNetName(v: unknown): boolean {
  return typeof v === "string" && /\bnet\b/i.test(v);
}

/** A Strike made with a net, if the actor has one. */
export function netStrike(actor: ActorLike): Strike | undefined {
  const strikes = getPath(actor.system, "actions");
  if (!Array.isArray(strikes)) return undefined;
  return (strikes as Strike[]).find(
    (s) =>
      s.item?.slug === "net" || s.slug === "net" || isNetName(s.item?.name) || isNetName(s.label),
  );
}

/** Dex + simple-weapon proficiency: level + 2 x rank when trained, else 0 (Player Core proficiency). */
export function dexAttack(actor: ActorLike): number {
  const dex = firstNum(actor.system, "abilities.dex.mod") ?? 0;
  const rank = firstNum(actor.system, "proficiencies.attacks.simple.rank") ?? 0;
  const level = firstNum(actor.system, "details.level.value") ?? 0;
  return dex + (rank > 0 ? level + 2 * rank : 0);
}

/**
 * The check's mode in the words this pf2e reads: 8.x `StatisticRollParameters.messageMode`
 * (v14's names: src/module/system/statistic/statistic.ts and check/types.ts of the 8.0 types,
 * where `rollMode` is gone), 7.x `rollMode` (v13's names, kept only when a key of
 * CONFIG.Dice.rollModes: check.ts). pf2e 8 runs on v14 only, 7 on v13.
 */
export function pf2eMode(opts: RollOptions | undefined): Record<string, string> {
  const mode = opts?.rollMode;
  if (!mode) return {};
  const v8 = pageGeneration(opts) >= 14 && versionAtLeast(pageSystemVersion(opts), "8");
  return v8 ? { messageMode: toMessageMode(mode) } : { rollMode: mode };
}

function rollArgs(opts: RollOptions | undefined): Record<string, unknown> {
  return {
    skipDialog: opts?.fastForward ?? false,
    ...pf2eMode(opts),
    // the identifier travels in the message's context flag: the GM matches it to the request
    ...(opts?.request ? { identifier: identifierOf(opts.request) } : {}),
  };
}

/** The module's request mark as a pf2e check identifier (pf2e keeps it in the message context). */
export function identifierOf(r: RollRequestMark): string {
  return `${MODULE_ID}:${r.round}:${r.fisher}:${r.kind}${r.resolving ? ":resolving" : ""}`;
}

/** The request mark a pf2e check message carries in its context's identifier. */
function requestOfPf2e(m: MessageLike): RollRequestMark | undefined {
  return requestOfIdentifier(contextOf(m)?.identifier);
}

function requestOfIdentifier(id: unknown): RollRequestMark | undefined {
  if (typeof id !== "string") return undefined;
  const [mod, round, fisher, kind, resolving] = id.split(":");
  if (mod !== MODULE_ID || !round || !/^\d+$/.test(round) || !fisher || !isCheckKind(kind))
    return undefined;
  return {
    round: Number(round),
    fisher,
    kind,
    ...(resolving === "resolving" ? { resolving: true } : {}),
  };
}

interface CheckContext {
  readonly type?: string;
  readonly actor?: string | null;
  readonly identifier?: string | null;
  readonly domains?: readonly string[];
  readonly options?: readonly string[];
}

/** The check context of a pf2e roll message: `system.context` (7.x) or `flags.pf2e.context`. */
export function contextOf(message: MessageLike): CheckContext | undefined {
  const ctx = (getPath(message.system, "context") ?? getPath(message.flags, "pf2e.context")) as
    CheckContext | undefined;
  return ctx && typeof ctx === "object" ? ctx : undefined;
}

function statisticOf(ctx: CheckContext): string | undefined {
  const opt = ctx.options?.find((o) => o.startsWith("check:statistic:") && !o.includes(":base:"));
  if (opt) return opt.slice("check:statistic:".length);
  return ctx.domains?.find((d) => d in KIND_OF_STATISTIC);
}

function kindOfContext(ctx: CheckContext): CheckKind | undefined {
  if (ctx.type === "attack-roll") {
    const opts = ctx.options ?? [];
    const net = opts.includes("item:slug:net") || opts.includes("item:base:net");
    return net ? "attack" : undefined;
  }
  if (ctx.type === "initiative" || ctx.type === "perception-check") return "initiative";
  if (ctx.type === "skill-check") {
    const stat = statisticOf(ctx);
    return stat ? KIND_OF_STATISTIC[stat] : undefined;
  }
  return undefined;
}

/**
 * pf2e Assurance (packs/feats/assurance.json, Player Core): a feat whose ChoiceSet keeps the
 * chosen skill in `flags.pf2e.rulesSelections.assurance`; its SubstituteRoll rule puts the value
 * 10 in place of the d20 (check.ts `CheckPF2e.roll`: the formula is `10+<mod>`), and its
 * AdjustModifier rule suppresses every modifier but the proficiency bonus. The check's total is
 * then 10 + the proficiency bonus: level + 2 x rank when trained (the actor's skill rank).
 */
export function assuranceTotal(actor: ActorLike, kind: CheckKind): number | undefined {
  const skill = PF2E_SKILL[kind];
  if (!skill) return undefined;
  const has = itemsOf(actor).some(
    (i) =>
      i.type === "feat" &&
      (getPath(i, "system.slug") === "assurance" || i.name === "Assurance") &&
      getPath(i, "flags.pf2e.rulesSelections.assurance") === skill.slug,
  );
  if (!has) return undefined;
  const a = actor as Pf2eActor & { skills?: Record<string, { rank?: number } | undefined> };
  const rank =
    num(a.skills?.[skill.slug]?.rank) ??
    firstNum(actor.system, `skills.${skill.slug}.rank`, `skills.${skill.abbr}.rank`) ??
    0;
  const level = firstNum(actor.system, "details.level.value") ?? 0;
  return rank > 0 ? 10 + level + 2 * rank : undefined;
}

export const pf2eAdapter: RollAdapter = {
  id: "pf2e",
  labelKey: "KOLIKOLY.Systems.Pf2e",

  mods(actor) {
    const a = actor as Pf2eActor;
    const dex = firstNum(a.system, "abilities.dex.mod") ?? 0;
    const wis = firstNum(a.system, "abilities.wis.mod") ?? 0;
    const strike = netStrike(a);
    return mods({
      attack: num(strike?.totalModifier) ?? dexAttack(a),
      damage: dex,
      survival: skillMod(a, "survival") ?? wis,
      stealth: skillMod(a, "stealth") ?? dex,
      animalHandling: skillMod(a, "animalHandling") ?? wis,
      initiative: perceptionMod(a) ?? wis,
      wisdom: wis,
      constitution: firstNum(a.system, "abilities.con.mod") ?? 0,
    });
  },

  netDamage(actor) {
    const strike = netStrike(actor);
    const dmg = getPath(strike?.item?.system, "damage") as
      { dice?: number; die?: string | null } | undefined;
    const n = num(dmg?.dice);
    return n && dmg?.die && /^d\d+$/.test(dmg.die) ? `${n}${dmg.die}+@mod` : undefined;
  },

  /**
   * AC: the actor's `armorClass` statistic (`actor.armorClass.value`, a StatisticDifficultyClass
   * in src/module/actor/creature/document.ts), else the prepared `system.attributes.ac.value`.
   * HP: `system.attributes.hp.value`. Layers of armour (H3): the worn armour's category (light,
   * medium, heavy: 1, 2, 3; unarmored 0), from `actor.wornArmor` or the armour item worn in its
   * slot (`system.equipped.inSlot`). A shield adds its bonus only while raised, a stance the lake
   * does not follow, so it adds no layer.
   */
  defence(actor) {
    const a = actor as Pf2eActor & {
      armorClass?: { value?: unknown } | null;
      wornArmor?: { category?: unknown; system?: unknown } | null;
    };
    const ac = num(a.armorClass?.value) ?? firstNum(actor.system, "attributes.ac.value");
    const hp = firstNum(actor.system, "attributes.hp.value");
    const worn =
      a.wornArmor ??
      itemsOf(actor).find(
        (i) => i.type === "armor" && getPath(i.system, "equipped.inSlot") === true,
      );
    const category = a.wornArmor?.category ?? getPath(worn?.system, "category");
    const armor = typeof category === "string" ? (ARMOR_LAYERS[category] ?? 0) : 0;
    return {
      ...(ac !== undefined ? { ac } : {}),
      armor,
      ...(hp !== undefined ? { hp } : {}),
    };
  },

  async roll(actor, kind, opts) {
    const a = actor as Pf2eActor;
    const skill = PF2E_SKILL[kind];
    // Statistic#roll resolves to the roll, not its message: the message is found by the request
    // mark its context carries as the identifier (created before the roll resolves, check.ts)
    const posted = (roll: RollLike | null | undefined) =>
      outcomeOf(roll ?? undefined, requestMessageId(opts, requestOfPf2e));
    if (skill) {
      const stat = a.skills?.[skill.slug];
      if (!stat?.roll) throw new Error(`pf2e: actor.skills.${skill.slug} cannot roll`);
      return posted(await stat.roll(rollArgs(opts)));
    }
    if (kind === "initiative") {
      // K7 initiative from Perception (issue 4): a Perception check through the system.
      if (!a.perception?.roll) throw new Error("pf2e: actor.perception cannot roll");
      return posted(await a.perception.roll(rollArgs(opts)));
    }
    const strike = netStrike(a);
    const variant = strike?.variants?.[0];
    if (variant?.roll) return posted(await variant.roll(rollArgs(opts)));
    const data = { ...(a.getRollData?.() ?? {}), kolikolyNet: dexAttack(a) };
    return rollCore(a, "1d20 + @kolikolyNet", data, opts?.flavor ?? "Net", opts);
  },

  readMessage(message) {
    const own = readOwnMessage(message);
    if (own) return own;
    const ctx = contextOf(message);
    if (!ctx) return null;
    const actorId = (typeof ctx.actor === "string" && ctx.actor) || speakerActorId(message);
    const kind = kindOfContext(ctx);
    const out = outcomeOf(message.rolls?.[0], message.id);
    if (!actorId || !kind || !out) return null;
    const p = picked(actorId, kind, out, requestOfIdentifier(ctx.identifier));
    // CheckPF2e.rerollFromMessage (check.ts) deletes the message and posts the kept roll anew
    // with the same context, `isReroll: true` and `check:reroll` among its options
    return (ctx as { isReroll?: unknown }).isReroll === true ? { ...p, reroll: true } : p;
  },

  fixedCheck: assuranceTotal,

  /**
   * Fair dice: pf2e builds a check's CheckRoll and evaluates it at once, with no hook between
   * (check.ts `CheckPF2e.roll`), so the roll is known by its own options: `type`, `domains` (the
   * statistic's slug among them) and `identifier` (a Strike's `<item id>.<slug>.<melee|ranged>`,
   * or the module's request mark). A reroll (`isReroll`, rerollFromMessage) is the GM's call.
   */
  fairCheckOf(options) {
    if (options.isReroll === true) return undefined;
    const mark = requestOfIdentifier(options.identifier);
    if (mark) return mark.kind === "initiative" ? undefined : mark.kind;
    const domains = Array.isArray(options.domains) ? (options.domains as string[]) : [];
    if (options.type === "skill-check") {
      const stat = domains.find((d) => Object.hasOwn(KIND_OF_STATISTIC, d));
      const kind = stat ? KIND_OF_STATISTIC[stat] : undefined;
      return kind === "initiative" ? undefined : kind;
    }
    if (options.type === "attack-roll") {
      const slug = typeof options.identifier === "string" ? options.identifier.split(".")[1] : "";
      return slug === "net" || domains.includes("net-attack") ? "attack" : undefined;
    }
    return undefined;
  },

  // pf2e has no after-roll hook for checks; its roll messages are read instead (readMessage).
  rollHooks: [] as RollHook[],
};

export type { RollOutcome };

/** The system adapter this file provides (index.ts collects it). */
export const adapter = pf2eAdapter;
