/**
 * Any other system: one formula per check, set by the GM (a world setting), evaluated with the
 * actor's roll data (`actor.getRollData()`, Foundry's `@path` references). A check formula is
 * `1d20` plus numbers and `@references` (`1d20 + @abilities.dex.mod`), so that the engine's
 * modifier (K6: d20 + modifier) is the formula's constant part with the references read from
 * the roll data. Other dice in a check would make that modifier meaningless: refused.
 */
import type { Mods, RuleError } from "../../rules/index.ts";
import { parseFormula } from "../../rules/index.ts";
import type { ActorLike, CheckKind, RollAdapter } from "./types.ts";
import { getPath, mods, num, readOwnMessage, rollCore } from "./common.ts";

/** The GM's formulas: one per check, plus the two ability modifiers hazards use (H3, H5) and K9's damage modifier. */
export interface GenericFormulas {
  readonly attack: string;
  readonly survival: string;
  readonly stealth: string;
  readonly animalHandling: string;
  readonly initiative: string;
  /** K9 `@mod`: the net attack's ability modifier (no dice). */
  readonly damage: string;
  readonly wisdom: string;
  readonly constitution: string;
}

export const DEFAULT_GENERIC_FORMULAS: GenericFormulas = {
  attack: "1d20 + @abilities.dex.mod",
  survival: "1d20 + @abilities.wis.mod",
  stealth: "1d20 + @abilities.dex.mod",
  animalHandling: "1d20 + @abilities.wis.mod",
  initiative: "1d20 + @abilities.dex.mod",
  damage: "@abilities.dex.mod",
  wisdom: "@abilities.wis.mod",
  constitution: "@abilities.con.mod",
};

const ROLLED: readonly (keyof GenericFormulas)[] = [
  "attack",
  "survival",
  "stealth",
  "animalHandling",
  "initiative",
];
const FIELDS = Object.keys(DEFAULT_GENERIC_FORMULAS) as (keyof GenericFormulas)[];

/** Checks a GM's formula table: a check is `1d20` plus numbers and references; a modifier has no dice. */
export function validateGenericFormulas(
  raw: unknown,
): { ok: true; value: GenericFormulas } | { ok: false; error: RuleError } {
  if (typeof raw !== "object" || raw === null)
    return fail("badFormula", "", "must be an object of formulas");
  const o = raw as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const field of FIELDS) {
    const v = o[field] ?? DEFAULT_GENERIC_FORMULAS[field];
    if (typeof v !== "string") return fail("badFormula", field, "must be text");
    const parsed = parseFormula(v);
    if (!parsed.ok) return fail("badFormula", field, parsed.reason);
    const dice = parsed.formula.dice;
    if (ROLLED.includes(field)) {
      const d20 = dice.length === 1 && dice[0]!.count === 1 && dice[0]!.faces === 20;
      if (!d20 || dice[0]!.sign !== 1)
        return fail("badFormula", field, `a check is 1d20 plus modifiers (got "${v}")`);
    } else if (dice.length > 0) {
      return fail("badFormula", field, `a modifier has no dice (got "${v}")`);
    }
    out[field] = v;
  }
  return { ok: true, value: out as unknown as GenericFormulas };
}

/** The formulas as one line a GM edits in the settings: `attack=1d20 + @abilities.dex.mod; survival=...`. */
export function formatFormulas(f: GenericFormulas): string {
  return Object.entries(f)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
}

/** Reads that line back (missing checks keep their defaults) and validates it. */
export function parseFormulas(text: string): ReturnType<typeof validateGenericFormulas> {
  const o: Record<string, string> = {};
  for (const part of text.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    o[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return validateGenericFormulas(o);
}

function fail(code: string, field: string, message: string): { ok: false; error: RuleError } {
  return { ok: false, error: { code, field, message } };
}

/** The formula's constant part with `@references` read from the roll data (a missing one counts 0). */
export function formulaModifier(formula: string, rollData: unknown): number {
  const parsed = parseFormula(formula);
  if (!parsed.ok) return 0;
  let total = parsed.formula.constant;
  for (const r of parsed.formula.refs) total += r.sign * (num(getPath(rollData, r.name)) ?? 0);
  return total;
}

/** The generic adapter over a formula table (the world setting's value, already validated). */
export function genericAdapter(formulas: GenericFormulas = DEFAULT_GENERIC_FORMULAS): RollAdapter {
  const modOf = (actor: ActorLike, field: keyof GenericFormulas) =>
    formulaModifier(formulas[field], actor.getRollData?.() ?? actor.system ?? {});
  return {
    id: "generic",
    labelKey: "KOLIKOLY.Systems.Generic",
    mods(actor): Mods {
      return mods({
        attack: modOf(actor, "attack"),
        survival: modOf(actor, "survival"),
        stealth: modOf(actor, "stealth"),
        animalHandling: modOf(actor, "animalHandling"),
        initiative: modOf(actor, "initiative"),
        damage: modOf(actor, "damage"),
        wisdom: modOf(actor, "wisdom"),
        constitution: modOf(actor, "constitution"),
      });
    },
    netDamage: () => undefined,
    // another system's armour and hit points have no known place: the wizard asks the GM
    defence: () => ({}),
    roll(actor, kind: CheckKind, opts) {
      return rollCore(
        actor,
        formulas[kind],
        actor.getRollData?.() ?? {},
        opts?.flavor ?? kind,
        opts,
      );
    },
    readMessage: (message) => readOwnMessage(message),
    rollHooks: [],
  };
}
