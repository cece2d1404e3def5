/**
 * What a game system's script sees when it runs: the globals the fake Foundry client published
 * (client/index.ts), typed with the fake's own classes. The stand-ins read them through this
 * one accessor, as a real system reads Foundry's globals.
 */
import type { ActorSheetV2, DialogV2, DocumentSheetConfig } from "../client/applications.ts";
import type { Roll } from "../client/dice.ts";
import type {
  FakeActor,
  FakeChatMessage,
  FakeItem,
  FakeTokenDocument,
} from "../client/documents.ts";
import type { Env } from "../client/env.ts";
import type { FakeHooks } from "../client/hooks.ts";
import type { FakeGame } from "../client/game.ts";
import type { TypeDataModel, fields } from "../client/data-model.ts";

export interface Globals {
  CONFIG: Env["CONFIG"] & {
    Dice: { rolls: (typeof Roll)[] };
    Token: { documentClass: typeof FakeTokenDocument };
    Item: { documentClass: typeof FakeItem };
    [k: string]: unknown;
  };
  Hooks: typeof FakeHooks;
  Actor: typeof FakeActor;
  Item: typeof FakeItem;
  ChatMessage: typeof FakeChatMessage;
  TokenDocument: typeof FakeTokenDocument;
  Roll: typeof Roll;
  game: FakeGame;
  ui: Env["ui"];
  foundry: {
    utils: { mergeObject<T extends Record<string, unknown>>(a: T, b: Record<string, unknown>): T };
    abstract: { TypeDataModel: typeof TypeDataModel };
    data: { fields: typeof fields };
    applications: {
      api: { DialogV2: typeof DialogV2 };
      sheets: { ActorSheetV2: typeof ActorSheetV2 };
      apps: { DocumentSheetConfig: typeof DocumentSheetConfig };
    };
    appv1: { sheets: { ActorSheet: { name: string } } };
  };
}

// the system stand-ins over the globals of client/game.mjs#globals
export function globals(): Globals {
  return globalThis as unknown as Globals;
}

/** A sheet that shows an actor's name and the given lines (the systems' own sheets stand in as this). */
// the system stand-ins over the globals of client/game.mjs#simpleSheet
export function simpleSheet(G: Globals, name: string, lines: (actor: FakeActor) => string[]) {
  const sheet = class extends G.foundry.applications.sheets.ActorSheetV2 {
    // a system's actor sheet (dnd5e module/applications/actor/, pf2e src/module/actor/sheet/): the fake shows the name and a few lines
    override async _renderHTML(): Promise<HTMLElement> {
      const el = document.createElement("section");
      el.className = `system-sheet ${name}`;
      const h = document.createElement("h2");
      h.textContent = this.document.name;
      const ul = document.createElement("ul");
      for (const l of lines(this.document as FakeActor)) {
        const li = document.createElement("li");
        li.textContent = l;
        ul.append(li);
      }
      el.append(h, ul);
      return el;
    }
    // ApplicationV2#_replaceHTML (client/applications/api/application.mjs) for that sheet
    override _replaceHTML(result: unknown, content: HTMLElement): void {
      content.replaceChildren(result as HTMLElement);
    }
  };
  Object.defineProperty(sheet, "name", { value: name });
  return sheet;
}

/** Asks the user to confirm a roll with its mode, as a system's roll configuration dialog does. */
// the system stand-ins over the globals of client/game.mjs#rollDialog
export async function rollDialog(
  G: Globals,
  title: string,
  mode: string,
  modes: Record<string, string>,
  buttons: { action: string; label: string; default?: boolean }[],
): Promise<{ action: string; mode: string } | null> {
  const options = Object.entries(modes)
    .map(([k, v]) => `<option value="${k}"${k === mode ? " selected" : ""}>${v}</option>`)
    .join("");
  const result = await G.foundry.applications.api.DialogV2.wait({
    window: { title },
    classes: ["roll-configuration"],
    content: `<label>Roll mode <select name="rollMode">${options}</select></label>`,
    buttons: buttons.map((b, i) => ({
      ...b,
      default: buttons.some((x) => x.default) ? Boolean(b.default) : i === 0,
      callback: (_e: Event, button: HTMLButtonElement) => ({
        action: b.action,
        mode:
          (button.form?.elements.namedItem("rollMode") as HTMLSelectElement | null)?.value ?? mode,
      }),
    })),
  });
  return (result as { action: string; mode: string } | null) ?? null;
}

export type { FakeChatMessage };
