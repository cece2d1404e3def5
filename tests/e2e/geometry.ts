/**
 * A window as a person sees it (issue 20 item 1): its geometry measured in Chromium, each finding
 * a sentence naming the element. Used by the boot test on every module window, in Foundry's light
 * and dark colour schemes.
 *
 * - nothing overflows: the window's content is not wider than its box (scrollWidth <=
 *   clientWidth), and every element's box lies inside the window's box (across; down, inside the
 *   window's scrolled height);
 * - no text under 11 CSS px: the computed font size of every element holding text (a text node
 *   of its own, or a control's value), and that text readable: a contrast of 4.5:1 at least
 *   (WCAG 2 AA) against the background colours behind it, opacity counted (disabled controls
 *   are exempt, as in WCAG; background images are not looked at);
 * - every control reachable by keyboard: no enabled control has tabindex -1, and Tab, pressed
 *   from the window's first control, visits each enabled control (a radio group is one stop, as
 *   browsers make it);
 * - grids are grids: the given cells form `rows` x `columns` (distinct tops and lefts);
 * - columns line up: in each given table, the cells of one column share x and width;
 * - a table of boxes reads as a grid: each row's boxes on one line, each under its column's
 *   header (the header above the box, overlapping it across);
 * - every shown control has an accessible name, as Chromium computes it for a screen reader
 *   (its accessibility tree, through the DevTools protocol): some words, not a bare mark such as
 *   "✓", nor an untranslated key;
 * - a tick box sits with its words: its <label> names it (a click on the words ticks it), and the
 *   label's first line of text is on the box's line, a few px beside it.
 */
import type { Locator } from "playwright-core";

export interface GridSpec {
  /** The grid's container, inside the window (every match is checked). */
  readonly selector: string;
  /** Its cells, relative to the container. */
  readonly cells: string;
  readonly rows: number;
  readonly columns: number;
}

export interface GeometrySpec {
  /** The window's content box (defaults to `.window-content`, else the window itself). */
  readonly content?: string;
  readonly grids?: readonly GridSpec[];
  /** Tables whose columns must line up. */
  readonly tables?: readonly string[];
  /** Skip the keyboard walk (a chat card: its controls are reached in the chat log's order). */
  readonly keyboard?: boolean;
  /**
   * Tables of boxes (a header row in `thead`, a row per item in `tbody`) that must read as a
   * grid: each row's boxes on one line, each box under its column's header.
   */
  readonly headedGrids?: readonly string[];
  /** Skip the accessible names (on by default). */
  readonly names?: boolean;
}

/** The smallest text a window may draw (docs/sandbox.md, "Legible at any size"). */
export const MIN_FONT_PX = 11;
/** WCAG 2 AA for normal text: text against what is drawn behind it. */
export const MIN_CONTRAST = 4.5;
const TOLERANCE = 1;
/** How far a tick box's words may be from it, across (CSS px); down, they share its line. */
export const LABEL_GAP_PX = 12;
/** The controls whose accessible name is checked (every shown one, disabled or not). */
const CONTROLS = "button, input:not([type=hidden]), select, textarea";

interface Measured {
  problems: string[];
  /** The controls to reach, each a stable key (its marker), radio groups as one key. */
  stops: string[];
}

/** Everything but the keyboard walk, measured in the page. */
async function measure(win: Locator, spec: GeometrySpec): Promise<Measured> {
  return win.evaluate(
    (root, { spec, min, tol, minContrast }) => {
      const problems: string[] = [];
      const name = (el: Element): string => {
        const id = el.id ? `#${el.id}` : "";
        const cls = [...el.classList].slice(0, 2).map((c) => `.${c}`);
        const nm = el.getAttribute("name");
        const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30);
        return `${el.tagName.toLowerCase()}${id}${cls.join("")}${nm ? `[name=${nm}]` : ""}${text ? ` "${text}"` : ""}`;
      };
      const shown = (el: Element): boolean => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) return false;
        const s = getComputedStyle(el);
        return s.visibility !== "hidden" && s.display !== "none";
      };
      type Rgba = [number, number, number, number];
      const rgba = (c: string): Rgba | undefined => {
        const m = /rgba?\(([^)]+)\)/.exec(c);
        if (!m) return undefined;
        const v = m[1]!
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number);
        return [v[0]!, v[1]!, v[2]!, v[3] ?? 1];
      };
      /** `top` (with its alpha) over the opaque `under`. */
      const over = (top: Rgba, under: Rgba): Rgba => [
        top[0] * top[3] + under[0] * (1 - top[3]),
        top[1] * top[3] + under[1] * (1 - top[3]),
        top[2] * top[3] + under[2] * (1 - top[3]),
        1,
      ];
      const luminance = (c: Rgba) => {
        const [r, g, b] = c.slice(0, 3).map((v) => {
          const x = v / 255;
          return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      /** The text's colour (faded by opacity up the tree) on the colours behind it, composited. */
      const contrast = (el: Element): number | undefined => {
        const layers: Rgba[] = [];
        let fade = 1;
        for (let e: Element | null = el; e; e = e.parentElement) {
          const st = getComputedStyle(e);
          fade *= Number(st.opacity);
          const bg = rgba(st.backgroundColor);
          if (bg && bg[3] > 0) layers.push(bg);
          if (bg && bg[3] >= 1) break;
        }
        let back: Rgba = [255, 255, 255, 1];
        for (const l of layers.reverse()) back = over(l, back);
        const fg = rgba(getComputedStyle(el).color);
        if (!fg) return undefined;
        const text = over([fg[0], fg[1], fg[2], fg[3] * fade], back);
        const [a, b] = [luminance(text), luminance(back)].sort((x, y) => y - x);
        return (a! + 0.05) / (b! + 0.05);
      };
      const content =
        (spec.content ? root.querySelector(spec.content) : root.querySelector(".window-content")) ??
        root;
      if (content.scrollWidth > content.clientWidth + tol)
        problems.push(
          `overflow: the content is ${content.scrollWidth} px wide in a ${content.clientWidth} px window`,
        );
      const box = root.getBoundingClientRect();
      // down, the window's whole scrolled height counts (a tall window scrolls, Foundry's too)
      const top = box.top - root.scrollTop;
      const bottom = top + Math.max(root.scrollHeight, box.height);
      const all = [...root.querySelectorAll("*")].filter(shown);
      for (const el of all) {
        const r = el.getBoundingClientRect();
        if (
          r.left < box.left - tol ||
          r.right > box.right + tol ||
          r.top < top - tol ||
          r.bottom > bottom + tol + 1 /* scrollHeight is rounded */
        )
          problems.push(
            `outside the window: ${name(el)} at x ${Math.round(r.left - box.left)}..${Math.round(r.right - box.left)} of ${Math.round(box.width)}, y ${Math.round(r.top - top)}..${Math.round(r.bottom - top)} of ${Math.round(bottom - top)}`,
          );
      }
      for (const el of [root, ...all]) {
        const ownText = [...el.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "",
        );
        const control =
          el.matches("input:not([type=checkbox]):not([type=radio]):not([type=range]), select") &&
          ((el as HTMLInputElement).value ?? "") !== "";
        if (!ownText && !control) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < min - 0.01) problems.push(`text under ${min} px: ${name(el)} at ${size} px`);
        // WCAG 2 contrast of the text on what is behind it (a disabled control is exempt)
        if (el.matches(":disabled") || el.closest("fieldset:disabled")) continue;
        const ratio = contrast(el);
        if (ratio !== undefined && ratio < minContrast)
          problems.push(`low contrast: ${name(el)} at ${ratio.toFixed(2)}:1`);
      }
      for (const g of spec.grids ?? []) {
        const grids = [...root.querySelectorAll(g.selector)];
        if (grids.length === 0) problems.push(`grid ${g.selector}: not found`);
        for (const grid of grids) {
          const cells = [...grid.querySelectorAll(g.cells)].filter(shown);
          const distinct = (vs: number[]) =>
            vs.sort((a, b) => a - b).filter((v, i, a) => i === 0 || v - a[i - 1]! > tol * 2).length;
          const rects = cells.map((c) => c.getBoundingClientRect());
          const rows = distinct(rects.map((r) => r.top));
          const cols = distinct(rects.map((r) => r.left));
          if (cells.length !== g.rows * g.columns || rows !== g.rows || cols !== g.columns)
            problems.push(
              `grid ${g.selector}: ${cells.length} cells in ${rows} rows x ${cols} columns, not ${g.rows} x ${g.columns}`,
            );
        }
      }
      for (const t of spec.tables ?? []) {
        const table = root.querySelector(t);
        if (!table) {
          problems.push(`table ${t}: not found`);
          continue;
        }
        const columns = new Map<number, DOMRect[]>();
        for (const row of table.querySelectorAll("tr")) {
          const cells = [...row.children];
          if (cells.some((c) => (c as HTMLTableCellElement).colSpan > 1)) continue;
          cells.forEach((c, i) =>
            columns.set(i, [...(columns.get(i) ?? []), c.getBoundingClientRect()]),
          );
        }
        for (const [i, rs] of columns) {
          const off = rs.filter(
            (r) => Math.abs(r.left - rs[0]!.left) > tol || Math.abs(r.width - rs[0]!.width) > tol,
          );
          if (off.length)
            problems.push(
              `table ${t}: column ${i + 1} does not line up (${rs.map((r) => `${Math.round(r.left - box.left)}+${Math.round(r.width)}`).join(", ")})`,
            );
        }
      }
      for (const t of spec.headedGrids ?? []) {
        const table = root.querySelector(t);
        if (!table) {
          problems.push(`grid ${t}: not found`);
          continue;
        }
        const heads = [...table.querySelectorAll<HTMLElement>("thead th")];
        for (const row of table.querySelectorAll("tbody tr")) {
          const who = (row.querySelector("th")?.textContent ?? "").trim() || name(row);
          const boxes = [
            ...row.querySelectorAll<HTMLElement>(
              "input:not([type=hidden]):not([type=checkbox]), select",
            ),
          ].filter(shown);
          const rects = boxes.map((b) => b.getBoundingClientRect());
          const tops = rects.map((r) => r.top);
          if (Math.max(...tops) - Math.min(...tops) > tol * 2)
            problems.push(
              `grid ${t}: ${who}'s boxes are not on one line (tops ${tops.map(Math.round).join(", ")})`,
            );
          boxes.forEach((b, i) => {
            const cell = b.closest("td, th") as HTMLTableCellElement | null;
            const head = cell ? heads[cell.cellIndex] : undefined;
            const r = rects[i]!;
            if (!head || (head.textContent ?? "").trim() === "") {
              problems.push(`grid ${t}: ${name(b)} has no column header`);
              return;
            }
            const h = head.getBoundingClientRect();
            const across = Math.min(h.right, r.right) - Math.max(h.left, r.left);
            if (h.bottom > r.top + tol || across < Math.min(r.width, h.width) / 2)
              problems.push(
                `grid ${t}: ${name(b)} is not under its header "${(head.textContent ?? "").trim()}" (header x ${Math.round(h.left - box.left)}..${Math.round(h.right - box.left)}, box x ${Math.round(r.left - box.left)}..${Math.round(r.right - box.left)})`,
              );
          });
        }
      }
      // the controls a keyboard must reach: enabled, shown; a radio group (same form and name) once
      const controls = [
        ...root.querySelectorAll<HTMLElement>(
          "button, input:not([type=hidden]), select, textarea, a[href], [tabindex]",
        ),
      ].filter(shown);
      const stops: string[] = [];
      controls.forEach((el, i) => {
        const disabled = el.matches(":disabled");
        if (!disabled && el.tabIndex < 0)
          problems.push(`not reachable by keyboard (tabindex ${el.tabIndex}): ${name(el)}`);
        if (disabled) return;
        const radio = el instanceof HTMLInputElement && el.type === "radio";
        const key = radio
          ? `radio:${el.form?.id ?? ""}:${el.name}`
          : (el.dataset.kkStop ??= `stop-${i}`);
        if (radio) el.dataset.kkStop = key;
        if (!stops.includes(key)) stops.push(key);
      });
      return { problems, stops };
    },
    { spec, min: MIN_FONT_PX, tol: TOLERANCE, minContrast: MIN_CONTRAST },
  );
}

/**
 * Each shown tick box with its words: a <label> names it (a click on the words ticks it), and the
 * label's line of text nearest the box is on the box's line, at most LABEL_GAP_PX across.
 */
async function tickLabels(win: Locator): Promise<string[]> {
  return win.evaluate(
    (root, { gapMax }) => {
      const problems: string[] = [];
      const box = root.getBoundingClientRect();
      const name = (el: Element): string => {
        const nm = el.getAttribute("name");
        const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30);
        return `${el.tagName.toLowerCase()}${nm ? `[name=${nm}]` : ""}${text ? ` "${text}"` : ""}`;
      };
      const shown = (el: Element): boolean => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) return false;
        const s = getComputedStyle(el);
        return s.visibility !== "hidden" && s.display !== "none";
      };
      // a tick box and its words: named by a label, the label's first line beside the box
      for (const tick of root.querySelectorAll<HTMLInputElement>("input[type=checkbox]")) {
        if (!shown(tick)) continue;
        const label = tick.labels?.[0];
        if (!label) {
          problems.push(`a tick box without a label: ${name(tick)}`);
          continue;
        }
        const lines: DOMRect[] = [];
        const walk = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          if ((n.textContent ?? "").trim() === "" || !n.parentElement || !shown(n.parentElement))
            continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          lines.push(...[...range.getClientRects()].filter((r) => r.width > 0));
        }
        const b = tick.getBoundingClientRect();
        const mid = (r: DOMRect) => (r.top + r.bottom) / 2;
        const gap = (r: DOMRect) => Math.max(r.left - b.right, b.left - r.right, 0);
        // the line nearest the box's own, then the nearest across
        const off = (r: DOMRect) => Math.abs(mid(r) - mid(b));
        const near = lines.sort((x, y) => off(x) - off(y) || gap(x) - gap(y))[0];
        if (!near) problems.push(`a tick box's label has no words: ${name(tick)}`);
        else if (gap(near) > gapMax || off(near) > Math.max(b.height, near.height) / 2)
          problems.push(
            `a tick box apart from its words: ${name(label)} (box x ${Math.round(b.left - box.left)}, y ${Math.round(b.top - box.top)}; words x ${Math.round(near.left - box.left)}, y ${Math.round(near.top - box.top)})`,
          );
      }
      return problems;
    },
    { gapMax: LABEL_GAP_PX },
  );
}

/** Tab from the window's first control until focus leaves it; which stops were reached. */
async function walkKeyboard(win: Locator, stops: readonly string[]): Promise<string[]> {
  if (stops.length === 0) return [];
  const page = win.page();
  const first = await win.evaluate((root, key) => {
    const el = root.querySelector<HTMLElement>(`[data-kk-stop="${key}"]:not(:disabled)`);
    el?.focus();
    return el !== null && document.activeElement === el;
  }, stops[0]!);
  if (!first) return [`not reachable by keyboard: the first control takes no focus`];
  const reached = new Set<string>();
  for (let i = 0; i < stops.length * 2 + 4; i++) {
    const at = await win.evaluate((root) => {
      const a = document.activeElement as HTMLElement | null;
      return a && root.contains(a) ? (a.dataset.kkStop ?? "") : null;
    });
    if (at === null) break;
    if (at) reached.add(at);
    if (reached.size === stops.length) break;
    await page.keyboard.press("Tab");
  }
  const names = await win.evaluate(
    (root, missing) =>
      missing.map((k) => {
        const el = root.querySelector(`[data-kk-stop="${k}"]`);
        return el
          ? `${el.tagName.toLowerCase()} ${(el.textContent ?? "").trim().slice(0, 30) || (el.getAttribute("name") ?? "")}`
          : k;
      }),
    stops.filter((s) => !reached.has(s)),
  );
  return names.map((n) => `not reached by Tab: ${n}`);
}

/**
 * Every shown control of the window without a usable accessible name, each a sentence. The name
 * is Chromium's own (Accessibility.getPartialAXTree of the DevTools protocol: the accessible
 * name computation a screen reader is given, from <label>, aria-label, aria-labelledby, a
 * button's text, title...), not a guess from the DOM. A name must hold a letter or a digit (a
 * bare "✓" or "—" says nothing read aloud) and be no untranslated KOLIKOLY key.
 */
export async function unnamedControls(win: Locator): Promise<string[]> {
  const page = win.page();
  const count = await win.evaluate((root, controls) => {
    const els = [...root.querySelectorAll(controls)].filter((el) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return (r.width > 0 || r.height > 0) && s.visibility !== "hidden" && s.display !== "none";
    });
    els.forEach((el, i) => el.setAttribute("data-kk-named", String(i)));
    return els.length;
  }, CONTROLS);
  const problems: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("Accessibility.enable");
    for (let i = 0; i < count; i++) {
      const { result } = await cdp.send("Runtime.evaluate", {
        expression: `document.querySelector('[data-kk-named="${i}"]')`,
      });
      if (!result.objectId) continue;
      const { nodes } = await cdp.send("Accessibility.getPartialAXTree", {
        objectId: result.objectId,
        fetchRelatives: false,
      });
      const node = nodes.find((n) => !n.ignored) ?? nodes[0];
      const text = String(node?.name?.value ?? "").trim();
      if (/[\p{L}\p{N}]/u.test(text) && !/\bKOLIKOLY\./.test(text)) continue;
      const what = await win.evaluate((root, n) => {
        const el = root.querySelector(`[data-kk-named="${n}"]`)!;
        const nm = el.getAttribute("name");
        const type = el.getAttribute("type");
        return `${el.tagName.toLowerCase()}${type ? `[type=${type}]` : ""}${nm ? `[name=${nm}]` : ""}${el.className ? ` .${[...el.classList].join(".")}` : ""}`;
      }, i);
      problems.push(
        text ? `no words in the accessible name "${text}": ${what}` : `no accessible name: ${what}`,
      );
    }
  } finally {
    await cdp.detach().catch(() => undefined);
    await win.evaluate((root) =>
      root.querySelectorAll("[data-kk-named]").forEach((el) => el.removeAttribute("data-kk-named")),
    );
  }
  return problems;
}

/** Every finding on the window as drawn now (an empty list: it passes). */
export async function checkGeometry(win: Locator, spec: GeometrySpec = {}): Promise<string[]> {
  const { problems, stops } = await measure(win, spec);
  if (spec.keyboard !== false) problems.push(...(await walkKeyboard(win, stops)));
  problems.push(...(await tickLabels(win)));
  if (spec.names !== false) problems.push(...(await unnamedControls(win)));
  return problems;
}

/** Foundry's two colour schemes, as v13/v14 set them on the interface (<body>). */
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** Switches the page's colour scheme (the `theme-light` / `theme-dark` class on <body>). */
export async function setTheme(win: Locator, theme: Theme): Promise<void> {
  await win.page().evaluate((t) => {
    document.body.classList.remove("theme-light", "theme-dark");
    document.body.classList.add(`theme-${t}`);
  }, theme);
}

/**
 * A window drawn by Foundry itself (its settings window): only what the module puts in it, the
 * controls under `within`: their accessible names and tick boxes, in each colour scheme, each
 * finding prefixed by the scheme; light is left on.
 */
export async function checkControlsThemes(win: Locator, within: string): Promise<string[]> {
  const out: string[] = [];
  for (const theme of [...THEMES].reverse()) {
    await setTheme(win, theme);
    const part = win.locator(within);
    const found = [...(await unnamedControls(part)), ...(await tickLabels(part))];
    out.push(...found.map((p) => `${theme}: ${p}`));
  }
  return out;
}

/** The window's findings in each colour scheme, each prefixed by the scheme; light is left on. */
export async function checkGeometryThemes(
  win: Locator,
  spec: GeometrySpec = {},
): Promise<string[]> {
  const out: string[] = [];
  for (const theme of [...THEMES].reverse()) {
    await setTheme(win, theme);
    out.push(...(await checkGeometry(win, spec)).map((p) => `${theme}: ${p}`));
  }
  return out;
}
