#!/usr/bin/env node
// npm run link -- <FoundryData>: links dist/ into <FoundryData>/Data/modules/kolikoly-fishing (or
// <FoundryData>/modules/... when given the Data folder itself), for people with a local Foundry.
// Run `npm run build` first. A junction on Windows, a symlink elsewhere.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ID = "kolikoly-fishing";

export function linkTarget(foundryData) {
  const data = fs.existsSync(path.join(foundryData, "Data"))
    ? path.join(foundryData, "Data")
    : foundryData;
  const modules = path.join(data, "modules");
  if (!fs.existsSync(modules))
    throw new Error(`${modules} does not exist: is ${foundryData} a Foundry user data folder?`);
  return path.join(modules, ID);
}

export function link(foundryData, dist = path.join(ROOT, "dist")) {
  if (!fs.existsSync(path.join(dist, "module.json")))
    throw new Error("dist/module.json is missing: run npm run build first");
  const target = linkTarget(foundryData);
  const st = fs.lstatSync(target, { throwIfNoEntry: false });
  if (st && !st.isSymbolicLink())
    throw new Error(`${target} exists and is not a link; move it away first`);
  if (st) fs.unlinkSync(target);
  fs.symlinkSync(dist, target, process.platform === "win32" ? "junction" : "dir");
  return target;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = process.argv[2];
  if (!arg) {
    console.error("usage: npm run link -- <FoundryData>");
    process.exit(2);
  }
  try {
    console.log(`linked ${link(path.resolve(arg))} -> dist/`);
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
