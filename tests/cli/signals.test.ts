/**
 * Stopping the CLI mid-run ends it cleanly: `simulate` killed (SIGTERM to its process alone, the
 * case where the orphaned workers used to print "write EPIPE" stack traces; Ctrl-C, SIGINT to the
 * whole process group; SIGHUP) prints nothing, ends by that signal and leaves no worker running;
 * a reader that closes stdout early (`| head -1`) ends the command quietly with status 0.
 */
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, ROOT } from "./run-cli.ts";

/** The processes of a process group that are still alive (a reaped-late zombie is dead). */
function liveInGroup(pgid: number): number[] {
  const live: number[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(path.join("/proc", name, "stat"), "utf8");
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its closing paren
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(pgrp) === pgid && state !== "Z" && state !== "X") live.push(Number(name));
  }
  return live;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

interface Ended {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
}

/** The command in a process group of its own (as a shell runs a job), stdout and stderr piped. */
function start(args: readonly string[]): { child: ChildProcess; ended: Promise<Ended> } {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, KOLIKOLY_LANG: "en" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (d: string) => void (stderr += d));
  const ended = new Promise<Ended>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, stderr })),
  );
  return { child, ended };
}

const LONG_RUN = ["simulate", "--games", "1000000", "--lake", "4x4x2", "--workers", "2"];

describe("stopping simulate: nothing printed, the workers gone", () => {
  for (const [signal, to] of [
    ["SIGTERM", "process"],
    ["SIGINT", "group"],
    ["SIGTERM", "group"],
    ["SIGHUP", "process"],
  ] as const)
    it(`${signal} to ${to === "group" ? `the whole process group${signal === "SIGINT" ? " (Ctrl-C)" : ""}` : "the command's process alone"}`, async () => {
      const { child, ended } = start(LONG_RUN);
      const pgid = child.pid!;
      child.stdout!.resume();
      // the command and its two workers are running
      await until("the workers", () => liveInGroup(pgid).length >= 3, 60_000);
      await sleep(2000); // in the middle of their chunks of games, sending progress
      if (to === "group") process.kill(-pgid, signal);
      else child.kill(signal);
      const end = await ended;
      expect(end.stderr).toBe("");
      expect(end.signal).toBe(signal);
      await until("the workers to end", () => liveInGroup(pgid).length === 0, 10_000);
    }, 90_000);
});

describe("a reader that stops reading: the command ends quietly", () => {
  for (const args of [
    ["replay", "src/cli/demo-scenario.json", "--format", "text"],
    ["simulate", "--games", "40", "--lake", "3x3x1", "--workers", "2"],
  ])
    it(`kolikoly ${args.join(" ")} with its stdout closed at once (EPIPE)`, async () => {
      const { child, ended } = start(args);
      child.stdout!.destroy();
      const end = await ended;
      expect(end.stderr).toBe("");
      expect(end.code).toBe(0);
      await until("the workers to end", () => liveInGroup(child.pid!).length === 0, 10_000);
    }, 90_000);
});
