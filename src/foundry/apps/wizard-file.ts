/**
 * The lake wizard's scenario file (pure, tested without Foundry): a `kolikoly-scenario/1` or
 * `kayanak-scenario/1` file the GM picks, told apart by its `format` tag, played by that game's
 * engine exactly as the CLI plays it (a refusal names the file's field, in the GM's language),
 * then shown: what game it holds, and for each of its fishers a choice of the scene's tokens, the
 * one whose name fits picked already (core/scenario-file.ts). Nothing is written until the GM
 * submits, and then the host checks the whole file again.
 */
import { fairDiceField } from "./wizard-dice.ts";
import { catchField } from "./wizard-catch.ts";
import type { RuleError } from "../../rules/index.ts";
import {
  LAKE_LIMITS_TEXT,
  parseJsonStrict,
  playScenario,
  playScenarioText,
} from "../../rules/index.ts";
import type { FisherMatch } from "../core/scenario-file.ts";
import { fisherTokens, readGameFile } from "../core/scenario-file.ts";
import type { SceneData } from "../core/port.ts";
import { UNKNOWN_ERROR_KEY, errorKey } from "../core/reply.ts";
import type { Result } from "../core/result.ts";
import { err } from "../core/result.ts";
import type { CountKeys } from "../../ui/count-key.ts";
import { countKey } from "../../ui/count-key.ts";

export type { FileGame, GameFile as WizardFile } from "../core/scenario-file.ts";
import type { GameFile as WizardFile } from "../core/scenario-file.ts";
import type { FileGame } from "../core/scenario-file.ts";

/** The game a file's `format` tag names, or undefined (the engines say why when they read it). */
export function fileGame(text: string): FileGame | undefined {
  const parsed = parseJsonStrict(text);
  if (!parsed.ok || typeof parsed.value !== "object" || parsed.value === null) return undefined;
  const tag = (parsed.value as { format?: unknown }).format;
  return tag === "kayanak-scenario/1"
    ? "kayanak"
    : tag === "kolikoly-scenario/1"
      ? "kolikoly"
      : undefined;
}

type L = (key: string, data?: Readonly<Record<string, unknown>>) => string;

/** Each game's words for its file: its fishers (bears), and the rounds (turns) played, counted. */
const SUMMARY_KEYS: Readonly<Record<FileGame, { board: CountKeys; played: CountKeys }>> = {
  kolikoly: {
    board: { one: "KOLIKOLY.Foundry.Wizard.FileLakeOne", many: "KOLIKOLY.Foundry.Wizard.FileLake" },
    played: {
      none: "KOLIKOLY.Foundry.Wizard.FileRoundsNone",
      one: "KOLIKOLY.Foundry.Wizard.FileRoundsOne",
      many: "KOLIKOLY.Foundry.Wizard.FileRounds",
    },
  },
  kayanak: {
    board: {
      one: "KOLIKOLY.Foundry.Wizard.FileBoardOne",
      many: "KOLIKOLY.Foundry.Wizard.FileBoard",
    },
    played: {
      none: "KOLIKOLY.Foundry.Wizard.FileTurnsNone",
      one: "KOLIKOLY.Foundry.Wizard.FileTurnsOne",
      many: "KOLIKOLY.Foundry.Wizard.FileTurns",
    },
  },
};

/** What the file holds, in words: the lake or board and its fishers, how far played, if over. */
export function fileSummary(file: WizardFile, t: L): string {
  const keys = SUMMARY_KEYS[file.game];
  const size =
    file.game === "kayanak"
      ? `${file.width} x ${file.height}`
      : `${file.width} x ${file.height} x ${file.levels ?? 1}`;
  const fishers = file.fishers.length;
  return [
    t(countKey(keys.board, fishers), { size, fishers }),
    t(countKey(keys.played, file.played), { played: file.played }),
    ...(file.over ? [t("KOLIKOLY.Foundry.Wizard.FileOver")] : []),
  ].join(" ");
}

/** A refusal of the file in the GM's language: the file's field, then the problem. */
export function fileErrorText(e: RuleError, t: L, has: (key: string) => boolean): string {
  const key = errorKey(e.code, has);
  const problem =
    key === UNKNOWN_ERROR_KEY
      ? e.message
      : t(key, { ...LAKE_LIMITS_TEXT, field: e.field, message: e.message });
  return t("KOLIKOLY.Foundry.Wizard.FileRefused", { field: e.field || "-", problem });
}

/** What the template shows of a file: its summary, each fisher's token choice. */
export function fileContext(
  file: WizardFile,
  scene: SceneData,
  matches: readonly FisherMatch[],
  t: L,
): {
  readonly kayanak: boolean;
  readonly nameKey: string;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly levels?: number;
  readonly summary: string;
  readonly fishers: {
    id: string;
    name: string;
    matched: boolean;
    options: { value: string; label: string; selected: boolean }[];
  }[];
} {
  const kayanak = file.game === "kayanak";
  const tokens = fisherTokens(scene);
  const summary = fileSummary(file, t);
  return {
    kayanak,
    nameKey: kayanak ? "KOLIKOLY.Kayanak.Foundry.Wizard.Name" : "KOLIKOLY.Foundry.Wizard.Name",
    name:
      file.name ??
      t(
        kayanak
          ? "KOLIKOLY.Kayanak.Foundry.Wizard.DefaultName"
          : "KOLIKOLY.Foundry.Wizard.DefaultName",
      ),
    width: file.width,
    height: file.height,
    ...(file.levels !== undefined ? { levels: file.levels } : {}),
    summary,
    fishers: file.fishers.map((f, i) => {
      const m = matches[i];
      return {
        id: f.id,
        name: f.name,
        matched: !!m?.tokenId,
        options: tokens.map((tk) => ({
          value: tk._id,
          label: tk.name,
          selected: m?.tokenId === tk._id,
        })),
      };
    }),
  };
}

/**
 * The file form's data: the token chosen for each of the file's fishers (`fileToken.<id>`), the
 * name and where the board starts. A fisher left without a token is refused, naming it.
 */
export function parseFileForm(
  data: Readonly<Record<string, unknown>>,
  file: WizardFile,
): Result<{
  tokens: Record<string, string>;
  name: string;
  origin: { col: number; row: number };
  catch?: string;
  fairDice?: boolean;
  layout: "side-by-side" | "scene-levels";
  gap: number;
}> {
  const int = (v: unknown) => {
    const n =
      typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
    return Number.isInteger(n) ? n : undefined;
  };
  const tokens: Record<string, string> = {};
  for (const [i, f] of file.fishers.entries()) {
    const v = data[`fileToken.${f.id}`];
    if (typeof v !== "string" || v === "") return err("unmatchedFisher", `fishers[${i}]`, f.name);
    tokens[f.id] = v;
  }
  const col = int(data.originCol);
  const row = int(data.originRow);
  if (col === undefined || row === undefined || col < 0 || row < 0)
    return err("badOrigin", "origin");
  const name = String(data.name ?? "").trim();
  if (!name) return err("badName", "name");
  return {
    ok: true,
    value: {
      tokens,
      name,
      origin: { col, row },
      layout: data.layout === "scene-levels" ? "scene-levels" : "side-by-side",
      gap: int(data.gap) ?? 1,
      ...catchField(data),
      // a fishing file's lake rolls with fair dice as the box says; a Kayanak board has no checks
      ...(file.game === "kolikoly" ? fairDiceField(data) : {}),
    },
  };
}

/** The form field a file's refusal names: the token choice of `fishers[i]`, else the file itself. */
export function fileFormField(field: string, file: WizardFile): string {
  const m = /^fishers\[(\d+)\]/.exec(field);
  const f = m ? file.fishers[Number(m[1])] : undefined;
  if (f) return `fileToken.${f.id}`;
  if (field === "origin" || field === "name" || field === "layout" || field === "gap") return field;
  return "scenarioFile";
}

/** A fishing file as the wizard shows it: played by the engine, or refused by field. */
export function readLakeFile(text: string): Result<WizardFile> {
  const read = readGameFile(text, playScenario, playScenarioText);
  if (!read.ok) return read;
  const { session, name } = read.value;
  const { lake, fishers } = session.setup;
  return {
    ok: true,
    value: {
      game: "kolikoly",
      text,
      name,
      width: lake.width,
      height: lake.height,
      levels: lake.levels,
      fishers: fishers.map((f) => ({ id: f.id, name: f.name ?? f.id })),
      played: session.state.round,
      over: session.state.over,
    },
  };
}
