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
 * - columns line up: in each given table, the cells of one column share x and width.
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
}

/** The smallest text a window may draw (docs/sandbox.md, "Legible at any size"). */
export const MIN_FONT_PX = 11;
/** WCAG 2 AA for normal text: text against what is drawn behind it. */
export const MIN_CONTRAST = 4.5;
const TOLERANCE = 1;

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

/** Every finding on the window as drawn now (an empty list: it passes). */
export async function checkGeometry(win: Locator, spec: GeometrySpec = {}): Promise<string[]> {
  const { problems, stops } = await measure(win, spec);
  if (spec.keyboard !== false) problems.push(...(await walkKeyboard(win, stops)));
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
