/**
 * The three languages are complete and every string is used: lang/en.json, fr.json and de.json hold
 * the same keys with the same {placeholders}; every key the code, templates, macros and presets
 * name exists; every key is named somewhere; templates have no literal text outside {{localize}}.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LANGS = ["en", "fr", "de"] as const;
type Flat = Map<string, string>;

function flatten(obj: unknown, prefix = "", out: Flat = new Map()): Flat {
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object") flatten(v, key, out);
    else out.set(key, v as string);
  }
  return out;
}
/**
 * Where each language's strings live (issue 23): the module's own file, which Foundry sends to
 * every client, and the CLI's and the standalone table's, which only they read.
 */
const FILES = {
  module: (l: string) => `lang/${l}.json`,
  cli: (l: string) => `lang/cli/${l}.json`,
  sandbox: (l: string) => `lang/sandbox/${l}.json`,
} as const;
/** The area each file other than the module's holds, and only it. */
const AREA = { cli: "KOLIKOLY.Cli.", sandbox: "KOLIKOLY.Sandbox." } as const;
const file = (f: string): Flat => flatten(JSON.parse(fs.readFileSync(path.join(ROOT, f), "utf8")));
/** One language's strings: all three files (no key is in two of them: checked below). */
const lang = (l: string): Flat => new Map(Object.values(FILES).flatMap((f) => [...file(f(l))]));

function walk(dir: string, ext: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return walk(p, ext);
    return ext.test(d.name) ? [p] : [];
  });
}

/** Everything that may name a key at runtime: code, templates, pack sources, preset data, manifest. */
const USERS = [
  ...walk(path.join(ROOT, "src"), /\.(ts|mts|mjs|js|html|hbs)$/),
  ...walk(path.join(ROOT, "templates"), /\.(hbs|html)$/),
  ...walk(path.join(ROOT, "packs/_source"), /\.(ya?ml|json)$/),
  ...walk(path.join(ROOT, "assets/packs"), /\.json$/),
  ...walk(path.join(ROOT, "bin"), /\.(mjs|js)$/),
  ...["module.json"].map((f) => path.join(ROOT, f)).filter((f) => fs.existsSync(f)),
];
const sources = new Map(USERS.map((f) => [path.relative(ROOT, f), fs.readFileSync(f, "utf8")]));
const codeText = [...sources.values()].join("\n");

const KEY_CHARS = "[A-Za-z0-9_-]";
/** Full keys written out: "KOLIKOLY.Area.Key" (not ending in a dot, no ${...} inside). */
function literalKeys(): Set<string> {
  const out = new Set<string>();
  const re = new RegExp(`KOLIKOLY(?:\\.${KEY_CHARS}+)+(?![.$\\w{<*])`, "g");
  for (const text of sources.values()) for (const m of text.matchAll(re)) out.add(m[0]);
  return out;
}
/**
 * Keys built at runtime: `KOLIKOLY.Area.${x}` / `KOLIKOLY.Area.${x}.Name` in code, or a
 * "KOLIKOLY.Area." prefix handed to a helper (concat in a template). Each becomes a pattern.
 */
function dynamicPatterns(en?: Flat): RegExp[] {
  const out = new Map<string, RegExp>();
  // a literal that is no key but the start of keys, used as `${PREFIX}.${x}`
  if (en)
    for (const lit of literalKeys())
      if (!en.has(lit) && [...en.keys()].some((k) => k.startsWith(`${lit}.`)))
        out.set(lit, new RegExp(`^${lit.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&")}\\.(.+)$`));
  const tpl = new RegExp(
    `KOLIKOLY(?:\\.${KEY_CHARS}+)*\\.\\$\\{[^}]+\\}(?:\\.?${KEY_CHARS}+|\\.\\$\\{[^}]+\\})*`,
    "g",
  );
  const prefix = new RegExp(`["'\`]KOLIKOLY(?:\\.${KEY_CHARS}+)*\\.["'\`]`, "g");
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
  for (const text of sources.values()) {
    for (const m of text.matchAll(tpl)) {
      const parts = m[0].split(/\$\{[^}]+\}/);
      out.set(m[0], new RegExp(`^${parts.map(esc).join("(.+)")}$`));
    }
    for (const m of text.matchAll(prefix)) {
      const p = m[0].slice(1, -1);
      out.set(p, new RegExp(`^${esc(p)}(.+)$`));
    }
  }
  return [...out.values()];
}
/** A runtime-built key counts as used when each variable part is a literal or a key in the code. */
function builtFromCode(parts: string[]): boolean {
  return parts.every((p) =>
    p.split(".").every((seg) => {
      const e = seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      // in a string ("hit", `Attack.${x}`, `${p}.Name`) or as an object key (catchAC: ...)
      return new RegExp(`["'\`.]${e}(?![\\w-])|\\b${e}\\s*[:?(]`).test(codeText);
    }),
  );
}
/** Keys Foundry itself reads by convention (not named in our code). */
function conventionKeys(en: Flat): Set<string> {
  const out = new Set<string>();
  const manifest = path.join(ROOT, "module.json");
  if (!fs.existsSync(manifest)) return out;
  const m = JSON.parse(fs.readFileSync(manifest, "utf8"));
  for (const [doc, types] of Object.entries(m.documentTypes ?? {}))
    for (const t of Object.keys(types as object)) out.add(`TYPES.${doc}.${m.id}.${t}`);
  for (const k of en.keys()) {
    // data model field labels: KOLIKOLY.<Model>.FIELDS.<field>.label (DataModel.LOCALIZATION_PREFIXES)
    if (/\.FIELDS\./.test(k)) out.add(k);
  }
  return out;
}

describe("languages", () => {
  const en = lang("en");

  it("lang/en.json, fr.json and de.json exist and are declared in module.json", () => {
    for (const l of LANGS)
      expect(fs.existsSync(path.join(ROOT, "lang", `${l}.json`)), l).toBe(true);
    const m = JSON.parse(fs.readFileSync(path.join(ROOT, "module.json"), "utf8"));
    const declared = (m.languages as Array<{ lang: string; path: string }>).map((l) => [
      l.lang,
      l.path,
    ]);
    expect(declared.sort()).toEqual(LANGS.map((l) => [l, `lang/${l}.json`]).sort());
  });

  for (const l of LANGS)
    it(`${l}: the module's file holds no CLI or table string, and theirs only their own`, () => {
      const mod = [...file(FILES.module(l)).keys()];
      expect(mod.filter((k) => k.startsWith(AREA.cli) || k.startsWith(AREA.sandbox))).toEqual([]);
      for (const which of ["cli", "sandbox"] as const) {
        const keys = [...file(FILES[which](l)).keys()];
        expect(keys.length, FILES[which](l)).toBeGreaterThan(50);
        expect(
          keys.filter((k) => !k.startsWith(AREA[which])),
          FILES[which](l),
        ).toEqual([]);
      }
    });

  it("module.json's languages name the module's own files only", () => {
    const m = JSON.parse(fs.readFileSync(path.join(ROOT, "module.json"), "utf8"));
    for (const d of m.languages as Array<{ path: string }>)
      expect(d.path).toMatch(/^lang\/[a-z]{2}\.json$/);
  });

  for (const l of ["fr", "de"] as const) {
    it(`${l}: every key of en.json, no other, each a non-empty string with the same {placeholders}`, () => {
      const other = lang(l);
      const missing = [...en.keys()].filter((k) => !other.has(k));
      const extra = [...other.keys()].filter((k) => !en.has(k));
      expect(missing, `missing in ${l}.json`).toEqual([]);
      expect(extra, `in ${l}.json but not en.json`).toEqual([]);
      const ph = (s: string) => [...new Set(s.match(/\{[A-Za-z0-9_]+\}/g) ?? [])].sort();
      for (const [k, v] of other) {
        expect(typeof v === "string" && v.trim() !== "", `${l} ${k} is empty`).toBe(true);
        expect(ph(v), `${l} ${k} placeholders`).toEqual(ph(en.get(k)!));
      }
    });

    it(`${l}: no English left in a value (the, and, you, your, with, when, from)`, () => {
      const english = /\b(the|and|you|your|with|when|from)\b/i;
      const leftovers = [...lang(l)].filter(([, v]) =>
        english.test(v.replace(/\{\w+\}|`[^`]*`|@[\w.]+/g, "")),
      );
      expect(leftovers.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
    });

    it(`${l}: translated, not copied (at most 8% of values equal the English)`, () => {
      const other = lang(l);
      const same = [...en].filter(([k, v]) => other.get(k) === v && /[a-z]{3}/.test(v));
      expect(
        same.length / en.size,
        same.map(([k, v]) => `${k}: ${v}`).join("\n"),
      ).toBeLessThanOrEqual(0.08);
    });
  }

  it("every key the code, templates, macros and presets name exists in en.json", () => {
    const missing = [...literalKeys()].filter(
      (k) => !en.has(k) && ![...en.keys()].some((key) => key.startsWith(`${k}.`)),
    );
    expect(missing).toEqual([]);
    for (const re of dynamicPatterns())
      expect(
        [...en.keys()].some((k) => re.test(k)),
        `no key matches ${re}`,
      ).toBe(true);
  });

  it("every key in en.json is used by some code, template, macro, preset or Foundry convention", () => {
    const literal = literalKeys();
    const patterns = dynamicPatterns(en);
    const convention = conventionKeys(en);
    const unused = [...en.keys()].filter((k) => {
      if (literal.has(k) || convention.has(k)) return false;
      for (const re of patterns) {
        const m = re.exec(k);
        if (m && builtFromCode(m.slice(1))) return false;
      }
      return true;
    });
    expect(unused).toEqual([]);
  });
});

describe("templates", () => {
  const templates = walk(path.join(ROOT, "templates"), /\.hbs$/);

  /** Literal, human-readable text left in a template once every {{...}} is taken out. */
  function literalText(hbs: string): string[] {
    const found: string[] = [];
    const stripped = hbs
      .replace(/\{\{!--[\s\S]*?--\}\}/g, "")
      .replace(/\{\{![\s\S]*?\}\}/g, "")
      .replace(/\{\{\{?[\s\S]*?\}?\}\}/g, "\u0001")
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, "")
      .replace(/<!--[\s\S]*?-->/g, "");
    const letters = /\p{L}{2,}/u;
    // attribute values people read
    const attr =
      /\b(title|placeholder|aria-label|alt|label|data-tooltip|aria-description)\s*=\s*"([^"]*)"/gi;
    for (const m of stripped.matchAll(attr)) {
      const v = m[2]!.split("\u0001").join("");
      if (letters.test(v)) found.push(`${m[1]}="${m[2]}"`);
    }
    // text between tags
    const text = stripped
      .replace(/<[^>]*>/g, "\u0000")
      .split("\u0001")
      .join("");
    for (const chunk of text.split("\u0000")) {
      const t = chunk.replace(/&[a-z]+;|&#\d+;/gi, "").trim();
      if (letters.test(t)) found.push(t);
    }
    return found;
  }

  it("the scanner catches literal text and attributes, and lets localized ones through", () => {
    expect(
      literalText('<p>{{localize "KOLIKOLY.X"}}</p><b title="{{localize k}}">{{n}} &times;</b>'),
    ).toEqual([]);
    expect(literalText("<p>Hello {{name}}</p>")).toEqual(["Hello"]);
    expect(literalText('<i title="Close"></i>')).toEqual(['title="Close"']);
    expect(literalText('<input placeholder="{{localize "KOLIKOLY.X"}}">')).toEqual([]);
    expect(literalText('<input placeholder="Total {{localize "KOLIKOLY.X"}}">')).toHaveLength(1);
    expect(literalText("{{!-- a comment --}}<span>{{#if a}}Yes{{/if}}</span>")).toEqual(["Yes"]);
  });

  it("every template's text is localized", () => {
    expect(templates.length).toBeGreaterThan(0);
    for (const t of templates)
      expect(literalText(fs.readFileSync(t, "utf8")), path.relative(ROOT, t)).toEqual([]);
  });
});
