/**
 * What the table check's parts say to each other (table-check.ts, the GM's half
 * table-check-gm.ts, the answer's reader table-check-answer.ts), written once so that none of
 * them needs another's types in a loop.
 */
import type { ContentProof, HeldDoc, StoreTraffic } from "./leak-watch.ts";
import type { Port } from "./port.ts";

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
}

/**
 * What a player's client received of the GM store, as the GM can stand by it (issue 20 item 12):
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
  readonly leak: boolean;
  /** A leak, a silent client, missing handlers or a different version. */
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
}

/** What the check works with, from the TableCheck of this client. */
export interface GmCheckView {
  readonly port: Port;
  readonly env: CheckEnv;
  /** How long the check waits for each client's answer. */
  readonly timeoutMs: number;
  /** How long the batch canary's probe waits for a client. */
  readonly reachTimeoutMs: number;
  /** This client's own answer. */
  answer(): CheckAnswer;
  /** The leak recorded in the world, if any. */
  leak(): LeakSeen | undefined;
  alarmText(leak: LeakSeen): string;
  confirmed(proofs: readonly ContentProof[]): Promise<ContentProof[]>;
}
