/** Spawns the real `kolikoly` command (bin/kolikoly.mjs) and collects what it prints. */
import { spawnSync } from "node:child_process";
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

export function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
