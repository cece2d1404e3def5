/**
 * What the table check's parts say to each other (table-check.ts, the GM's half
 * table-check-gm.ts, the answer's reader table-check-answer.ts), written once so that none of
 * them needs another's types in a loop.
 */
import type { ContentProof, HeldDoc, StoreTraffic } from "./leak-watch.ts";
import type { Port } from "./port.ts";

/** The hidden-roll probe's message as the GM's client holds it, or why there is none (players/probe.ts). */
export type ProbeOutcome =
  | { readonly messageId: string; readonly whisper: readonly string[]; readonly blind: boolean }
  | { readonly skipped: "noSystem" | "noActor" | "noMessage" | "failed"; readonly detail?: string };

/** What one client says about itself. */
export interface CheckAnswer {
  readonly version: string;
  /** The system adapter's id (systems/index.ts), "" where the players' side is not loaded. */
  readonly adapter: string;
  /** The module's query names present in this client's CONFIG.queries. */
  readonly queries: readonly string[];
  readonly traffic: StoreTraffic;
  /** Proofs of readable store documents this client holds (leak-watch.ts); none on a GM's. */
  readonly proofs: readonly ContentProof[];
  /** The value of a scene's batch canary on this client, when asked (core/batch.ts). */
  readonly reach?: string;
  /**
   * The check's probe message on this client, when asked (players/probe.ts): whether it holds
   * the message, and whether its content is readable here (ChatMessage#isContentVisible).
   */
  readonly probe?: { readonly held: boolean; readonly visible: boolean };
}

/**
 * What the fakes assume and a real table must bear out (docs/foundry.md, "What the table check
 * checks"): v14 batches reach every client; a blind check the module asks the system for stays
 * unreadable on players' clients; the GM store reaches no player readable; a store write
 * reaches the other GM clients.
 */
export type AssumptionId = "batches" | "hiddenRoll" | "store" | "gmReach";

export interface Assumption {
  readonly id: AssumptionId;
  /** held: seen to hold now; failed: seen not to; unchecked: nothing to see it by now; moot: not on this table. */
  readonly state: "held" | "failed" | "unchecked" | "moot";
  /** Why, in a word the window explains (a localization key's last part). */
  readonly why: string;
  /** Names and numbers the explanation shows. */
  readonly data?: Readonly<Record<string, string | number>>;
}

/**
 * What a player's client received of the GM store, as the GM can stand by it:
 * nothing; index entries only (names and ids); sealed revisions (ciphertext and a clear header);
 * or readable content that the GM's client confirmed against its own copy.
 */
export type Exposure = "none" | "index" | "sealed" | "readable";

export interface CheckRow {
  readonly userId: string;
  readonly name: string;
  /** CONST.USER_ROLES, from the world's User document (not from the answer). */
  readonly role: number;
  readonly isGM: boolean;
  /** Absent when the client did not answer. */
  readonly answer?: CheckAnswer;
  /** Why there is no answer: "timeout" (none in time), "refused" (the query failed), "bad". */
  readonly silence?: "timeout" | "refused" | "bad";
  /** The module's query names this client has not registered. */
  readonly missing: readonly string[];
  /** What this (player's) client received of the store: only "readable" is a leak. */
  readonly exposure: Exposure;
  /** A player's client holding readable store content, confirmed by this GM's client. */
  readonly leak: boolean;
  /** A player's client reports readable content this GM's client could not confirm (not a leak). */
  readonly unverified: boolean;
  /** Its module version differs from the checking GM's. */
  readonly versionDiffers: boolean;
}

export interface TableReport {
  readonly at: number;
  /** The checking client's module version. */
  readonly version: string;
  readonly rows: readonly CheckRow[];
  /** Each assumption a secret or a round rests on, as this table bears it out. */
  readonly assumptions: readonly Assumption[];
  readonly leak: boolean;
  /** A leak, a silent client, missing handlers, a different version or a failed assumption. */
  readonly problems: boolean;
}

/** The `leakSeen` world setting's value: when, and which players' clients held store traffic. */
export interface LeakSeen {
  readonly at: number;
  readonly users: readonly { readonly id: string; readonly name: string }[];
  /**
   * The proofs the check confirmed: a GM client shows the warning only when one of them still
   * matches its own copy of the store (a value written by anyone else is not believed).
   */
  readonly proofs: readonly ContentProof[];
}

/** What the check needs of the client it runs on, beyond the Port. */
export interface CheckEnv {
  /** game.modules.get(MODULE_ID).version */
  version(): string;
  /** Object.keys(CONFIG.queries) */
  queryNames(): readonly string[];
  /** The system adapter this client's players' side uses (its id). */
  adapter(): string;
  /** game.packs.get(STORE_PACK_ID): index size and cached documents; undefined when absent. */
  storePack(): { readonly index: number; readonly cache: number } | undefined;
  /** The store documents this client's pack holds: each one's id and module flags. */
  storeDocs?(): readonly HeldDoc[];
  now(): number;
  /** game.settings.get(MODULE_ID, LEAK_SETTING) */
  leakSeen(): unknown;
  /** game.settings.set(MODULE_ID, LEAK_SETTING, ...); null clears it. */
  saveLeak(leak: LeakSeen | null): Promise<void>;
  /** ui.notifications.error(message, {permanent: true}) */
  alarm(message: string): void;
  /** game.release.generation */
  generation?(): number;
  /**
   * The check's hidden-roll probe (players/probe.ts), on a GM client with the players' side:
   * a blind check made through the system, its message as this client holds it.
   */
  probe?(): Promise<ProbeOutcome>;
  /** The actor the probe rolls with: a character of the world (game.actors). */
  probeActor?(): string | undefined;
  /** A message as this client holds it (game.messages.get): held, and readable here. */
  messageSeen?(id: string): { readonly held: boolean; readonly visible: boolean };
}

/** What the check works with, from the TableCheck of this client. */
export interface GmCheckView {
  readonly port: Port;
  readonly env: CheckEnv;
  /** How long the check waits for each client's answer. */
  readonly timeoutMs: number;
  /** How long the batch canary's probe waits for a client. */
  readonly reachTimeoutMs: number;
  /** Whether this client could roll the hidden-roll probe (it rolls only when a GM asked). */
  readonly probeAvailable: boolean;
  /** This client's own answer. */
  answer(): CheckAnswer;
  /** The leak recorded in the world, if any. */
  leak(): LeakSeen | undefined;
  alarmText(leak: LeakSeen): string;
  confirmed(proofs: readonly ContentProof[]): Promise<ContentProof[]>;
}
