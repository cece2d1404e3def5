/**
 * `npm start` stops with its Vite server (issue 12): stopping `npm start` by its process id (or the
 * launcher, scripts/start.mjs, by its own) must not leave the dev server running. Spawned for real;
 * the server must answer first, then its port must close and every process under it end.
 */
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { REPO, freePort } from "./harness.ts";

/** Every live process under `pid` (Linux /proc), deepest last. */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parentOf.set(Number(name), ppid);
    } catch {
      // the process ended meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parentOf)
      if (parent === p) {
        out.push(child);
        walk(child);
      }
  };
  walk(pid);
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    // A zombie is dead for our purpose.
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

async function answers(url: string): Promise<boolean> {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return r.ok;
  } catch {
    return false;
  }
}

async function until(what: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await what()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return what();
}

let started: { proc: ChildProcess; tree: number[] } | undefined;
afterEach(() => {
  // Clean up whatever a failed run left behind: only the processes this test started.
  if (!started) return;
  for (const pid of [started.proc.pid!, ...started.tree])
    if (alive(pid)) process.kill(pid, "SIGKILL");
  started = undefined;
});

async function start(cmd: string, args: string[]) {
  const port = await freePort();
  const proc = spawn(cmd, [...args, "--port", String(port), "--strictPort"], {
    cwd: REPO,
    env: { ...process.env, npm_config_update_notifier: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started = { proc, tree: [] };
  let output = "";
  proc.stdout!.on("data", (d) => (output += d));
  proc.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}/`;
  expect(await until(() => answers(url), 30_000), output).toBe(true);
  started.tree = descendants(proc.pid!);
  return { proc, url, tree: started.tree, output: () => output };
}

describe("npm start", () => {
  it("stopping `npm start` by its process id stops the Vite server", async () => {
    const { proc, url, tree } = await start("npm", ["start", "--"]);
    expect(tree.length).toBeGreaterThanOrEqual(2); // npm -> sh -> launcher -> vite
    process.kill(proc.pid!, "SIGTERM");
    expect(await until(async () => !(await answers(url)), 10_000)).toBe(true);
    expect(
      await until(() => tree.every((p) => !alive(p)), 10_000),
      `left: ${tree.filter(alive)}`,
    ).toBe(true);
  }, 60_000);

  it("stopping the launcher by its process id stops Vite, and it exits as Vite did", async () => {
    const { proc, url, tree } = await start(process.execPath, ["scripts/start.mjs"]);
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((r) =>
      proc.on("exit", (code, signal) => r([code, signal])),
    );
    process.kill(proc.pid!, "SIGTERM");
    const [code, signal] = await exited;
    // Vite ends on SIGTERM with status 143 (128 + 15); the launcher passes that on.
    expect(code === 0 || code === 143 || signal === "SIGTERM", `${code} ${signal}`).toBe(true);
    expect(await answers(url)).toBe(false);
    expect(
      await until(() => tree.every((p) => !alive(p)), 10_000),
      `left: ${tree.filter(alive)}`,
    ).toBe(true);
  }, 60_000);
});
