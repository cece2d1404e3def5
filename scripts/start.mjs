#!/usr/bin/env node
// `npm start`: the standalone table's Vite dev server (vite.config.ts), run as a child of this
// small launcher, which passes SIGINT, SIGTERM and SIGHUP on to it and exits when it exits, with
// its status. Arguments go to Vite: `npm start -- --port 5180`.
//
// Why not `"start": "vite"`: npm runs a script through `sh -c`, and when npm is stopped by its
// process id it signals that shell, which dies without passing the signal on, so Vite was left
// running, orphaned. This launcher stops Vite on a signal, and also when its own parent goes away
// (it is then reparented: `process.ppid` changes), which is what happens to it under `npm start`.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];
/** A Vite that has not stopped this long after the signal is killed. */
const GRACE_MS = 5000;

const require = createRequire(import.meta.url);
const vite = path.join(path.dirname(require.resolve("vite/package.json")), "bin", "vite.js");
const child = spawn(process.execPath, [vite, ...process.argv.slice(2)], { stdio: "inherit" });

let stopping;
function stop(signal) {
  if (stopping) return;
  stopping = signal;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  setTimeout(() => child.kill("SIGKILL"), GRACE_MS).unref();
}
for (const signal of SIGNALS) process.on(signal, () => stop(signal));

const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid !== parent) stop("SIGTERM");
}, 300);

child.on("error", (e) => {
  clearInterval(watch);
  console.error(`npm start: could not run Vite (${e.message})`);
  process.exitCode = 1;
});
child.on("exit", (code, signal) => {
  clearInterval(watch);
  if (signal) {
    // Vite ended by a signal: end the same way, so whoever started us sees it.
    for (const s of SIGNALS) process.removeAllListeners(s);
    process.kill(process.pid, signal);
    return;
  }
  process.exitCode = code ?? 0;
});
