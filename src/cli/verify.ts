/**
 * `kolikoly verify FILE|- [--json]` (docs/cli.md): the fair-dice proof of every check of a
 * scenario file (docs/scenario-format.md, "A check's proof") checked by anyone who holds the
 * file. A posted check's roll must be the fair one of its draw (src/dice/fair-check.ts), add up
 * (src/dice/roll-integrity.ts), and be what the round counted: its d20 the action's `natural`,
 * and the action's `total` what the engine makes of that roll for the fisher as the round found
 * them (K6, and H4's -4 on a thrown fisher's check). A withheld check must be counted a natural 1.
 * The engine plays the file to give each round's starting state; nothing here re-does a rule.
 */
import type { FairReason } from "../dice/fair-check.ts";
import { checkFairRoll } from "../dice/fair-check.ts";
import { verifyCheckRoll } from "../dice/roll-integrity.ts";
import type { IntegrityReason } from "../dice/roll-verdict.ts";
import { systemAnswer } from "../rules/dice/requests.ts";
import { CHECK_FOR, checkRequest } from "../rules/kolikoly/checks.ts";
import type {
  ActionKind,
  FisherState,
  GameState,
  Mods,
  RuleError,
} from "../rules/kolikoly/types.ts";
import type { ScenarioAction } from "../rules/scenario/format.ts";
import { playScenario } from "../rules/scenario/play.ts";
import { readArgs } from "./args.ts";
import { t } from "./i18n.ts";
import type { Io } from "./io.ts";
import { badInput } from "./io.ts";
import { kayanakPlayed } from "./kayanak.ts";
import { errorLine, nameOf, scenarioFileOf } from "./scenario-file.ts";

/** The options `verify` accepts; its `--help` lists these. */
export const VERIFY_OPTIONS = { json: "boolean" } as const;

/** Exit status when a proof is refused: the file was read, and it does not hold up. */
export const EXIT_REFUSED = 1;

/** Why a proof is refused: its dice, its roll's sum, or what the round counted. */
export type VerifyReason = FairReason | IntegrityReason | "natural" | "total" | "withheld";

/** What the round counted for a check: the action's `total` and `natural` (either may be absent). */
export interface Counted {
  readonly total?: number;
  readonly natural?: number;
}

export type Verdict =
  | { readonly verdict: "fair"; readonly total: number; readonly natural?: number }
  | { readonly verdict: "withheld"; readonly total: number }
  | { readonly verdict: "noProof" }
  | {
      readonly verdict: "refused";
      readonly reason: VerifyReason;
      /** The numbers and dice shapes the reason's sentence names (the die that differs...). */
      readonly facts: Readonly<Record<string, string | number>>;
      /** What the round counted, where it is what does not hold up. */
      readonly counted?: Counted;
      /** The dice checker's own account, in English: for the JSON output. */
      readonly detail?: string;
    };

/** One check of the file: where it is, which check it is (K6), and its verdict. */
export type CheckLine = {
  readonly round: number;
  readonly fisher: string;
  readonly action: ActionKind;
  readonly check: keyof Mods;
} & Verdict;

const refused = (
  reason: VerifyReason,
  facts: Readonly<Record<string, string | number>>,
  more: { counted?: Counted; detail?: string } = {},
): Verdict => ({ verdict: "refused", reason, facts, ...more });

/** K6: one action's check against its proof, for the fisher as the round found them. */
export function verdictOf(a: ScenarioAction, fisher: FisherState): Verdict {
  const proof = a.fair;
  if (!proof) return { verdict: "noProof" };
  const kind = CHECK_FOR[a.action];
  // the check as the round asks it: a system's roll gets the rules' part (H4) added to its total
  const request = checkRequest(fisher, a.action);
  const counted: Counted = {
    ...(a.total !== undefined ? { total: a.total } : {}),
    ...(a.natural !== undefined ? { natural: a.natural } : {}),
  };
  if (proof.withheld) {
    // drawn and never posted: the table counts it as the d20's lowest face with the modifier
    const total = systemAnswer(request, { total: 1 + fisher.mods[kind], natural: 1 }).total;
    return a.natural === 1 && a.total === total
      ? { verdict: "withheld", total }
      : refused("withheld", { total }, { counted });
  }
  const check = { lake: proof.lake, round: proof.round, fisher: fisher.id, kind };
  const fair = checkFairRoll(proof.roll, check, proof, proof.secret);
  if (!fair.ok) {
    const die = fair.die;
    const facts = die
      ? { die: die.index, faces: die.faces, shown: die.shown, fair: die.fair }
      : fair.data;
    return refused(fair.reason, facts, { detail: fair.detail });
  }
  const roll = verifyCheckRoll(proof.roll);
  if (!roll.ok) return refused(roll.reason, {}, { detail: roll.detail });
  const answer = systemAnswer(request, roll);
  if (roll.natural !== undefined && a.natural !== roll.natural)
    return refused("natural", { rolled: roll.natural }, { counted });
  if (a.total !== answer.total) return refused("total", { rolled: answer.total }, { counted });
  return answer.natural === undefined
    ? { verdict: "fair", total: answer.total }
    : { verdict: "fair", total: answer.total, natural: answer.natural };
}

/**
 * Every check of a fishing scenario, round by round in fisher order, with its verdict; or the
 * file's first bad field, as `replay` refuses it.
 */
export function verifyScenario(
  raw: unknown,
): { ok: true; checks: CheckLine[] } | { ok: false; error: RuleError } {
  const starts: GameState[] = [];
  const played = playScenario(raw, (_, state) => starts.push(state));
  if (!played.ok) return played;
  const checks: CheckLine[] = [];
  for (const [i, round] of played.scenario.rounds.entries()) {
    const actions = round.actions ?? {};
    for (const fisher of starts[i]!.fishers) {
      const a = Object.hasOwn(actions, fisher.id) ? actions[fisher.id] : undefined;
      if (!a) continue;
      const where = {
        round: i + 1,
        fisher: fisher.id,
        action: a.action,
        check: CHECK_FOR[a.action],
      };
      checks.push({ ...where, ...verdictOf(a, fisher) });
    }
  }
  return { ok: true, checks };
}

/** How many checks had each verdict. */
export function tally(checks: readonly CheckLine[]): Record<Verdict["verdict"], number> {
  const n = { fair: 0, withheld: 0, noProof: 0, refused: 0 };
  for (const c of checks) n[c.verdict]++;
  return n;
}

/** A d20's face after a total, ` (d20 9)`, as the replay writes it; nothing when unknown. */
const naturalText = (natural?: number): string =>
  natural === undefined ? "" : t("KOLIKOLY.Cli.Event.natural", { natural });

/** What the round counted, in words: `14 (d20 9)`, or "no total". */
const countedText = (c: Counted = {}): string =>
  `${c.total ?? t("KOLIKOLY.Cli.Verify.NoTotal")}${naturalText(c.natural)}`;

/** One check as a line in the CLI's language. */
export function checkText(c: CheckLine): string {
  const where = { round: c.round, fisher: c.fisher, check: t(`KOLIKOLY.Cli.Check.${c.action}`) };
  switch (c.verdict) {
    case "fair":
      return t("KOLIKOLY.Cli.Verify.Fair", {
        ...where,
        total: c.total,
        natural: naturalText(c.natural),
      });
    case "withheld":
      return t("KOLIKOLY.Cli.Verify.Withheld", { ...where, total: c.total });
    case "noProof":
      return t("KOLIKOLY.Cli.Verify.NoProof", where);
    case "refused": {
      const reason = t(`KOLIKOLY.Cli.Verify.Reason.${c.reason}`, {
        ...c.facts,
        counted: countedText(c.counted),
      });
      return t("KOLIKOLY.Cli.Verify.Refused", { ...where, reason });
    }
  }
}

export function verifyCommand(args: string[], io: Io): number {
  const fail = (message: string) => badInput(io, message);
  const read = readArgs("verify", args, VERIFY_OPTIONS, true);
  if (!read.ok) return fail(read.message);
  const json = read.values.has("json");
  const scenario = scenarioFileOf("verify", read.positionals);
  if (!scenario.ok) return fail(scenario.message);
  let checks: CheckLine[] = [];
  if (scenario.game === "kayanak") {
    // fair dice are drawn for the fishing game's checks (K6): a Kayanak file has no proof to hold
    const played = kayanakPlayed(scenario.value);
    if (!played.ok) return fail(played.message);
  } else {
    const verified = verifyScenario(scenario.value);
    if (!verified.ok) return fail(errorLine(verified.error));
    checks = verified.checks;
  }
  const n = tally(checks);
  const summary = { type: "summary", game: scenario.game, checks: checks.length, ...n };
  const lines = json
    ? [...checks.map((c) => JSON.stringify({ type: "check", ...c })), JSON.stringify(summary)]
    : scenario.game === "kayanak"
      ? [t("KOLIKOLY.Cli.Verify.Kayanak", { file: nameOf(read.positionals[0]!) })]
      : [...checks.map(checkText), t("KOLIKOLY.Cli.Verify.Summary", n)];
  io.out(`${lines.join("\n")}\n`);
  return n.refused > 0 ? EXIT_REFUSED : 0;
}
