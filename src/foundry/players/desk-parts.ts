/**
 * What the GM desk's pieces share (desk.ts builds them): the ports, the lake host, the desk's one
 * queue, and the few questions every piece asks (is this client the active GM, who owns a fisher,
 * did a GM client write a message). Types only.
 */
import type { LakeHost } from "../fishing/host.ts";
import type { PublicLake } from "../fishing/projection.ts";
import type { CheckKind, PickedRoll, RollAdapter } from "../systems/types.ts";
import type { FairCheck } from "../../dice/fair.ts";
import type { FairVerdict } from "../../dice/fair-check.ts";
import type { FairProof, GmRecord } from "../fishing/record.ts";
import type { HiddenMode } from "./hidden-actions.ts";
import type { PlayerMessage, PlayerPort } from "./port.ts";
import type { Reply } from "./protocol.ts";
import type { RowStatus } from "./roll-card.ts";

export interface DeskParts {
  readonly port: PlayerPort;
  readonly host: LakeHost;
  /** The world's system adapter (systems/index.ts). */
  readonly adapter: () => RollAdapter;
  /** The world's hidden-actions setting: a private mode for checks, or off. */
  readonly hidden: () => HiddenMode | undefined;
  /** Whether this client is the active GM (false while it is logged out). */
  authority(): boolean;
  /** This client's clock (Date.now(); tests may set it). */
  now(): number;
  /** Fair dice: rolls checked against their draws (fair-draws.ts). */
  readonly fair: FairJudge;
  /** The desk's one queue: a roll is counted once, a card row updated once. */
  serial<T>(fn: () => Promise<T>): Promise<T>;
  lake(lakeId: string): ReturnType<LakeHost["load"]>;
  /** Whether `user` owns the fisher's actor (Foundry's actor permissions). */
  owns(user: string, pub: PublicLake, fisher: string): boolean;
  /** Whether a message was written by a GM client (its author as the server recorded it). */
  byGm(m: PlayerMessage): boolean;
  cardOf(lakeId: string, round: number): PlayerMessage | undefined;
  setRow(lakeId: string, round: number, fisher: string, status: RowStatus): Promise<void>;
  pickUp(message: PlayerMessage, hint?: CheckKind): Promise<Reply<PickedRoll> | undefined>;
}

/** Why a roll is not counted as a fair roll (KOLIKOLY.Players.Refusal.<reason>). */
export type FairRefusal =
  | Exclude<FairVerdict, { ok: true }>
  | {
      readonly ok: false;
      readonly reason: "fairMissing" | "fairOther" | "fairNoDraw";
      readonly detail: string;
      readonly data?: undefined;
    };

/** Fair dice as the pick-up asks (fair-draws.ts): is this roll the fair roll of its draw? */
export interface FairJudge {
  verdict(
    roll: unknown,
    check: FairCheck,
    record: GmRecord,
  ): { readonly ok: true; readonly proof: FairProof } | FairRefusal;
}
