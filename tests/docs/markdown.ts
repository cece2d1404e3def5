/**
 * What the docs check needs of Markdown and of the repository's files: the links and images of
 * a Markdown file, its headings' anchors by GitHub's rules, and the places in any text file
 * that point outside the repository. Small on purpose (no Markdown library): it reads the
 * CommonMark that this repository writes (ATX headings, fenced code, inline links, reference
 * definitions, HTML `<a>`/`<img>`), and it is tested on planted mistakes in links.test.ts.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** Folders that are build output or tools, never the repository's own files. */
const SKIP_DIRS = new Set([
  ".git",
  "node_modules",
  "dist",
  "dist-sandbox",
  "test-output",
  "coverage",
  ".vite",
]);

/**
 * The repository's files, relative to `root`: what git tracks plus new files it does not ignore
 * (so a doc not yet committed is checked too), or, outside a git checkout, every file but build
 * output.
 */
export function repoFiles(root = ROOT): string[] {
  let listed: string[];
  try {
    listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    })
      .split("\0")
      .filter(Boolean);
  } catch {
    listed = walk(root, "");
  }
  return [...new Set(listed)]
    .filter((f) => existsSync(path.join(root, f)) && statSync(path.join(root, f)).isFile())
    .sort();
}

function walk(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) out.push(...walk(root, rel));
    } else if (e.isFile()) out.push(rel);
  }
  return out;
}

/** The file's text, or undefined for a binary file (a NUL byte in its first 8 KB). */
export function readText(file: string, root = ROOT): string | undefined {
  const buf = readFileSync(path.join(root, file));
  if (buf.subarray(0, 8192).includes(0)) return undefined;
  return buf.toString("utf8");
}

/**
 * The Markdown with every fenced code block and inline code span blanked out (replaced by
 * spaces, newlines kept), so that positions and line numbers stay those of the source.
 */
export function blankCode(md: string): string {
  const lines = md.split("\n");
  let fence: { char: string; len: number } | undefined;
  const kept = lines.map((line) => {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (
        m &&
        m[1]![0] === fence.char &&
        m[1]!.length >= fence.len &&
        /^ {0,3}[`~]+\s*$/.test(line)
      )
        fence = undefined;
      return " ".repeat(line.length);
    }
    if (m) {
      fence = { char: m[1]![0]!, len: m[1]!.length };
      return " ".repeat(line.length);
    }
    return line;
  });
  // inline code: a run of N backticks up to the next run of exactly N (may cross lines)
  return kept
    .join("\n")
    .replace(/(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, (s) => s.replace(/[^\n]/g, " "));
}

export interface MdLink {
  readonly line: number;
  readonly target: string;
  readonly image: boolean;
}

/** The relative links and images of a Markdown text (absolute URLs and mail addresses left out). */
export function linksOf(md: string): MdLink[] {
  const text = blankCode(md);
  const out: MdLink[] = [];
  const lineAt = (i: number) => text.slice(0, i).split("\n").length;
  const add = (i: number, raw: string, image: boolean) => {
    const target = raw.trim().replace(/^<(.*)>$/, "$1");
    if (target === "" || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) return;
    out.push({ line: lineAt(i), target, image });
  };
  // [text](target "title") and ![alt](target); the text may hold one level of brackets
  const inline =
    /(!?)\[((?:[^[\]]|\[[^[\]]*\])*)\]\(\s*(<[^>\n]*>|[^\s)]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
  for (const m of text.matchAll(inline)) add(m.index, m[3]!, m[1] === "!");
  // [label]: target
  for (const m of text.matchAll(/^ {0,3}\[[^\]\n]+\]:\s*(<[^>\n]*>|\S+)/gm))
    add(m.index, m[1]!, false);
  // HTML
  for (const m of text.matchAll(/<(a|img)\b[^>]*?\s(href|src)\s*=\s*("([^"]*)"|'([^']*)')/gi))
    add(m.index, m[4] ?? m[5] ?? "", m[1]!.toLowerCase() === "img");
  return out.sort((a, b) => a.line - b.line);
}

/** A heading's text as GitHub renders it: inline markup dropped, the words kept. */
export function headingText(raw: string): string {
  return raw
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/(`+)(.*?)\1/g, "$2")
    .replace(/\*\*|__|\*/g, "")
    .replace(/(^|[^\p{L}\p{N}])_(\S(?:.*?\S)?)_(?=[^\p{L}\p{N}]|$)/gu, "$1$2")
    .replace(/\\([!-/:-@[-`{-~])/g, "$1")
    .trim();
}

/** GitHub's anchor for a heading text (the rule of github-slugger): lower case, punctuation out, spaces to hyphens. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a Markdown text offers: its headings' slugs (repeats numbered -1, -2...) and HTML ids. */
export function anchorsOf(md: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  let fenceChar = "";
  for (const line of md.split("\n")) {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (!fenced) {
        fenced = true;
        fenceChar = f[1]![0]!;
      } else if (f[1]![0] === fenceChar && /^ {0,3}[`~]+\s*$/.test(line)) fenced = false;
      continue;
    }
    if (fenced) continue;
    const h = /^ {0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$/.exec(line);
    if (h) {
      const base = slug(headingText(h[1] ?? ""));
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<a\b[^>]*?\s(?:id|name)\s*=\s*"([^"]+)"/gi)) anchors.add(m[1]!);
  }
  return anchors;
}

export interface Problem {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

export const show = (p: Problem) => `${p.file}:${p.line}: ${p.message}`;

/**
 * Checks every link of a Markdown file: it must stay inside the repository, name a file or
 * folder that exists, and, when it has an `#anchor` into a Markdown file, name one of that
 * file's headings. `read` gives the text of a repository file (relative path) or undefined.
 */
export function checkLinks(
  file: string,
  md: string,
  exists: (rel: string) => boolean,
  read: (rel: string) => string | undefined,
): Problem[] {
  const problems: Problem[] = [];
  const dir = path.posix.dirname(file);
  for (const link of linksOf(md)) {
    const hash = link.target.indexOf("#");
    const rawPath = hash < 0 ? link.target : link.target.slice(0, hash);
    const anchor = hash < 0 ? undefined : decode(link.target.slice(hash + 1));
    const what = link.image ? "image" : "link";
    let rel = file;
    if (rawPath !== "") {
      const p = decode(rawPath.split("?")[0]!);
      rel = path.posix.normalize(p.startsWith("/") ? p.slice(1) : path.posix.join(dir, p));
      if (rel === ".." || rel.startsWith("../")) {
        problems.push({
          file,
          line: link.line,
          message: `${what} ${link.target} leaves the repository`,
        });
        continue;
      }
      rel = rel.replace(/\/$/, "") || ".";
      if (!exists(rel)) {
        problems.push({ file, line: link.line, message: `${what} ${link.target}: no file ${rel}` });
        continue;
      }
    }
    if (anchor !== undefined && anchor !== "" && rel.endsWith(".md")) {
      const text = rel === file ? md : read(rel);
      if (text !== undefined && !anchorsOf(text).has(anchor))
        problems.push({
          file,
          line: link.line,
          message: `${what} ${link.target}: ${rel} has no heading with the anchor #${anchor}`,
        });
    }
  }
  return problems;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A relative path that climbs out of its file's folder on purpose, and why it is fine. */
export interface KnownClimb {
  readonly file: string;
  readonly text: string;
  readonly why: string;
}

/**
 * Places in a text file that point outside the repository:
 * - the folder beside the repository where its design notes once lived, or its two
 *   sub-folders of notes and source texts, however they are reached (the needles below);
 * - an absolute path into the folder that holds the repository (other than the repository);
 * - a relative path (`../`) that climbs above the repository from the file's own folder;
 * - the name of a Markdown file that the repository does not have (by name, or by path from
 *   the file's folder or from the repository's root).
 */
export function outsideReferences(
  file: string,
  text: string,
  context: {
    readonly root: string;
    readonly mdFiles: ReadonlySet<string>;
    readonly exists: (rel: string) => boolean;
    readonly knownClimbs?: readonly KnownClimb[];
  },
): Problem[] {
  const problems: Problem[] = [];
  const lineAt = (i: number) => text.slice(0, i).split("\n").length;
  const add = (i: number, message: string) => problems.push({ file, line: lineAt(i), message });
  const shared = ["..", "shared"].join("/");
  for (const needle of [shared, `shared/${"design"}/`, `shared/${"seeds"}/`])
    for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1))
      add(i, `points outside the repository ("${needle}")`);

  const parent = path.dirname(context.root);
  if (parent !== path.parse(parent).root) {
    const own = `${parent}/${path.basename(context.root)}`;
    for (let i = text.indexOf(`${parent}/`); i >= 0; i = text.indexOf(`${parent}/`, i + 1))
      if (!text.startsWith(own, i) || /[\w.-]/.test(text[i + own.length] ?? ""))
        add(i, `absolute path outside the repository (${text.slice(i, i + 60).split(/\s/)[0]})`);
  }

  const depth = path.posix.dirname(file) === "." ? 0 : path.posix.dirname(file).split("/").length;
  for (const m of text.matchAll(/(?<![\w./@-])((?:\.\.\/)+)([^\s"'`)\]},;<>|]*)/g)) {
    const ups = m[1]!.length / 3;
    if (ups <= depth) continue;
    const token = m[0];
    if (context.knownClimbs?.some((k) => k.file === file && k.text === token)) continue;
    add(m.index, `relative path ${token} climbs out of the repository from ${file}`);
  }

  const dir = path.posix.dirname(file);
  for (const m of text.matchAll(/[^\s"'`()<>[\]{}*,;|]*[\w-]\.md\b/g)) {
    const token = m[0].replace(/^[#:.]+/, "");
    if (/:\/\/|^www\.|^https?:/i.test(token)) continue;
    const known = token.includes("/")
      ? [
          path.posix.normalize(path.posix.join(dir, token)),
          path.posix.normalize(token.replace(/^\//, "")),
        ].some((rel) => !rel.startsWith("../") && context.exists(rel))
      : context.mdFiles.has(token);
    if (!known) add(m.index, `names ${token}, which is not a Markdown file of the repository`);
  }
  return problems;
}
