/**
 * What the GM store's parts ask of each other, as plain interfaces: the hand-over and the
 * passphrase copy live in the crypto chunk (gm-crypto.ts), loaded on a GM client only, and the
 * store, the table core and the windows reach them through these, so that no file's types need
 * another's in a loop (the store names the chunk's loader; the chunk names only these).
 */
import type { Result } from "../result.ts";
import type { KeyRing } from "./keyring.ts";

/** The passphrase copy's state (key-copy.ts). */
export interface CopyState {
  readonly exists: boolean;
  /** The ids of the keys it holds (public: every revision names its key's id). */
  readonly ids: readonly string[];
  /** Keys this browser holds that the copy does not (a copy made before them). */
  readonly behind: number;
}

/** What the table core, the host and the windows ask of the passphrase copy (key-copy.ts). */
export interface KeyCopying {
  state(): Promise<Result<CopyState>>;
  keep(passphrase: unknown, onProgress?: (done: number) => void): Promise<Result<{ keys: number }>>;
  unlock(
    passphrase: unknown,
    onProgress?: (done: number) => void,
  ): Promise<Result<{ keys: number }>>;
}

/** What the table core and the host ask of the key hand-over between GM clients (handover.ts). */
export interface KeyHanding {
  ask(ids: readonly string[]): Promise<void>;
  askForMissing(): Promise<string[]>;
  offer(ids: readonly string[]): Promise<void>;
  onWanted(data: unknown): Promise<{ sent: number }>;
  onGiven(data: unknown): Promise<{ taken: number }>;
  onHeld(data: unknown): Promise<{ held: string[] }>;
}

/**
 * What the hand-over reads of the GM store (gm-store.ts): its keys, the ids the revisions it read
 * name, and the ids it lacks. An offered key costs no store read (handover.ts says why).
 */
export interface HandoverStore {
  readonly ring: KeyRing;
  askForKeys: ((ids: readonly string[]) => Promise<void>) | undefined;
  namedAlready(id: string): boolean;
  missingKeys(): Promise<string[]>;
}
