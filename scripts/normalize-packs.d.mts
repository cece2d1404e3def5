// Types for scripts/normalize-packs.mjs (used by tests/packs).
export const SOURCE_ROOT: string;
export const EMBEDDED: Record<string, string[]>;
export interface ParsedKey {
  collection: string;
  id: string;
  parent?: string;
  parentId?: string;
}
export function parseKey(key: unknown): ParsedKey | undefined;
export function normalizeDocument(raw: unknown): {
  doc: Record<string, unknown>;
  problems: string[];
};
export function serialize(doc: unknown, file: string): string;
export function parseSource(text: string, file: string): unknown;
export function sourceFiles(root?: string): string[];
export function normalizeAll(options?: { root?: string; write?: boolean }): string[];
