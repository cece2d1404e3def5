/** H2-H6: what "something bad happens" does to the fisher who found it. */
import type { Audience } from "../dice/requests.ts";
import type { Coord } from "../lake/geometry.ts";
import { neighbours } from "../lake/geometry.ts";
import type { RoundContext } from "../kolikoly/context.ts";
import { ask, emit, ownFisher } from "../kolikoly/context.ts";
import { makeRequest } from "../dice/requests.ts";
import { dieFormula } from "../dice/formula.ts";
import { checkFormula } from "../kolikoly/checks.ts";
import type { Condition, FisherState, GameEvent, HazardChoice } from "../kolikoly/types.ts";
import type { Hazard } from "./table.ts";
import { ENTERED_REACH_BONUS, sizeDie } from "./table.ts";

type HazardEvent = Extract<GameEvent, { type: "hazard" }>;
type HazardFacts = Omit<
  HazardEvent,
  "round" | "audience" | "type" | "fisher" | "at" | "hazard" | "name" | "mode" | "avoided"
>;

/** H1: draw from the lake's table. */
export function drawHazard(ctx: RoundContext, fisherId: string, audience: Audience): Hazard {
  const table = ctx.g.settings.hazards;
  const face = ask(ctx, "hazard", fisherId, dieFormula(table.length), audience, fisherId).total;
  return table[Math.min(table.length, Math.max(1, face)) - 1]!;
}

/** H3: dodge (3 + Wisdom) plus two times protection (3 + layers of armour + cover), for a figure able to act. */
export function defenseOf(f: FisherState, cover = 0): number {
  return 3 + f.mods.wisdom + 2 * (3 + f.armor + cover);
}

/** H3: +1 for every 4 HP, the modifier for how it attacks, +2 as the target just entered its reach. */
export function hazardAttackBonus(h: Hazard): number {
  return Math.floor(h.hp / 4) + h.mod + ENTERED_REACH_BONUS;
}

/** H4: the answer of a `hazardChoice:<fisher>` decision: 1 loses the HP, 2 accepts the aim. */
export const HAZARD_CHOICE: Readonly<Record<HazardChoice, number>> = { hp: 1, aim: 2 };

export function hazardChoiceOf(total: number): HazardChoice {
  return total === HAZARD_CHOICE.aim ? "aim" : "hp";
}

/**
 * H4: the player's choice, asked only when it is open (the hazard hit, its aim is not a wound,
 * and the fisher has the HP). A decision, not a die (dice/requests.ts): the seeded driver answers
 * the fisher's standing choice; a live table asks the player. The facts are what the card shows,
 * the hazard event's own: which hazard, its aim, the damage, the fisher's HP and the square `at`
 * where it struck (the fisher's square, which the event names to everyone once the round
 * resolves), so the question can say where.
 */
function askChoice(
  ctx: RoundContext,
  f: FisherState,
  hazard: Hazard,
  damage: number,
  at: Coord,
): HazardChoice {
  const r = makeRequest("hazardChoice", `hazardChoice:${f.id}`, "1d2", "all", f.id);
  const answer = ctx.roll({
    ...r,
    decision: {
      fallback: HAZARD_CHOICE[f.hazardChoice],
      facts: { hazard: hazard.id, name: hazard.name, aim: hazard.aim, damage, hp: f.hp, at },
    },
  });
  return hazardChoiceOf(answer.total);
}

/** H5: the wound an excess of damage over HP sets. */
export function woundFor(excess: number): {
  wound: "light" | "serious" | "critical";
  dc: number;
  success: Condition;
  failure: Condition;
} {
  if (excess <= 2) return { wound: "light", dc: 12, success: "ok", failure: "unconscious" };
  if (excess <= 5) return { wound: "serious", dc: 15, success: "unconscious", failure: "dying" };
  return { wound: "critical", dc: 18, success: "dying", failure: "dead" };
}

/** H2, H3: the hazard's attack on the fisher, a public d20 with `bonus`. */
function rollAttack(ctx: RoundContext, fisherId: string, bonus: number): number {
  const formula = checkFormula(bonus);
  return ask(ctx, "hazardAttack", fisherId, formula, "all", fisherId).total;
}

/** H2, H4: the hazard's damage, a public die of its Size. */
function rollDamage(ctx: RoundContext, fisherId: string, hazard: Hazard): number {
  return ask(ctx, "hazardDamage", fisherId, dieFormula(sizeDie(hazard.size)), "all", fisherId)
    .total;
}

/**
 * How a hazard moves a fisher into a square (H4's draw-out, push-back and throw): the explore
 * step's `enter`, given by its caller, since entering a square may explore it and draw a hazard
 * in turn (K15, K21): the two steps call each other, and neither file imports the other back.
 */
export type EnterSquare = (ctx: RoundContext, fisherId: string, to: Coord, via: "hazard") => void;

export function resolveHazard(
  ctx: RoundContext,
  fisherId: string,
  at: Coord,
  enter: EnterSquare,
): void {
  const hazard = drawHazard(ctx, fisherId, "all");
  const mode = ctx.g.settings.hazardMode;
  const f = ownFisher(ctx, fisherId); // the round's own copy: a hazard may change the fisher
  const base = {
    type: "hazard" as const,
    fisher: fisherId,
    at,
    hazard: hazard.id,
    name: hazard.name,
    mode,
    avoided: false,
  };
  if (mode === "narrative") {
    emit(ctx, "all", base); // H2: the text in chat; the GM adjudicates.
    return;
  }
  if (mode === "system") {
    // H2 system: an attack against the character's AC and damage to its HP.
    const attack = rollAttack(ctx, fisherId, hazard.mod + ENTERED_REACH_BONUS);
    const hit = attack >= f.ac;
    const extra: HazardFacts = { attack, defense: f.ac, hit };
    if (hit) {
      const damage = rollDamage(ctx, fisherId, hazard);
      f.hp = Math.max(0, f.hp - damage);
      if (f.hp === 0) f.condition = "unconscious";
      Object.assign(extra, { damage, took: "hp", hp: f.hp, condition: f.condition });
    }
    emit(ctx, "all", { ...base, ...extra });
    return;
  }
  // H3 size-and-wounds
  const attack = rollAttack(ctx, fisherId, hazardAttackBonus(hazard));
  const defense = defenseOf(f);
  const hit = attack >= defense;
  if (!hit) {
    emit(ctx, "all", { ...base, attack, defense, hit });
    return;
  }
  // H4: damage by Size; the player loses that many HP (if they have that many) or accepts the aim.
  const damage = rollDamage(ctx, fisherId, hazard);
  const facts: HazardFacts = { attack, defense, hit, damage };
  // H4: without the HP the aim is taken; a wound is no aim to choose; otherwise the player chooses
  const choice: HazardChoice =
    hazard.aim === "wound" ? "hp" : damage > f.hp ? "aim" : askChoice(ctx, f, hazard, damage, at);
  if (choice === "hp") {
    if (damage <= f.hp) {
      f.hp -= damage;
      Object.assign(facts, { took: hazard.aim === "wound" ? "wound" : "hp", hp: f.hp });
    } else {
      // H5: the excess over current HP sets the wound; a Constitution save decides.
      const w = woundFor(damage - f.hp);
      f.hp = 0;
      const save = ask(
        ctx,
        "save",
        fisherId,
        checkFormula(f.mods.constitution),
        "all",
        fisherId,
      ).total;
      f.condition = save >= w.dc ? w.success : w.failure;
      Object.assign(facts, {
        took: "wound",
        hp: 0,
        wound: w.wound,
        save,
        dc: w.dc,
        condition: f.condition,
      });
    }
    emit(ctx, "all", { ...base, ...facts });
    return;
  }
  Object.assign(facts, { took: "aim", aim: hazard.aim });
  switch (hazard.aim) {
    case "disarm":
      // H4: the net is dropped; the fisher cannot Catch until a round spent recovering it.
      f.netDropped = true;
      emit(ctx, "all", { ...base, ...facts, effect: "disarmed" });
      return;
    case "restrain":
    case "seize":
      f.lostActions = 1;
      f.lostReason = hazard.aim === "restrain" ? "restrained" : "seized";
      emit(ctx, "all", { ...base, ...facts, effect: f.lostReason });
      return;
    case "drawOut": {
      const below: Coord = [f.at[0], f.at[1], f.at[2] + 1];
      const deeper = below[2] < ctx.g.lake.levels;
      emit(ctx, "all", { ...base, ...facts, effect: deeper ? "drawnDown" : "noDeeper" });
      if (deeper) enter(ctx, fisherId, below, "hazard");
      return;
    }
    case "pushBack":
    case "throw": {
      if (hazard.aim === "throw") f.checkPenalty = 4;
      const options = neighbours(ctx.g.lake, f.at);
      emit(ctx, "all", { ...base, ...facts, effect: hazard.aim === "throw" ? "thrown" : "pushed" });
      if (options.length === 0) return;
      const pick = ask(
        ctx,
        "displace",
        fisherId,
        dieFormula(options.length),
        "all",
        fisherId,
      ).total;
      enter(ctx, fisherId, options[Math.min(options.length, Math.max(1, pick)) - 1]!, "hazard");
      return;
    }
  }
}
