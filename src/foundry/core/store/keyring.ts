/**
 * The keys that seal the GM store (sealed.ts), held by GM clients only: in the browser's own
 * storage (never in a document, a setting or a flag, all of which Foundry sends to every
 * client), handed from GM client to GM client by targeted query (handover.ts), and exported to
 * a file for a GM who changes browsers.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import type { SealKey } from "./sealed.ts";

export const KEYS_FORMAT = "kolikoly-gm-keys/1";

/** Where a client keeps its keys between reloads (live: localStorage, one entry per world). */
export type { KeyStorage } from "../documents.ts";
import type { KeyStorage } from "../documents.ts";

/** A key's public name: 16 hex characters of SHA-256 over a label and the key (tells nothing of it). */
export function keyIdOf(bytes: Uint8Array): string {
  return bytesToHex(sha256(utf8ToBytes(`kolikoly-gm-key|${bytesToHex(bytes)}`))).slice(0, 16);
}

const HEX_KEY = /^[0-9a-f]{64}$/;

/** The file an export writes and an import reads. */
export interface KeysFile {
  readonly format: typeof KEYS_FORMAT;
  /** Key id to the key, as 64 hex characters. */
  readonly keys: Readonly<Record<string, string>>;
  /** The key new lakes are sealed with. */
  readonly current?: string;
}

export class KeyRing {
  private readonly keys = new Map<string, Uint8Array>();
  private currentId: string | undefined;

  constructor(private readonly storage: KeyStorage) {
    const text = storage.load();
    if (text) this.merge(text);
  }

  get size(): number {
    return this.keys.size;
  }

  ids(): string[] {
    return [...this.keys.keys()];
  }

  get(id: string): SealKey | undefined {
    const bytes = this.keys.get(id);
    return bytes && { id, bytes };
  }

  /** The key new lakes are sealed with, if this client holds one. */
  current(): SealKey | undefined {
    return this.currentId ? this.get(this.currentId) : undefined;
  }

  use(id: string): void {
    if (this.keys.has(id) && this.currentId !== id) {
      this.currentId = id;
      this.save();
    }
  }

  /** A new random 256-bit key (crypto.getRandomValues exists in every context), made current. */
  create(): SealKey {
    const bytes = new Uint8Array(32);
    globalThis.crypto.getRandomValues(bytes);
    const id = keyIdOf(bytes);
    this.keys.set(id, bytes);
    this.currentId = id;
    this.save();
    return { id, bytes };
  }

  /** Adds one key given as hex; its id, or undefined when it is not a key. */
  add(hex: unknown, makeCurrent = true): string | undefined {
    if (typeof hex !== "string" || !HEX_KEY.test(hex)) return undefined;
    const bytes = hexToBytes(hex);
    const id = keyIdOf(bytes);
    if (!this.keys.has(id)) {
      this.keys.set(id, bytes);
      if (makeCurrent) this.currentId ??= id;
      this.save();
    }
    return id;
  }

  /** The keys as hex, for a hand-over or an export (only the ids asked for, when given). */
  hexes(only?: readonly string[]): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [id, bytes] of this.keys)
      if (!only || only.includes(id)) out[id] = bytesToHex(bytes);
    return out;
  }

  export(): string {
    const file: KeysFile = {
      format: KEYS_FORMAT,
      keys: this.hexes(),
      ...(this.currentId ? { current: this.currentId } : {}),
    };
    return JSON.stringify(file, null, 2);
  }

  /**
   * Reads an exported file: the ids of the keys it held (new or not), or an error naming what is
   * wrong; nothing is added unless the whole file is good.
   */
  import(text: string): { ok: true; ids: string[] } | { ok: false; field: string } {
    let file: unknown;
    try {
      file = JSON.parse(text);
    } catch {
      return { ok: false, field: "file" };
    }
    const f = file as Partial<KeysFile> | null;
    if (typeof f !== "object" || f === null || f.format !== KEYS_FORMAT)
      return { ok: false, field: "format" };
    if (typeof f.keys !== "object" || f.keys === null) return { ok: false, field: "keys" };
    const entries = Object.entries(f.keys);
    for (const [id, hex] of entries)
      if (typeof hex !== "string" || !HEX_KEY.test(hex) || keyIdOf(hexToBytes(hex)) !== id)
        return { ok: false, field: `keys.${id}` };
    const ids = entries.map(([, hex]) => this.add(hex, false)!);
    // the file's own current key, else its first
    if (!this.currentId)
      this.currentId =
        typeof f.current === "string" && this.keys.has(f.current) ? f.current : ids[0];
    this.save();
    return { ok: true, ids };
  }

  private merge(text: string, takeCurrent = true): void {
    try {
      const f = JSON.parse(text) as Partial<KeysFile>;
      if (f.format !== KEYS_FORMAT || typeof f.keys !== "object" || f.keys === null) return;
      for (const hex of Object.values(f.keys)) {
        if (typeof hex !== "string" || !HEX_KEY.test(hex)) continue;
        const bytes = hexToBytes(hex);
        this.keys.set(keyIdOf(bytes), bytes);
      }
      if (takeCurrent && typeof f.current === "string" && this.keys.has(f.current))
        this.currentId = f.current;
    } catch {
      // a damaged entry holds no key; the GM is told when a lake cannot be opened
    }
  }

  /**
   * Writes the keys back, merged with what the storage holds now: another tab of this browser
   * (a second GM window) may have added a key since this one read it.
   */
  private save(): void {
    const now = this.storage.load();
    if (now) this.merge(now, false);
    this.storage.save(this.export());
  }
}
