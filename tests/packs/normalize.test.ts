/** scripts/normalize-packs.mjs: the committed pack sources are clean, and the normaliser cleans. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  normalizeAll,
  normalizeDocument,
  parseSource,
  serialize,
} from "../../scripts/normalize-packs.mjs";

describe("pack sources", () => {
  it("are normalised (run node scripts/normalize-packs.mjs to fix)", () => {
    expect(normalizeAll({ write: false })).toEqual([]);
  });
});

describe("normalizeDocument", () => {
  const dirty = {
    name: "Rules",
    _key: "!journal!abcdefghijklmnop",
    _id: "abcdefghijklmnop",
    _stats: {
      coreVersion: "13.345",
      createdTime: 1700000000000,
      lastModifiedBy: "gmUser0000000000",
    },
    ownership: { default: 2, gmUser0000000000: 3 },
    pages: [
      {
        _id: "page000000000001",
        name: "P",
        ownership: { gmUser0000000000: 3 },
        _stats: { modifiedTime: 1 },
      },
    ],
  };

  it("drops _stats, resets ownership, derives embedded keys and sorts keys", () => {
    const { doc, problems } = normalizeDocument(dirty);
    expect(problems).toEqual([]);
    expect(doc).toEqual({
      _id: "abcdefghijklmnop",
      _key: "!journal!abcdefghijklmnop",
      name: "Rules",
      ownership: { default: 0 },
      pages: [
        {
          _id: "page000000000001",
          _key: "!journal.pages!abcdefghijklmnop.page000000000001",
          name: "P",
          ownership: { default: -1 },
        },
      ],
    });
    expect(Object.keys(doc)).toEqual(["_id", "_key", "name", "ownership", "pages"]);
    expect(dirty._stats).toBeDefined(); // the input is not mutated
  });

  it("reports what it cannot fix: no _key, a _key that disagrees with _id, a bad id", () => {
    expect(normalizeDocument({ _id: "abcdefghijklmnop", name: "x" }).problems).toHaveLength(1);
    expect(
      normalizeDocument({ _id: "abcdefghijklmnoq", _key: "!macros!abcdefghijklmnop" }).problems[0],
    ).toMatch(/does not match/);
    expect(
      normalizeDocument({
        _id: "abcdefghijklmnop",
        _key: "!tables!abcdefghijklmnop",
        results: [{ _id: "short" }],
      }).problems[0],
    ).toMatch(/16 letters/);
  });

  it("round-trips YAML and JSON through serialize/parseSource unchanged", () => {
    const { doc } = normalizeDocument(dirty);
    for (const file of ["a.yml", "a.json"]) {
      const text = serialize(doc, file);
      expect(parseSource(text, file)).toEqual(doc);
      expect(serialize(parseSource(text, file), file)).toBe(text);
    }
  });

  it("normalizeAll finds a dirty file, rewrites it, then finds nothing", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "kolikoly-norm-"));
    try {
      fs.mkdirSync(path.join(root, "p"));
      fs.writeFileSync(path.join(root, "p", "d.yml"), serialize(dirty, "d.yml"));
      expect(normalizeAll({ root })).toEqual([
        "p/d.yml: not normalised (run node scripts/normalize-packs.mjs)",
      ]);
      expect(normalizeAll({ root, write: true })).toEqual([]);
      expect(normalizeAll({ root })).toEqual([]);
      const fixed = parseSource(fs.readFileSync(path.join(root, "p", "d.yml"), "utf8"), "d.yml");
      expect(fixed).toEqual(normalizeDocument(dirty).doc);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
