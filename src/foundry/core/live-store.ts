/**
 * The GM store's compendium as the live port reads and writes it (live-port.ts reads, live-writes.ts
 * writes): its pack, its ownership, whether it is closed to players.
 */
import { STORE_PACK_ID } from "./constants.ts";

export type AnyDoc = {
  id: string;
  update(data: object, options?: object): Promise<unknown>;
  createEmbeddedDocuments(
    name: string,
    data: object[],
    options?: object,
  ): Promise<{ id: string }[]>;
  updateEmbeddedDocuments(name: string, data: object[], options?: object): Promise<unknown>;
  deleteEmbeddedDocuments(name: string, ids: string[], options?: object): Promise<unknown>;
  toObject(): Record<string, unknown>;
  getFlag(scope: string, key: string): unknown;
  setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
};

export type StorePack = {
  ownership: Record<string, string | undefined>;
  configure(settings: object): Promise<unknown>;
  getDocuments(query?: object): Promise<AnyDoc[]>;
  getDocument(id: string): Promise<AnyDoc | undefined>;
  getIndex(): Promise<Map<string, { _id: string; name?: string }>>;
  documentClass: {
    create(data: object, options: object): Promise<AnyDoc>;
    createDocuments(data: object[], options: object): Promise<AnyDoc[]>;
    deleteDocuments(ids: string[], options: object): Promise<unknown>;
  };
  collection: string;
};

export function storePack(): StorePack | undefined {
  return game.packs?.get(STORE_PACK_ID) as unknown as StorePack | undefined;
}
/** Players and trusted players may not even observe the GM store (CompendiumCollection#configure). */
export const STORE_OWNERSHIP = { PLAYER: "NONE", TRUSTED: "NONE", ASSISTANT: "OWNER" } as const;

export function storeClosed(pack: StorePack): boolean {
  return pack.ownership.PLAYER === "NONE" && pack.ownership.TRUSTED === "NONE";
}
