/** Spawns the real `kolikoly` command (bin/kolikoly.mjs) and collects what it prints. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import type { Io } from "../../src/cli/io.ts";
import { main } from "../../src/cli/main.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const BIN = path.join(ROOT, "bin/kolikoly.mjs");

export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function kolikoly(...args: string[]): CliRun {
  return kolikolyIn("en", ...args);
}

/** The same in another language (`KOLIKOLY_LANG`). */
export function kolikolyIn(lang: string, ...args: string[]): CliRun {
  return kolikolyWith({ lang }, ...args);
}

/** The command in a language (default English) with `input` on its stdin (default none). */
export function kolikolyWith(
  { lang = "en", input }: { lang?: string; input?: string },
  ...args: string[]
): CliRun {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, KOLIKOLY_LANG: lang },
    encoding: "utf8",
    maxBuffer: 64 << 20,
    input: input ?? "",
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `main` in this process, in `lang`, its stderr and stdout caught (faster than a process). */
export async function inProcess(lang: string, args: readonly string[]): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const io: Io = { out: (s) => void (stdout += s), err: (s) => void (stderr += s), errTty: false };
  const before = process.env.KOLIKOLY_LANG;
  process.env.KOLIKOLY_LANG = lang;
  try {
    return { status: await main([...args], io), stdout, stderr };
  } finally {
    // restoring `undefined` by assignment would set the string "undefined"
    if (before === undefined) delete process.env.KOLIKOLY_LANG;
    else process.env.KOLIKOLY_LANG = before;
  }
}

/**
 * K20, J10: the seed decides every secret of a game, so `replay` prints it to the GM only: in
 * every language, the GM's text header names `seed`, and no player's or fisher's transcript
 * (text or jsonl) holds it or an unfilled `{placeholder}`. `looksRight` checks each of those
 * transcripts is a real one.
 */
export function expectSeedToGmOnly(
  file: string,
  seed: number,
  looksRight: (stdout: string, format: string) => void,
): void {
  for (const lang of ["en", "fr", "de"]) {
    const gm = kolikolyIn(lang, "replay", file, "--format", "text");
    expect(gm.status).toBe(0);
    expect(gm.stdout.split("\n")[0]).toContain(String(seed));
    for (const as of ["player", "ana", "bo"])
      for (const format of ["text", "jsonl"]) {
        const r = kolikolyIn(lang, "replay", file, "--format", format, "--as", as);
        expect(r.status).toBe(0);
        looksRight(r.stdout, format);
        expect(r.stdout).not.toContain(String(seed));
        expect(r.stdout).not.toMatch(/\{\w+\}/);
      }
  }
}

/**
 * A fresh scratch folder (`dir`) and `write(name, body)`, which writes a file there (`body` as
 * JSON unless it is a string) and returns its path.
 */
export function scratch(prefix: string): {
  dir: string;
  write: (name: string, body: unknown) => string;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const write = (name: string, body: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, typeof body === "string" ? body : JSON.stringify(body));
    return file;
  };
  return { dir, write };
}

export function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
