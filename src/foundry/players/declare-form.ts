/**
 * The declaration window's behaviour over plain DOM (issue 4, item 1), shared by the Foundry
 * ApplicationV2 (declare-dialog.ts) and the DOM tests: it renders one form per fisher the user
 * owns with the shared template (templates/declare-action.hbs, context from src/ui/declare-view.ts)
 * inside templates/foundry/players/declare-dialog.hbs, reads the form back, and sends the
 * declaration through the player desk. Keyboard: Tab between fields; in the compass the arrow
 * keys move to the neighbouring legal square (diagonals by two presses are not needed: the
 * eight squares are a 3 x 3 grid), Page Up / Page Down pick the square above / below, Enter
 * declares. Status changes are announced (role=status, aria-live).
 */
import type { Coord, Declaration } from "../../rules/index.ts";
import type { DeclareDraft } from "../../ui/declare-view.ts";
import { declarationOf, declareContext, draftFromFields } from "../../ui/declare-view.ts";
import type { PlayerDesk } from "./client.ts";
import type { FisherDesk } from "./protocol.ts";
import { LiveRefresh } from "../core/live-refresh.ts";

export { DECLARE_PARTIAL, DIALOG_TEMPLATE } from "./declare-templates.ts";

/** Compass cells by direction: [dx, dy] on the level (north is y - 1). */
const GRID: Readonly<Record<string, readonly [number, number]>> = {
  nw: [-1, -1],
  n: [0, -1],
  ne: [1, -1],
  w: [-1, 0],
  e: [1, 0],
  sw: [-1, 1],
  s: [0, 1],
  se: [1, 1],
};
const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

export interface ControllerOptions {
  readonly lake: string;
  readonly lakeName: string;
  readonly fishers: readonly string[];
  readonly desk: PlayerDesk;
  /** Names of the fishers who have declared (the public lake's `declared`). */
  readonly declaredNames: () => readonly string[];
  readonly localize: (key: string, data?: Readonly<Record<string, unknown>>) => string;
  /** Starts picking a square on the canvas; resolves with it (or undefined when cancelled). */
  readonly pickOnCanvas?: (fisher: string) => Promise<Coord | undefined>;
}

export interface DialogContext {
  readonly title: string;
  readonly roundLabel: string;
  readonly locked: boolean;
  readonly lockedLabel: string;
  readonly declaredLabel: string;
  readonly status: string;
  readonly canPick: boolean;
  readonly pickLabel: string;
  readonly withdrawLabel: string;
  readonly fishers: readonly {
    readonly id: string;
    readonly form: ReturnType<typeof declareContext>;
    readonly declared: boolean;
  }[];
  readonly empty: boolean;
  readonly emptyLabel: string;
}

export class DeclareController {
  readonly drafts = new Map<string, DeclareDraft>();
  readonly desks = new Map<string, FisherDesk>();
  status = "";
  private busy: Promise<unknown> = Promise.resolve();

  /** Runs a window action after the previous one (a click while the GM answers waits its turn). */
  private queue(fn: () => Promise<unknown>): void {
    this.busy = this.busy.catch(() => undefined).then(fn);
  }

  /** Resolves when every queued window action (and its re-render) has finished. */
  async idle(): Promise<void> {
    let last: Promise<unknown> | undefined;
    while (last !== this.busy) {
      last = this.busy;
      await last.catch(() => undefined);
    }
  }

  constructor(readonly o: ControllerOptions) {}

  /** Asks the GM what each fisher's player may know (viewFor) and their current declarations. */
  async load(): Promise<void> {
    for (const fisher of this.o.fishers) {
      const r = await this.o.desk.view({ lake: this.o.lake, fisher });
      if (!r.ok) {
        this.status = this.o.desk.errorText(r.error);
        continue;
      }
      // a new round (or one undone) starts from what the GM holds: the old round's draft is gone
      const before = this.desks.get(fisher);
      if (before && before.round !== r.value.round) {
        this.drafts.delete(fisher);
        this.status = "";
      }
      this.desks.set(fisher, r.value);
      if (!this.drafts.has(fisher) && r.value.mine) this.drafts.set(fisher, draftOf(r.value.mine));
    }
  }

  context(): DialogContext {
    const t = this.o.localize;
    const first = [...this.desks.values()][0];
    const locked = [...this.desks.values()].some((d) => d.locked);
    const names = this.o.declaredNames();
    return {
      title: t("KOLIKOLY.Players.Dialog.Title", { lake: this.o.lakeName }),
      roundLabel: first ? t("KOLIKOLY.Players.Dialog.Round", { round: first.round }) : "",
      locked,
      lockedLabel: t("KOLIKOLY.Players.Dialog.Locked"),
      declaredLabel: names.length
        ? t("KOLIKOLY.Players.Dialog.Declared", { names: names.join(", ") })
        : t("KOLIKOLY.Players.Dialog.NoneDeclared"),
      status: this.status,
      canPick: !!this.o.pickOnCanvas && !locked,
      pickLabel: t("KOLIKOLY.Players.Dialog.PickOnCanvas"),
      withdrawLabel: t("KOLIKOLY.Players.Dialog.Withdraw"),
      fishers: [...this.desks.entries()].map(([id, d]) => {
        const form = declareContext(d.view, id, {
          draft: this.drafts.get(id) ?? {},
          declared: !!d.mine,
          formId: `kolikoly-declare-${this.o.lake}-${id}`,
          // the GM's engine says whether this fisher may declare (revivals for the round first)
          ...(d.cannotAct !== undefined ? { cannotAct: d.cannotAct } : {}),
        });
        // after the lock the form shows why it is closed instead of its fields
        return {
          id,
          declared: !!d.mine,
          form: d.locked ? { ...form, blockedKey: "KOLIKOLY.Players.Dialog.Locked" } : form,
        };
      }),
      empty: this.desks.size === 0,
      emptyLabel: t("KOLIKOLY.Players.Dialog.NoFishers"),
    };
  }

  /** Reads one form back into a draft (FormData: what the browser would submit). */
  static draftOf(form: HTMLFormElement): DeclareDraft {
    const fields: Record<string, unknown> = {};
    const data = new (
      form.ownerDocument.defaultView as unknown as { FormData: typeof FormData }
    ).FormData(form);
    for (const [k, v] of data.entries()) fields[k] = typeof v === "string" ? v : "";
    return draftFromFields(fields);
  }

  change(fisher: string, draft: DeclareDraft): void {
    this.drafts.set(fisher, draft);
  }

  /** Sends one fisher's declaration; the reply (or its localized error) becomes the status. */
  async submit(fisher: string): Promise<boolean> {
    const d = this.desks.get(fisher);
    const raw = declarationOf(this.drafts.get(fisher) ?? {});
    if (!d || !raw) return false;
    const r = await this.o.desk.declare({
      lake: this.o.lake,
      fisher,
      round: d.round,
      declaration: raw,
    });
    this.status = r.ok
      ? this.o.localize("KOLIKOLY.Players.Dialog.Sent")
      : this.o.desk.errorText(r.error);
    await this.load();
    return r.ok;
  }

  async withdraw(fisher: string): Promise<boolean> {
    const d = this.desks.get(fisher);
    if (!d) return false;
    const r = await this.o.desk.withdraw({ lake: this.o.lake, fisher, round: d.round });
    this.status = r.ok
      ? this.o.localize("KOLIKOLY.Players.Dialog.Withdrawn")
      : this.o.desk.errorText(r.error);
    if (r.ok) this.drafts.delete(fisher);
    await this.load();
    return r.ok;
  }

  /** Picks a target on the canvas for `fisher` (Foundry: a click on a square). */
  async pick(fisher: string): Promise<void> {
    const at = await this.o.pickOnCanvas?.(fisher);
    if (!at) return;
    const cur = this.drafts.get(fisher) ?? {};
    this.drafts.set(fisher, { ...cur, action: cur.action ?? "move", target: at });
  }

  /**
   * Wires a rendered dialog: change, submit, the compass keys, the canvas and withdraw buttons.
   * `rerender` renders again and calls `bind` on the new element (ApplicationV2#render, or the
   * tests' innerHTML); focus returns to the field that had it.
   */
  bind(root: HTMLElement, rerender: (focus?: FocusKey) => Promise<void>): void {
    for (const form of root.querySelectorAll<HTMLFormElement>("form.kolikoly-declare")) {
      const fisher = form.dataset.fisher ?? "";
      form.addEventListener("change", (ev) => {
        this.change(fisher, DeclareController.draftOf(form));
        const focus = focusKeyOf(ev.target);
        this.queue(() => rerender(focus));
      });
      form.addEventListener("submit", (ev) => {
        ev.preventDefault();
        this.change(fisher, DeclareController.draftOf(form));
        this.queue(() =>
          this.submit(fisher).then(() => rerender({ form: form.id, name: "submit" })),
        );
      });
      // the compass's keys: Foundry's own arrow bindings (a pan, or a move of the controlled
      // tokens) do not also run, since a radio has the focus and Foundry's KeyboardManager runs
      // no binding while a form field has it (v13 client/helpers/interaction/keyboard-manager.mjs,
      // hasFocus); the boot test presses them against that rule
      form.addEventListener("keydown", (ev) => {
        const target = ev.target as HTMLInputElement | null;
        if (!target || target.name !== "target") return;
        const next = moveInCompass(form, target, ev.key);
        if (!next) return;
        ev.preventDefault();
        next.checked = true;
        next.focus();
        next.dispatchEvent(
          new (form.ownerDocument.defaultView as unknown as { Event: typeof Event }).Event(
            "change",
            { bubbles: true },
          ),
        );
      });
    }
    for (const b of root.querySelectorAll<HTMLButtonElement>("[data-kolikoly-pick]"))
      b.addEventListener("click", () => {
        const fisher = b.dataset.kolikolyPick ?? "";
        this.queue(() =>
          this.pick(fisher).then(() =>
            rerender({ form: `kolikoly-declare-${this.o.lake}-${fisher}`, name: "submit" }),
          ),
        );
      });
    for (const b of root.querySelectorAll<HTMLButtonElement>("[data-kolikoly-withdraw]"))
      b.addEventListener("click", () => {
        this.queue(() => this.withdraw(b.dataset.kolikolyWithdraw ?? "").then(() => rerender()));
      });
  }
}

/**
 * Issue 20 item 3: the window follows every change that concerns it, from any client: its
 * scene's module flags (who declared, the round, the end), its lake's cards (the lock's roll
 * card), users coming and going (a hand-over). Drawn again once per burst (LiveRefresh), each
 * time asking the GM again; the drafts the player has not sent stay (`drafts`), and so does the
 * focus.
 */
export function declareRefresh(
  controller: DeclareController,
  sceneId: string,
  rerender: (focus?: FocusKey) => Promise<void>,
  focused: () => EventTarget | null,
): LiveRefresh {
  const lake = controller.o.lake;
  return new LiveRefresh(
    async () => {
      const focus = focusKeyOf(focused());
      await controller.load();
      await rerender(focus);
    },
    (c) =>
      c.kind === "users" ||
      (c.kind === "scene" && c.sceneId === sceneId) ||
      (c.kind === "chat" && c.game === lake),
  );
}

export interface FocusKey {
  readonly form: string;
  readonly name: string;
  readonly value?: string;
}

export function focusKeyOf(el: EventTarget | null): FocusKey | undefined {
  const i = el as HTMLInputElement | null;
  if (!i?.form) return undefined;
  return { form: i.form.id, name: i.name, value: i.value };
}

/** Puts focus back on the field a re-render replaced. */
export function restoreFocus(root: HTMLElement, key: FocusKey | undefined): void {
  if (!key) return;
  const form = root.querySelector<HTMLFormElement>(`form[id="${key.form}"]`);
  if (!form) return;
  const el =
    key.name === "submit"
      ? form.querySelector<HTMLElement>("button[type=submit]")
      : [...form.querySelectorAll<HTMLInputElement>(`[name="${key.name}"]`)].find(
          (x) => key.value === undefined || x.value === key.value,
        );
  el?.focus();
}

/** The compass cell an arrow (or Page Up / Page Down) leads to from `from`, if legal. */
function moveInCompass(
  form: HTMLFormElement,
  from: HTMLInputElement,
  key: string,
): HTMLInputElement | undefined {
  const cell = (dir: string) =>
    form.querySelector<HTMLInputElement>(`[data-dir="${dir}"] input[name="target"]`) ?? undefined;
  const legal = (i: HTMLInputElement | undefined) => (i && !i.disabled ? i : undefined);
  if (key === "PageUp") return legal(cell("up"));
  if (key === "PageDown") return legal(cell("down"));
  const step = ARROWS[key];
  if (!step) return undefined;
  const dir = (from.closest("[data-dir]") as HTMLElement | null)?.dataset.dir ?? "";
  const at = GRID[dir] ?? [0, 0];
  const want = [
    Math.max(-1, Math.min(1, at[0] + step[0])),
    Math.max(-1, Math.min(1, at[1] + step[1])),
  ];
  const name = Object.entries(GRID).find(([, d]) => d[0] === want[0] && d[1] === want[1])?.[0];
  return name ? legal(cell(name)) : undefined;
}

/** A declaration back into the form's draft (to show a player what they declared). */
export function draftOf(d: Declaration): DeclareDraft {
  switch (d.action) {
    case "catch":
      return { action: "catch" };
    case "track":
      return { action: "track", target: d.target };
    case "herd":
      return { action: "herd", target: d.toward };
    case "move":
      return d.attack === false
        ? { action: "move", target: d.to, attack: false }
        : { action: "move", target: d.to };
  }
}
