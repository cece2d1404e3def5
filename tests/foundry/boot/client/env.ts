/**
 * The fake client's own registry of its singletons (Foundry keeps them as globals: `game`,
 * `CONFIG`, `ui`, `canvas`). The fake reads them from here so that its modules need no globals
 * and the TypeScript types stay the fake's own; index.ts also publishes them as the globals
 * the module reads.
 */
import type { ClientSocket } from "./socket.ts";
import type { FakeGame } from "./game.ts";
import type { FakeUi } from "./ui.ts";
import type { FakeCanvas } from "./canvas.ts";
import type { Obj } from "./utils.ts";

export interface Env {
  game: FakeGame;
  socket: ClientSocket;
  ui: FakeUi;
  canvas: FakeCanvas;
  CONFIG: Obj & {
    Actor: Obj & {
      documentClass: unknown;
      dataModels: Record<string, unknown>;
      trackableAttributes: Record<string, { bar: string[]; value: string[] }>;
      sheetClasses: Record<string, Record<string, SheetRegistration>>;
      typeLabels: Record<string, string>;
    };
    queries: Record<string, (data: unknown, options?: unknown) => unknown>;
    [doc: string]: unknown;
  };
}

export interface SheetRegistration {
  id: string;
  cls: unknown;
  default: boolean;
  label: string;
  canBeDefault: boolean;
  canConfigure: boolean;
}

export const env = {} as Env;

/** Whatever the page's console shows as this fake's own failure (a misuse of the fake). */
// test-only: the fake's own reporting of its misuse
export function misuse(message: string): Error {
  return new Error(`[fake foundry] ${message}`);
}
