/**
 * The golden replay sets, one per game: where the scenarios are, the viewers each replay is
 * written for (the GM, and the player of fisher "ana"), and how a scenario is played, replayed
 * for a viewer and exported again. Shared by the tests (golden.test.ts, kayanak.test.ts) and
 * scripts/update-golden.mjs, which writes the expected logs.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import * as F from "../../src/rules/index.ts";
import * as K from "../../src/rules/kayanak/index.ts";

/** A viewer of either game. */
export type GoldenViewer = "gm" | { readonly fisher: string };

/** What a scenario's text plays to: the session, or the error as one line. */
export type Played<S> = { ok: true; session: S } | { ok: false; error: string };

export interface GoldenSet<S extends { log: unknown; state: unknown }> {
  readonly game: "kolikoly" | "kayanak";
  readonly dir: string;
  readonly viewers: readonly GoldenViewer[];
  play(text: string): Played<S>;
  /** The replay a viewer gets, one line (event or end line) an element. */
  lines(session: S, viewer: GoldenViewer): unknown[];
  /** The game exported with every die forced, played again from the exported file. */
  playExported(session: S): Played<S>;
  /** How far the game went, for the update script's report. */
  progress(session: S): string;
}

const played = <S>(
  r: { ok: true; session: S } | { ok: false; error: unknown },
  text: (e: never) => string,
): Played<S> => (r.ok ? r : { ok: false, error: text(r.error as never) });

export const GOLDEN: GoldenSet<F.Session> = {
  game: "kolikoly",
  dir: new URL(".", import.meta.url).pathname,
  viewers: ["gm", { fisher: "ana" }],
  play: (text) => played(F.playScenarioText(text), F.formatError),
  lines: (session, viewer) => F.replayLines(session, viewer as F.Viewer),
  playExported: (session) =>
    played(F.playScenario(JSON.parse(JSON.stringify(F.exportScenario(session)))), F.formatError),
  progress: (session) => `${session.state.round} rounds, over: ${session.state.over}`,
};

const kayanakError = (e: K.KayanakError) => `${e.field}: ${e.message}`;

export const KAYANAK_GOLDEN: GoldenSet<K.KayanakSession> = {
  game: "kayanak",
  dir: new URL("./kayanak/", import.meta.url).pathname,
  viewers: ["gm", { fisher: "ana" }],
  play: (text) => played(K.playScenarioText(text), kayanakError),
  lines: (session, viewer) => K.replayLines(session, viewer as K.KayanakViewer),
  playExported: (session) =>
    played(K.playScenario(JSON.parse(JSON.stringify(K.exportScenario(session)))), kayanakError),
  progress: (session) => `${session.state.turn} turns, over: ${session.state.over}`,
};

export const GOLDEN_SETS = [GOLDEN, KAYANAK_GOLDEN] as const;

/** The fishing game's golden folder (also read by the scenario validation tests). */
export const GOLDEN_DIR = GOLDEN.dir;

export function viewerName(v: GoldenViewer): string {
  return typeof v === "string" ? v : v.fisher;
}

/** The set's scenario files (`<name>.json`), sorted. */
export function goldenScenarios(set: { dir: string }): string[] {
  return readdirSync(set.dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
}

/** The expected log of a scenario (`<name>.json`) for a viewer. */
export function goldenLogPath(set: { dir: string }, file: string, viewer: GoldenViewer): string {
  return join(set.dir, file.replace(/\.json$/, `.${viewerName(viewer)}.jsonl`));
}

/** A replay as the expected log file holds it: one JSON object a line. */
export function goldenText(lines: readonly unknown[]): string {
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}
