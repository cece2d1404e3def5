/**
 * Small readers shared by the adapters: numbers out of prepared actor data, a roll's total and
 * natural d20, the module's own roll-request flag, and the core `Roll` path used where a system
 * offers no roll of its own (generic formulas, dnd5e without a net, pf2e without a strike).
 */
import type { Mods } from "../../rules/index.ts";
import { DEFAULT_MODS, LAKE_LIMITS } from "../../rules/index.ts";
import type {
  ActorLike,
  CheckKind,
  DieLike,
  FisherStats,
  ItemLike,
  MessageLike,
  PickedRoll,
  RollLike,
  RollModeName,
  RollOptions,
  RollAdapter,
  RollOutcome,
  RollRequestMark,
} from "./types.ts";
import { MODULE_ID, isCheckKind } from "./types.ts";
import { rollMessageOptions } from "../core/compat.ts";

/** `a.b.c` in nested plain data; undefined when any step is missing. */
export function getPath(obj: unknown, path: string): unknown {
  let node = obj;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A finite number, or a numeric string (Foundry keeps some bonuses as text), else undefined. */
export function num(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v === "string" && /^\s*[+-]?\d+\s*$/.test(v)) return Number(v);
  return undefined;
}

/** The first of several paths that holds a number. */
export function firstNum(obj: unknown, ...paths: string[]): number | undefined {
  for (const p of paths) {
    const v = num(getPath(obj, p));
    if (v !== undefined) return v;
  }
  return undefined;
}

/**
 * Kayanak's landing check (J6 setting): the actor's Dexterity modifier, where its system keeps
 * one at `system.abilities.dex.mod` (dnd5e's prepared ability mod; pf2e's attribute modifier;
 * the generic adapter's default formulas read the same path). Undefined elsewhere.
 */
export function dexMod(actor: ActorLike): number | undefined {
  return firstNum(actor.system, "abilities.dex.mod");
}

export function itemsOf(actor: ActorLike): ItemLike[] {
  const items = actor.items;
  if (!items) return [];
  const contents = (items as { contents?: ItemLike[] }).contents;
  return Array.isArray(contents) ? contents : [...items];
}

/**
 * A fisher's set-up values from their character (K6, K9, H2-H5), each within the engine's
 * limits: a value outside them is brought to the nearest limit (an armour class of 70 counts
 * 60; a character at 0 hit points enters the lake with 1, the least the engine takes).
 */
export function fisherStats(adapter: RollAdapter, actor: ActorLike): FisherStats {
  const d = adapter.defence(actor);
  const within = (v: number | undefined, min: number, max: number) =>
    v === undefined ? undefined : Math.min(max, Math.max(min, Math.trunc(v)));
  const m = adapter.mods(actor);
  const net = adapter.netDamage(actor);
  const ac = within(d.ac, LAKE_LIMITS.acMin, LAKE_LIMITS.ac);
  const armor = within(d.armor, LAKE_LIMITS.armorMin, LAKE_LIMITS.armor);
  const hp = within(d.hp, 1, LAKE_LIMITS.hp);
  return {
    mods: Object.fromEntries(
      Object.entries(m).map(([k, v]) => [k, within(v, LAKE_LIMITS.modMin, LAKE_LIMITS.mod)]),
    ) as unknown as Mods,
    ...(net ? { netDamage: net } : {}),
    ...(ac !== undefined ? { ac } : {}),
    ...(armor !== undefined ? { armor } : {}),
    ...(hp !== undefined ? { hp } : {}),
  };
}

/** H3: layers of armour for a worn armour's weight (light 1, medium 2, heavy 3; none 0). */
export const ARMOR_LAYERS: Readonly<Record<string, number>> = { light: 1, medium: 2, heavy: 3 };

export function mods(partial: Partial<Mods>): Mods {
  const out: Record<string, number> = { ...DEFAULT_MODS };
  for (const [k, v] of Object.entries(partial)) if (typeof v === "number") out[k] = Math.trunc(v);
  return out as unknown as Mods;
}

function diceOf(roll: RollLike): readonly DieLike[] {
  if (roll.dice && roll.dice.length) return roll.dice;
  // JSON terms: dice are the terms with faces and results (Die, dnd5e's D20Die...)
  return (roll.terms ?? []).filter((t) => typeof t.faces === "number" && Array.isArray(t.results));
}

/**
 * The natural d20 of a roll: the kept face of its first d20 term (with advantage `2d20kh` the
 * kept one). Reads a `Roll` instance (`dice`) and its JSON (`terms`) alike.
 */
export function naturalOf(roll: RollLike | undefined): number | undefined {
  if (!roll) return undefined;
  const d20 = diceOf(roll).find((d) => d.faces === 20);
  const kept = d20?.results?.find((r) => r.active !== false && !r.discarded);
  return kept?.result;
}

export function outcomeOf(
  roll: RollLike | undefined,
  messageId?: string | null,
): RollOutcome | null {
  const total = num(roll?.total);
  if (roll === undefined || total === undefined) return null;
  const natural = naturalOf(roll);
  return {
    total,
    ...(natural !== undefined ? { natural } : {}),
    ...(messageId ? { messageId } : {}),
  };
}

/** The module's request mark in a roll message's flags, when the module asked for the roll. */
export function requestOf(message: MessageLike): RollRequestMark | undefined {
  const mark = getPath(message.flags, `${MODULE_ID}.request`) as
    Record<string, unknown> | undefined;
  if (!mark || typeof mark !== "object") return undefined;
  const { round, fisher, kind, resolving } = mark;
  if (!Number.isInteger(round) || typeof fisher !== "string" || !isCheckKind(kind))
    return undefined;
  return { round: round as number, fisher, kind, ...(resolving === true ? { resolving } : {}) };
}

export function speakerActorId(message: MessageLike): string | undefined {
  const id = message.speaker?.actor;
  return typeof id === "string" && id !== "" ? id : undefined;
}

/** A roll message the module made itself (any system): the kind comes from its request mark. */
export function readOwnMessage(message: MessageLike): PickedRoll | null {
  const request = requestOf(message);
  const actorId = speakerActorId(message);
  if (!request || !actorId) return null;
  const out = outcomeOf(message.rolls?.[0], message.id);
  if (!out) return null;
  return { ...out, actorId, kind: request.kind, request };
}

export function picked(
  actorId: string,
  kind: CheckKind,
  out: RollOutcome,
  request?: RollRequestMark,
): PickedRoll {
  return { ...out, actorId, kind, ...(request ? { request } : {}) };
}

/** The flags a roll message carries so that the GM recognises it (`flags["kolikoly-fishing"].request`). */
export function requestFlags(opts: RollOptions | undefined): Record<string, unknown> {
  return opts?.request ? { [MODULE_ID]: { request: opts.request } } : {};
}

// ---------------------------------------------------------------------------------------------
// The core Roll path. Foundry globals are read through one accessor so that tests run the same
// code against the behavioural fake.

interface RollInstance extends RollLike {
  evaluate(options?: Record<string, unknown>): Promise<RollInstance>;
  toMessage(
    data?: Record<string, unknown>,
    options?: Record<string, unknown>,
  ): Promise<{ id?: string | null } | undefined>;
}
type RollClass = new (formula: string, data?: Record<string, unknown>) => RollInstance;

interface CoreGlobals {
  foundry?: { dice?: { Roll?: RollClass } };
  Roll?: RollClass;
  ChatMessage?: {
    implementation?: { getSpeaker(o: { actor?: unknown }): Record<string, unknown> };
    getSpeaker?(o: { actor?: unknown }): Record<string, unknown>;
  };
  game?: {
    release?: { generation?: number };
    system?: { version?: string };
    messages?: { contents?: readonly MessageLike[] };
  };
}

function core(): CoreGlobals {
  return globalThis as unknown as CoreGlobals;
}

/**
 * The message a roll the module asked for was posted in, found by its request mark: the newest
 * in game.messages (ChatMessage.create resolves once the message is in the collection). dnd5e
 * 5.x also sets `roll.parent`; 4.4 does not (module/dice/basic-roll.mjs buildPost).
 */
export function requestMessageId(
  opts: RollOptions | undefined,
  markOf: (m: MessageLike) => RollRequestMark | undefined = requestOf,
): string | undefined {
  const mark = opts?.request;
  const list = core().game?.messages?.contents ?? [];
  if (!mark) return undefined;
  for (let i = list.length - 1; i >= 0; i--) {
    const m = list[i]!;
    const r = markOf(m);
    if (r?.round === mark.round && r.fisher === mark.fisher && r.kind === mark.kind)
      return m.id ?? undefined;
  }
  return undefined;
}

/** The Foundry generation a roll is made on: the caller's word, else this page's. */
export function pageGeneration(opts?: RollOptions): number {
  return opts?.generation ?? core().game?.release?.generation ?? 13;
}

/** The system's version a roll is made with: the caller's word, else this page's game.system. */
export function pageSystemVersion(opts?: RollOptions): string | undefined {
  return opts?.systemVersion ?? core().game?.system?.version;
}

/**
 * `Roll#toMessage` options for a roll mode, in the generation's words (core/compat.ts): the
 * roll's own generation when the caller says it, else this page's (game.release.generation).
 */
export function messageModeOptions(
  mode: RollModeName | undefined,
  generation = pageGeneration(),
): Record<string, unknown> {
  return rollMessageOptions(mode, generation);
}

/**
 * Whether a package version (`game.system.version`, dotted numbers) is at least `min`; an
 * unknown or unreadable version is taken as the newest (a table runs the current release).
 */
export function versionAtLeast(version: string | undefined, min: string): boolean {
  if (!version || !/^\d+(\.\d+)*/.test(version)) return true;
  const a = version.split(".").map((p) => parseInt(p, 10) || 0);
  const b = min.split(".").map((p) => parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

export function speakerFor(actor: ActorLike): Record<string, unknown> {
  const cm = core().ChatMessage;
  const get = cm?.implementation?.getSpeaker ?? cm?.getSpeaker;
  return get ? get.call(cm?.implementation ?? cm, { actor }) : { actor: actor.id ?? null };
}

/** Rolls `formula` with core `Roll` and posts it with the request mark and the roll mode. */
export async function rollCore(
  actor: ActorLike,
  formula: string,
  data: Record<string, unknown>,
  flavor: string,
  opts: RollOptions | undefined,
): Promise<RollOutcome | null> {
  const message = { speaker: speakerFor(actor), flavor, flags: requestFlags(opts) };
  if (opts?.core) return opts.core(formula, data, message, opts.rollMode);
  const g = core();
  const Roll = g.foundry?.dice?.Roll ?? g.Roll;
  if (!Roll) throw new Error("Foundry's Roll class is not available");
  const roll = await new Roll(formula, data).evaluate();
  const created = await roll.toMessage(
    message,
    messageModeOptions(opts?.rollMode, opts?.generation),
  );
  return outcomeOf(roll, created?.id ?? undefined);
}
