/**
 * The catch in the inventory: what a lake's catch setting grants a fisher's character for the
 * fish the rules gave them, in both games. Nothing here changes a rule: the rules count fish
 * (K13 for the lake, J6/J9 on the ice); this turns a count into things in a bag.
 *
 * - **What is drawn.** A lake's setting (`CatchSetting`) is a snapshot, taken at creation, of the
 *   RollTable or the item the GM picked: the table's dice and each result's range, name, picture
 *   and item. Each fish is one draw: the dice are rolled from an HMAC of the setting's own secret
 *   key (random, sealed in the GM record with the set-up) and the draw's place (game, round or
 *   turn, fisher, draw), and the result whose range holds the total is what the fish was. So the
 *   haul of any round is fixed by the record: every GM client, after any reload or hand-over,
 *   computes the same items, and undo takes back exactly what was given.
 * - **When it lands.** A change that grants (a round or turn that caught fish, or an undo of one)
 *   posts a haul card, GM-written, whose flag lists the grants. The items are written in the same
 *   write as the card, right after it (core/commit.ts): on v14 in one modifyBatch, which the
 *   server applies whole or not at all; on v13 the card first, then the items. The card is the
 *   receipt: a card already in the chat is never posted again (its id is fixed in the record), so
 *   its items are never written twice, whoever rolls the record forward. Each item written also
 *   keeps the card's id (`receipts`), so a card a GM deleted by hand and a reload re-posts does not
 *   grant again either.
 * - **Where.** Into the fisher's character, stacked: an item whose source is the same (the
 *   module's own flag, else Foundry's `_stats.compendiumSource`) gets its `system.quantity`
 *   raised; else the item is created from its source with that quantity. An item with no numeric
 *   `system.quantity` (a system whose items do not stack) and a table result that names no item
 *   are told in the card only.
 * - **Who.** Only the active GM's client resolves and rolls forward, and only what a GM client
 *   wrote is read back; nothing a player sends names an item, a quantity or an actor.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { MODULE_ID } from "./constants.ts";
import type { CatchDoc, HeldItem, WriteOp } from "./documents.ts";

/** The dice of a catch table: `count`d`faces` + `plus` (RollTable#formula, simple dice only). */
export interface CatchDice {
  readonly count: number;
  readonly faces: number;
  readonly plus: number;
}

/** One result of a catch table: what a draw whose total is in `range` lands. */
export interface CatchEntry {
  readonly name: string;
  readonly img?: string;
  /** The Item the result names (a compendium or world UUID); absent: told in the card only. */
  readonly uuid?: string;
  readonly range: readonly [number, number];
}

/** A lake's catch setting: absent on the record means nothing is granted (as before). */
export interface CatchSetting {
  /** What the GM picked, by name (the table's or the item's), for the panel and the cards. */
  readonly from: string;
  /** 32 hex characters, random at creation: the draws' key. GM-only, sealed with the set-up. */
  readonly key: string;
  readonly dice: CatchDice;
  readonly entries: readonly CatchEntry[];
  /**
   * Rounds (Kayanak: turns) a game made from a file had played before it came to this table:
   * their fish were caught elsewhere and grant nothing here, nor in the end card.
   */
  readonly since?: number;
}

/** How much one change gives (or, undone, takes back) of one item to one character. */
export interface Grant {
  /** The character's Actor id. */
  readonly actor: string;
  /** The fisher it is for (names the line in the card). */
  readonly fisher: string;
  readonly uuid?: string;
  readonly name: string;
  readonly img?: string;
  /** Positive: given; negative: taken back (an undo). */
  readonly qty: number;
}

/** The haul card's flag: the receipt of its grants (core/commit.ts writes them with it). */
export interface HaulFlag {
  readonly kind: "haul";
  readonly lake: string;
  readonly grants: readonly Grant[];
}

/** How many card ids an item keeps (the newest): enough for any undo or re-post to find its own. */
export const RECEIPTS_KEPT = 24;

const LIMITS = { count: 10, faces: 1000, plus: 1000, entries: 200 } as const;

/** "1d20", "d100", "2d6+1": the dice of a catch table; undefined for any other formula. */
export function parseCatchDice(formula: string): CatchDice | undefined {
  const m = /^\s*(\d*)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$/i.exec(formula);
  if (!m) return undefined;
  const count = m[1] ? Number(m[1]) : 1;
  const faces = Number(m[2]);
  const plus = m[4] ? Number(m[4]) * (m[3] === "-" ? -1 : 1) : 0;
  if (count < 1 || count > LIMITS.count || faces < 1 || faces > LIMITS.faces) return undefined;
  if (Math.abs(plus) > LIMITS.plus) return undefined;
  return { count, faces, plus };
}

/** A fresh draws' key, from the browser's crypto. */
export function newCatchKey(): string {
  const a = new Uint8Array(16);
  globalThis.crypto.getRandomValues(a);
  return bytesToHex(a);
}

/** What is wrong with a catch document as a lake's source, or its setting. */
export type CatchFrom =
  | { readonly ok: true; readonly value: CatchSetting }
  | { readonly ok: false; readonly code: "catchFormula" | "catchEmpty" };

/** The setting a RollTable or an Item makes (read with fromUuid on the GM's client). */
export function catchSettingOf(doc: CatchDoc, key = newCatchKey()): CatchFrom {
  if (doc.kind === "item")
    return {
      ok: true,
      value: {
        from: doc.name,
        key,
        dice: { count: 1, faces: 1, plus: 0 },
        entries: [
          { name: doc.name, ...(doc.img ? { img: doc.img } : {}), uuid: doc.uuid, range: [1, 1] },
        ],
      },
    };
  const dice = parseCatchDice(doc.formula);
  if (!dice) return { ok: false, code: "catchFormula" };
  const entries = doc.results
    .filter((r) => Number.isInteger(r.range[0]) && Number.isInteger(r.range[1]))
    .slice(0, LIMITS.entries)
    .map((r) => ({
      name: r.name,
      ...(r.img ? { img: r.img } : {}),
      ...(r.uuid ? { uuid: r.uuid } : {}),
      range: [Math.min(r.range[0], r.range[1]), Math.max(r.range[0], r.range[1])] as const,
    }));
  if (!entries.length) return { ok: false, code: "catchEmpty" };
  return { ok: true, value: { from: doc.name, key, dice, entries } };
}

/**
 * The entries `draws` fish land, in draw order: each one the dice rolled from the key and the
 * draw's place, then the result whose range holds the total (none: the fish was nothing).
 */
export function drawCatch(setting: CatchSetting, place: string, draws: number): CatchEntry[] {
  const key = utf8ToBytes(setting.key);
  const out: CatchEntry[] = [];
  for (let i = 0; i < draws; i++) {
    let total = setting.dice.plus;
    for (let d = 0; d < setting.dice.count; d++) {
      // a MAC of its own a die, its first 32 bits: the modulo's bias is below 1 in 4 million
      // at 1000 faces
      const h = hmac(sha256, key, utf8ToBytes(`kolikoly-catch|${place}|${i}|${d}`));
      const v = ((h[0]! << 24) | (h[1]! << 16) | (h[2]! << 8) | h[3]!) >>> 0;
      total += (v % setting.dice.faces) + 1;
    }
    const hit = setting.entries.find((e) => e.range[0] <= total && total <= e.range[1]);
    if (hit) out.push(hit);
  }
  return out;
}

/** One fisher's draws in one change: their character, and how many fish to draw for. */
export interface HaulSeat {
  readonly fisher: string;
  readonly actor: string | null;
  readonly draws: number;
}

/**
 * The grants of one change: each seat's draws, summed by item (a character with no actor gets
 * nothing: nobody's bag to put it in). `place` names the change (its game, round or turn).
 */
export function haulGrants(
  setting: CatchSetting,
  place: string,
  seats: readonly HaulSeat[],
): Grant[] {
  const out: Grant[] = [];
  for (const s of seats) {
    if (!s.actor || s.draws <= 0) continue;
    const drawn = drawCatch(setting, `${place}|${s.fisher}`, s.draws);
    const by = new Map<string, Grant>();
    for (const e of drawn) {
      const id = e.uuid ?? `name:${e.name}`;
      const was = by.get(id);
      by.set(id, {
        actor: s.actor,
        fisher: s.fisher,
        ...(e.uuid ? { uuid: e.uuid } : {}),
        name: e.name,
        ...(e.img ? { img: e.img } : {}),
        qty: (was?.qty ?? 0) + 1,
      });
    }
    out.push(...by.values());
  }
  return out;
}

/** The same grants taken back (an undo). */
export function takenBack(grants: readonly Grant[]): Grant[] {
  return grants.map((g) => ({ ...g, qty: -g.qty }));
}

/** Grants summed by fisher and item (the end card's haul), zero lines left out. */
export function summed(grants: readonly Grant[]): Grant[] {
  const by = new Map<string, Grant>();
  for (const g of grants) {
    const id = `${g.fisher}|${g.uuid ?? `name:${g.name}`}`;
    const was = by.get(id);
    by.set(id, { ...g, qty: (was?.qty ?? 0) + g.qty });
  }
  return [...by.values()].filter((g) => g.qty !== 0);
}

/** A haul card's flag, if the card is one. */
export function haulOf(flag: Readonly<Record<string, unknown>> | undefined): HaulFlag | undefined {
  if (flag?.kind !== "haul" || !Array.isArray(flag.grants)) return undefined;
  return flag as unknown as HaulFlag;
}

/**
 * The item writes of one haul card, against each character's items as they are now (so a stack
 * the player sold from, or deleted, is met as it is): none for a character that already holds the
 * card's receipt. A grant whose item cannot stack, or names no item, writes nothing (the card
 * tells it). `data` reads an item's source (fromUuid, cached by the caller).
 */
export async function grantOps(
  port: { actorItems(actorId: string): HeldItem[] | undefined },
  cardId: string,
  grants: readonly Grant[],
  data: (uuid: string) => Promise<Extract<CatchDoc, { kind: "item" }> | undefined>,
): Promise<WriteOp[]> {
  const ops: WriteOp[] = [];
  const actors = [...new Set(grants.map((g) => g.actor))];
  for (const actor of actors) {
    const held = port.actorItems(actor);
    if (!held) continue; // the character is gone: nothing to put it in
    if (held.some((i) => i.receipts.includes(cardId))) continue; // already written
    const creates: object[] = [];
    const updates: ({ _id: string } & Record<string, unknown>)[] = [];
    const deletes: string[] = [];
    for (const g of grants) {
      const uuid = g.uuid;
      if (g.actor !== actor || !uuid) continue;
      const stack = held.find((i) => i.source === uuid && i.quantity !== undefined);
      if (stack) {
        const qty = stack.quantity! + g.qty;
        if (qty <= 0) deletes.push(stack.id);
        else
          updates.push({
            _id: stack.id,
            "system.quantity": qty,
            [`flags.${MODULE_ID}.receipts`]: [...stack.receipts, cardId].slice(-RECEIPTS_KEPT),
          });
        continue;
      }
      if (g.qty <= 0) continue; // nothing left to take back
      const source = await data(uuid);
      const sys = source?.data.system as Record<string, unknown> | undefined;
      if (!source || typeof sys?.quantity !== "number") continue; // does not stack: the card tells it
      const {
        _id: _dropped,
        folder: _f,
        sort: _s,
        ownership: _o,
        ...rest
      } = source.data as Record<string, unknown>;
      const flags = (rest.flags ?? {}) as Record<string, Record<string, unknown>>;
      creates.push({
        ...rest,
        system: { ...sys, quantity: g.qty },
        flags: {
          ...flags,
          [MODULE_ID]: { ...(flags[MODULE_ID] ?? {}), source: uuid, receipts: [cardId] },
        },
        _stats: { compendiumSource: uuid.startsWith("Compendium.") ? uuid : null },
      });
    }
    if (creates.length) ops.push({ kind: "items.create", actorId: actor, data: creates });
    if (updates.length) ops.push({ kind: "items.update", actorId: actor, updates });
    if (deletes.length) ops.push({ kind: "items.delete", actorId: actor, ids: deletes });
  }
  return ops;
}
