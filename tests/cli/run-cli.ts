/** Spawns the real `kolikoly` command (bin/kolikoly.mjs) and collects what it prints. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const BIN = path.join(ROOT, "bin/kolikoly.mjs");

export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function kolikoly(...args: string[]): CliRun {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, KOLIKOLY_LANG: "en" },
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
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
