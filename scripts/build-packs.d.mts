/** Types for scripts/build-packs.mjs. */
export const SOURCE: string;
export function sourcePacks(): string[];
export function buildPacks(outDir?: string): Promise<string[]>;
