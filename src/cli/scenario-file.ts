/**
 * Reading a scenario file for `replay` and `verify`: the path (or `-` for stdin), the JSON, its
 * root and its `format` tag, which says which game it is. Each failure is one localized line that
 * names the file by its path (a missing file, a folder, not JSON with the line and column, a root
 * that is not an object) or the `format` field (missing, or a tag of neither game).
 */
import { readFileSync } from "node:fs";
import { KAYANAK_FORMAT } from "../rules/kayanak/scenario.ts";
import { SCENARIO_FORMAT } from "../rules/scenario/format.ts";
import { parseJsonStrict } from "../rules/scenario/json.ts";
import { t } from "./i18n.ts";

export type ScenarioGame = "kolikoly" | "kayanak";

export type ScenarioFile =
  { ok: true; game: ScenarioGame; value: unknown } | { ok: false; message: string };

const FORMATS: Readonly<Record<ScenarioGame, string>> = {
  kolikoly: SCENARIO_FORMAT,
  kayanak: KAYANAK_FORMAT,
};

/** The text of `path`, `-` being stdin, or the line saying why it cannot be read. */
export function readText(
  path: string,
): { ok: true; text: string } | { ok: false; message: string } {
  try {
    return { ok: true, text: readFileSync(path === "-" ? 0 : path, "utf8") };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const file = nameOf(path);
    const key =
      code === "ENOENT"
        ? "KOLIKOLY.Cli.Error.NoSuchFile"
        : code === "EISDIR"
          ? "KOLIKOLY.Cli.Error.IsFolder"
          : code === "EACCES" || code === "EPERM"
            ? "KOLIKOLY.Cli.Error.NoPermission"
            : "KOLIKOLY.Cli.Error.ReadFile";
    return { ok: false, message: t(key, { file, reason: code ?? (e as Error).message }) };
  }
}

/** How a file is named in messages: its path as given, stdin by name. */
export function nameOf(path: string): string {
  return path === "-" ? t("KOLIKOLY.Cli.Stdin") : path;
}

/** Parses `text` read from `path` and tells its game by the `format` tag. */
export function scenarioOf(path: string, text: string): ScenarioFile {
  const file = nameOf(path);
  const parsed = parseJsonStrict(text);
  if (!parsed.ok) {
    if (parsed.at)
      return {
        ok: false,
        message: t("KOLIKOLY.Cli.Error.BadJson", { file, ...parsed.at }),
      };
    // a key given twice: the engine's line, naming the key
    return { ok: false, message: `${parsed.field}: ${parsed.message}` };
  }
  const v = parsed.value;
  if (typeof v !== "object" || v === null || Array.isArray(v)) {
    const got = Array.isArray(v) ? "[...]" : (JSON.stringify(v) ?? String(v)).slice(0, 40);
    return { ok: false, message: t("KOLIKOLY.Cli.Error.Root", { file, got }) };
  }
  const tag = (v as { format?: unknown }).format;
  const formats = Object.values(FORMATS)
    .map((f) => `"${f}"`)
    .join(", ");
  for (const [game, format] of Object.entries(FORMATS) as [ScenarioGame, string][])
    if (tag === format) return { ok: true, game, value: v };
  return {
    ok: false,
    message:
      tag === undefined
        ? t("KOLIKOLY.Cli.Error.FormatMissing", { formats })
        : t("KOLIKOLY.Cli.Error.FormatUnknown", {
            formats,
            got: (JSON.stringify(tag) ?? String(tag)).slice(0, 60),
          }),
  };
}

/** The one scenario file a command's arguments name (none or two are refused), read and told apart. */
export function scenarioFileOf(command: string, positionals: readonly string[]): ScenarioFile {
  const [file, ...more] = positionals;
  if (file === undefined)
    return { ok: false, message: t("KOLIKOLY.Cli.Error.MissingFile", { command }) };
  if (more.length)
    return {
      ok: false,
      message: t("KOLIKOLY.Cli.Error.TwoFiles", {
        command,
        files: positionals.map(nameOf).join(", "),
      }),
    };
  const text = readText(file);
  return text.ok ? scenarioOf(file, text.text) : text;
}

/** An engine's error as the one line a command prints: `field: message`, its line breaks folded. */
export function errorLine(e: { readonly field: string; readonly message: string }): string {
  return (e.field ? `${e.field}: ${e.message}` : e.message).replace(/\s*\n\s*/g, " ");
}
