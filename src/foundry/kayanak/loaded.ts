/**
 * What the Kayanak host reads a board as (record, finished turns, the state with the turn in
 * play) and what a player or the GM asks of a board. Types only: the host (host.ts) and the
 * pieces it hands a loaded board to share them.
 */
import type {
  KayanakEvent,
  KayanakSession,
  KayanakState,
  Step,
} from "../../rules/kayanak/index.ts";
import type { SceneData } from "../core/port.ts";
import type { PublicBoard } from "./board.ts";
import type { KayanakRecord } from "./record.ts";

/** A board as the GM side reads it: record, finished turns, the state with the turn in play. */
export interface LoadedBoard {
  readonly record: KayanakRecord;
  readonly session: KayanakSession;
  /** The state now: the session's with the turn in play applied. */
  readonly state: KayanakState;
  /** The turn in play's events so far. */
  readonly turnEvents: readonly KayanakEvent[];
  readonly scene: SceneData;
  readonly pub: PublicBoard;
}

/** What a player (or the GM) asks of a board. */
export type KayanakRequest =
  | { readonly kind: "roll" }
  | { readonly kind: "step"; readonly step: Step }
  | { readonly kind: "end" };
