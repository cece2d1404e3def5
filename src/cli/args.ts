/**
 * The commands' argument reader. Node's `parseArgs` answers `--fishers -3` with "argument is
 * ambiguous" and takes a flag given twice silently; this one reads the next word as a value
 * whatever it starts with (so a negative number reaches the range check that names the range)
 * unless it is itself a long option, and refuses a flag given twice. Every error is one localized
 * line naming the option.
 */
import { t } from "./i18n.ts";

export type OptionKind = "string" | "boolean";

export interface ReadArgs {
  /** The value of each option given (`true` for a boolean one), by its name without `--`. */
  readonly values: ReadonlyMap<string, string | true>;
  readonly positionals: readonly string[];
}

export type ArgsResult = ({ ok: true } & ReadArgs) | { ok: false; message: string };

/**
 * Reads `args` of `command` against its options (by name, without `--`). `--name value` and
 * `--name=value` for a string option, `--name` alone for a boolean one; `-` alone and words not
 * starting with `-` are arguments, as is everything after `--` (refused unless `takesArguments`).
 */
export function readArgs(
  command: string,
  args: readonly string[],
  options: Readonly<Record<string, OptionKind>>,
  takesArguments = false,
): ArgsResult {
  const values = new Map<string, string | true>();
  const positionals: string[] = [];
  const known = (name: string) => Object.hasOwn(options, name);
  const refuse = (message: string): ArgsResult => ({ ok: false, message });
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (word === "-" || !word.startsWith("-")) {
      positionals.push(word);
      continue;
    }
    const eq = word.indexOf("=");
    const flag = eq < 0 ? word : word.slice(0, eq);
    const name = flag.startsWith("--") ? flag.slice(2) : "";
    if (!known(name)) {
      const names = Object.keys(options).map((n) => `--${n}`);
      return refuse(
        names.length
          ? t("KOLIKOLY.Cli.Error.UnknownOption", {
              option: flag,
              command,
              options: names.join(", "),
            })
          : t("KOLIKOLY.Cli.Error.NoOptions", { option: flag, command }),
      );
    }
    if (values.has(name)) return refuse(t("KOLIKOLY.Cli.Error.Repeated", { option: flag }));
    if (options[name] === "boolean") {
      if (eq >= 0) return refuse(t("KOLIKOLY.Cli.Error.NoValue", { option: flag }));
      values.set(name, true);
      continue;
    }
    let value: string | undefined;
    if (eq >= 0) value = word.slice(eq + 1);
    else {
      const next = args[i + 1];
      // the next word is this option's value, unless it is another option (`--json`, `--`)
      if (next !== undefined && !next.startsWith("--")) value = args[++i];
    }
    if (value === undefined || value === "")
      return refuse(t("KOLIKOLY.Cli.Error.MissingValue", { option: flag }));
    values.set(name, value);
  }
  if (!takesArguments && positionals.length)
    return refuse(
      t("KOLIKOLY.Cli.Error.ExtraArgument", {
        command: command.split(" ")[0]!,
        argument: positionals[0]!,
      }),
    );
  return { ok: true, values, positionals };
}

/** A string option's value (undefined when absent). */
export function stringOf(r: ReadArgs, name: string): string | undefined {
  const v = r.values.get(name);
  return typeof v === "string" ? v : undefined;
}

/**
 * A whole-number option: its value, the fallback when absent, or the one-line error naming the
 * option, the accepted range and what was given (`--fishers: must be a whole number from 1 to 12
 * (got -3)`).
 */
export function wholeOption(
  r: ReadArgs,
  name: string,
  fallback: number,
  min: number,
  max: number,
): { ok: true; value: number } | { ok: false; message: string } {
  const text = stringOf(r, name);
  if (text === undefined) return { ok: true, value: fallback };
  const n = /^[-+]?\d+$/.test(text) ? Number(text) : NaN;
  if (Number.isSafeInteger(n) && n >= min && n <= max) return { ok: true, value: n };
  return { ok: false, message: `--${name}: ${rangeText(min, max, text)}` };
}

/** "must be a whole number from MIN to MAX (got VALUE)", localized. */
export function rangeText(min: number, max: number, got: string | number): string {
  return t("KOLIKOLY.Cli.Error.Range", { min, max, value: String(got) });
}

/** Several whole-number options at once, each `[fallback, min, max]`: their values or the first error. */
export function wholeOptions<N extends string>(
  r: ReadArgs,
  spec: Readonly<Record<N, readonly [number, number, number]>>,
): { ok: true; values: Record<N, number> } | { ok: false; message: string } {
  const values = {} as Record<N, number>;
  for (const name of Object.keys(spec) as N[]) {
    const [fallback, min, max] = spec[name];
    const v = wholeOption(r, name, fallback, min, max);
    if (!v.ok) return v;
    values[name] = v.value;
  }
  return { ok: true, values };
}
