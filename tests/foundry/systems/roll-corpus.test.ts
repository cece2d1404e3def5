/**
 * Issue 21 item 5: the corpus. Every honest shape of a check, per system version
 * (tests/fixtures/systems/corpus.ts, each citing the code it follows), in every way the GM's
 * client may hold it, is counted by the checker (roll-integrity.ts: verifyCheckRoll, then
 * boundCheck against the fisher's set-up modifier); every tampered variant (face changed, total
 * changed, kept result swapped, modifier raised, a function term's result inflated with or
 * without its rolls) is refused. Then the same shapes go end to end through the real pick-up path
 * (GmDesk#pickUp over the behavioural fake: a GM, two players, the GM store): each tampered one
 * leaves the round unchanged and shows the GM the reason in the GM's language (en, fr, de in
 * turn); the honest one then counts. The figures are printed per system version.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import type { VerifiedCheck } from "../../../src/dice/roll-verdict.ts";
import { boundCheck } from "../../../src/foundry/systems/check-bound.ts";
import { verifyCheckRoll } from "../../../src/dice/roll-integrity.ts";
import type { MessageLike } from "../../../src/foundry/systems/types.ts";
import type { RollJson } from "../../fixtures/systems/core-roll.ts";
import type { Shape, SystemVersion, Tamper, View } from "../../fixtures/systems/corpus.ts";
import { SHAPES, SYSTEM_VERSIONS, TAMPERS, tamper } from "../../fixtures/systems/corpus.ts";
import { dnd5eAna, dnd5eSkillMessage } from "../../fixtures/systems/dnd5e.ts";
import { assuranceFeat, pf2eCharacter, pf2eCheckMessage } from "../../fixtures/systems/pf2e.ts";
import { withPf2eRolls } from "../../fixtures/systems/system-fakes.ts";
import { declareTrackAndCatch, dnd5eActors, settleClients, standInOn } from "../players/actors.ts";
import type { PlayerClient, PlayerTable } from "../players/fake-players.ts";
import { lakeOn, makePlayerTable } from "../players/fake-players.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
type Flat = Map<string, string>;
function flatten(o: unknown, prefix = "", out: Flat = new Map()): Flat {
  for (const [k, v] of Object.entries(o as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}
const LANGS = ["en", "fr", "de"].map(
  (code) => [code, flatten(JSON.parse(readFileSync(`${ROOT}lang/${code}.json`, "utf8")))] as const,
);
/** game.i18n.format: `{name}` replaced from the data (v13 client/helpers/localization.mjs). */
const fmt = (text: string, data: Readonly<Record<string, unknown>>) =>
  text.replace(/{([^}]+)}/g, (_, k: string) => String(data[k] ?? `{${k}}`));

/** The checker as the desk runs it: replay, then the fisher's modifier from the set-up. */
function judge(
  shape: Shape,
  r: RollJson,
): { ok: true; v: VerifiedCheck } | { ok: false; reason: string; data: Record<string, string> } {
  const v = verifyCheckRoll(r, { noDie: shape.fixed !== undefined });
  if (!v.ok) return { ok: false, reason: v.reason, data: {} };
  const b = boundCheck(v, {
    modifier: shape.modifier,
    ...(shape.fixed !== undefined ? { fixed: shape.fixed } : {}),
  });
  return b.ok ? { ok: true, v } : { ok: false, reason: b.reason, data: b.data };
}

const VIEWS: readonly View[] = ["message", "gm", "rendered", "dsn"];

describe("issue 21 item 5: the corpus through the checker", () => {
  const honest = new Map<SystemVersion, [number, number]>();
  const refused = new Map<SystemVersion, [number, number]>();
  const add = (m: Map<SystemVersion, [number, number]>, s: SystemVersion, ok: boolean) => {
    const [a, n] = m.get(s) ?? [0, 0];
    m.set(s, [a + (ok ? 1 : 0), n + 1]);
  };

  for (const shape of SHAPES)
    test(`${shape.id}: ${shape.what} is counted in every view, and each tampered copy is refused (${shape.source})`, () => {
      for (const view of VIEWS) {
        const r = shape.views[view];
        if (!r) continue;
        const j = judge(shape, r);
        add(honest, shape.system, j.ok);
        expect(j, `${view}`).toMatchObject({
          ok: true,
          v: {
            total: shape.total,
            ...(shape.natural !== undefined ? { natural: shape.natural } : {}),
          },
        });
        if (shape.natural === undefined && j.ok) expect(j.v.ok && j.v.natural).toBeUndefined();
        for (const how of TAMPERS) {
          const forged = tamper(r, how);
          if (!forged) continue;
          const f = judge(shape, forged);
          add(refused, shape.system, !f.ok);
          expect(f.ok, `${view} ${how}`).toBe(false);
        }
      }
    });

  test("figures per system version", () => {
    for (const s of SYSTEM_VERSIONS) {
      const [a, n] = honest.get(s) ?? [0, 0];
      const [r, t] = refused.get(s) ?? [0, 0];
      console.info(
        `roll corpus ${s}: honest views counted ${a} of ${n}; tampered refused ${r} of ${t}`,
      );
      expect(a).toBe(n);
      expect(r).toBe(t);
    }
  });
});

// ---- end to end ----------------------------------------------------------------------------

let clients: PlayerClient[] = [];
afterEach(() => {
  clients = [];
});
const settle = () => settleClients(clients);
const pending = (t: PlayerTable, lake: string) => t.server.truth.store.get(lake)!.pending;

const tableSystem = (s: SystemVersion) =>
  s === "pf2e" ? "pf2e" : s === "core" ? "swade" : "dnd5e";

/** A locked round 1: Ana (f1, the shape's Survival in the set-up) tracks, Bo (f2) catches. */
async function lockedFor(shape: Shape, lang: Flat) {
  const t = await makePlayerTable({ system: tableSystem(shape.system) });
  clients = [t.gm, t.gm2, ...t.players];
  const [a] = t.players;
  if (shape.system === "pf2e") {
    for (const c of clients)
      t.actorIds.forEach((id, i) => {
        const actor = pf2eCharacter(id, ["Ana", "Bo"][i]!);
        // Ana took Assurance (Survival): the die-less check the GM knows of
        if (i === 0) actor.items = [assuranceFeat("survival")] as never;
        c.attachActor(
          id,
          withPf2eRolls(
            actor,
            standInOn(c, t.server, () => 10),
          ),
        );
      });
  } else if (shape.system === "core") {
    for (const c of clients)
      t.actorIds.forEach((id, i) =>
        c.attachActor(id, {
          id,
          name: ["Ana", "Bo"][i]!,
          system: {},
          getRollData: () => ({ abilities: { wis: { mod: 2 } } }),
        }),
      );
  } else dnd5eActors(t, []);
  // the GM reads the module in their own language
  for (const [k, v] of lang) if (k.startsWith("KOLIKOLY.")) t.gm.language.set(k, v);
  // the set-up's modifiers, as the wizard fills them in from the system
  const lake = await lakeOn(t, undefined, { survival: shape.modifier });
  await declareTrackAndCatch(t, lake);
  return { t, lake, a };
}

/** Ana's Survival check message as her system posts it, holding `r`. */
function messageOf(shape: Shape, t: PlayerTable, r: RollJson): MessageLike {
  const ana = { id: t.actorIds[0]!, name: "Ana" };
  if (shape.system === "pf2e") {
    const m = pf2eCheckMessage("x", t.userIds.a, ana, "survival", "skill-check", 10, 7);
    const pf2e = (m.flags as { pf2e: { context: Record<string, unknown> } }).pf2e;
    if (shape.id.endsWith("hero-point")) pf2e.context.isReroll = true;
    return { ...m, rolls: [r as never] };
  }
  if (shape.system === "core")
    return {
      speaker: { actor: ana.id, token: null, alias: "Ana" },
      flags: { [MODULE_ID]: { request: { round: 1, fisher: "f1", kind: "survival" } } },
      rolls: [r as never],
    } as MessageLike;
  const m = dnd5eSkillMessage("x", t.userIds.a, { ...dnd5eAna, id: ana.id }, "sur", 13, 4);
  return { ...m, rolls: [r as never] };
}

describe("issue 21 item 5: the corpus end to end (GmDesk#pickUp in the behavioural fake)", () => {
  const e2e = new Map<
    SystemVersion,
    { counted: number; honest: number; refused: number; tried: number }
  >();
  const skip = (s: Shape) => s.id.endsWith("initiative-advantage"); // rolled by the GM's driver, not picked up

  SHAPES.forEach((shape, i) => {
    if (skip(shape)) return;
    const [code, lang] = LANGS[i % LANGS.length]!;
    test(`${shape.id}: tampered copies change nothing and tell the GM why (${code}); the honest roll counts`, async () => {
      const { t, lake, a } = await lockedFor(shape, lang);
      const fig = e2e.get(shape.system) ?? { counted: 0, honest: 0, refused: 0, tried: 0 };
      const held = shape.views.gm ?? shape.views.message;
      const before = structuredClone(pending(t, lake));
      for (const how of TAMPERS as Tamper[]) {
        const forged = tamper(held, how);
        if (!forged) continue;
        fig.tried++;
        const alerts = t.gm.alertLog.length;
        const m = await a.postRoll(messageOf(shape, t, forged), "publicroll");
        await settle();
        expect(pending(t, lake), how).toEqual(before);
        const j = judge(shape, forged);
        expect(j.ok, how).toBe(false);
        if (j.ok) continue;
        expect(t.gm.alertLog.length, how).toBe(alerts + 1);
        const reason = fmt(lang.get(`KOLIKOLY.Players.Refusal.${j.reason}`)!, {
          ...j.data,
          fisher: "Ana",
        });
        // Ana's one line on the GM's screen: her first refusal, then the count and the latest
        const count = alerts + 1;
        const user = t.gm.users().find((u) => u.id === t.userIds.a)!.name;
        const data = { fisher: "Ana", lake: "Mirror lake", message: m.id, reason };
        expect(t.gm.alertLog.at(-1), how).toBe(
          count === 1
            ? fmt(lang.get("KOLIKOLY.Players.Refused")!, data)
            : fmt(lang.get("KOLIKOLY.Players.RefusedMany")!, {
                ...data,
                count: String(count),
                user,
              }),
        );
        expect(t.gm.alerts, how).toEqual([t.gm.alertLog.at(-1)]);
        for (const p of t.players) expect(p.alerts, how).toEqual([]);
        fig.refused++;
      }
      fig.honest++;
      const alerts = t.gm.alertLog.length;
      await a.postRoll(messageOf(shape, t, held), "publicroll");
      await settle();
      expect(pending(t, lake).totals.f1).toEqual(
        shape.natural === undefined
          ? { total: shape.total }
          : { total: shape.total, natural: shape.natural },
      );
      expect(t.gm.alertLog.length).toBe(alerts);
      fig.counted++;
      e2e.set(shape.system, fig);
    });
  });

  test("figures per system version, end to end", () => {
    for (const s of SYSTEM_VERSIONS) {
      const f = e2e.get(s);
      if (!f) continue;
      console.info(
        `roll corpus end to end ${s}: honest counted ${f.counted} of ${f.honest}; tampered refused ${f.refused} of ${f.tried}`,
      );
      expect(f.counted).toBe(f.honest);
      expect(f.refused).toBe(f.tried);
    }
  });
});

describe("issue 21 item 3: relevance is judged first", () => {
  test("an owner's roll of another check, with dice the checker refuses, is ignored quietly", async () => {
    const shape = SHAPES.find((s) => s.id === "dnd5e 5.3/advantage")!;
    const { t, lake, a } = await lockedFor(shape, LANGS[0]![1]);
    // Ana tracks (Survival); she rolls Stealth with a pool the checker cannot replay
    const base = dnd5eSkillMessage(
      "x",
      t.userIds.a,
      { ...dnd5eAna, id: t.actorIds[0]! },
      "ste",
      13,
      5,
    );
    const pool = {
      class: "D20Roll",
      options: {},
      dice: [],
      formula: "{1d20,1d20}kh",
      total: 19,
      evaluated: true,
      terms: [
        {
          class: "PoolTerm",
          options: {},
          evaluated: true,
          terms: ["1d20", "1d20"],
          modifiers: ["kh"],
          rolls: [],
          results: [{ result: 19, active: true }],
        },
      ],
    };
    const m = await a.postRoll({ ...base, rolls: [pool as never] }, "publicroll");
    await settle();
    const reply = await a.wiring!.player.send({ type: "rolled", lake, round: 1, messageId: m.id! });
    expect(reply).toMatchObject({ ok: false, error: { code: "wrongCheck" } });
    expect(t.gm.alerts).toEqual([]);
    expect(pending(t, lake).totals).toEqual({});
  });

  test("pf2e: a die-less check from a character without Assurance for the skill goes to the GM", async () => {
    const shape = SHAPES.find((s) => s.id === "pf2e/assurance")!;
    const { t, lake, a } = await lockedFor(shape, LANGS[2]![1]);
    // Ana's Assurance is for Stealth, not Survival
    for (const c of clients)
      (c.actor(t.actorIds[0]!) as { items: unknown[] }).items = [assuranceFeat("stealth")];
    await a.postRoll(messageOf(shape, t, shape.views.message), "publicroll");
    await settle();
    expect(pending(t, lake).totals).toEqual({});
    const de = LANGS[2]![1];
    expect(t.gm.alerts.at(-1)).toContain(de.get("KOLIKOLY.Players.Refusal.noD20")!);
  });

  test("pf2e: a hero-point reroll of a check already counted goes to the GM, the first roll standing", async () => {
    const shape = SHAPES.find((s) => s.id === "pf2e/plain")!;
    const { t, lake, a } = await lockedFor(shape, LANGS[1]![1]);
    await a.postRoll(messageOf(shape, t, shape.views.message), "publicroll");
    await settle();
    expect(pending(t, lake).totals.f1).toEqual({ total: 18, natural: 11 });
    const reroll = SHAPES.find((s) => s.id === "pf2e/hero-point")!;
    const m = await a.postRoll(messageOf(reroll, t, reroll.views.message), "publicroll");
    await settle();
    expect(pending(t, lake).totals.f1).toEqual({ total: 18, natural: 11 });
    const fr = LANGS[1]![1];
    expect(t.gm.alerts).toEqual([
      fmt(fr.get("KOLIKOLY.Players.Refused")!, {
        fisher: "Ana",
        lake: "Mirror lake",
        message: m.id,
        reason: fr.get("KOLIKOLY.Players.Refusal.rerolled")!,
      }),
    ]);
    // the GM decides: the reroll's total typed in counts
    expect(await t.gm.wiring!.gm.enterTotal(lake, "f1", 24, 17)).toMatchObject({ ok: true });
    expect(pending(t, lake).totals.f1).toEqual({ total: 24, natural: 17 });
  });
});
