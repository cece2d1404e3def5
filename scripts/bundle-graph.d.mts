// Types for scripts/bundle-graph.mjs (used by bench/foundry.ts and tests/foundry/build.test.ts).
export function importsOf(code: string): { statics: string[]; dynamic: string[] };
export function staticClosure(dir: string, file: string, seen?: Set<string>): Set<string>;
export function dynamicChunks(dir: string, file: string): string[];
export function gzipBytes(bytes: Uint8Array): number;
export function loadFigures(
  dist: string,
  options?: { entry?: string; styles?: string[] },
): {
  start: string[];
  startBytes: number;
  chunks: { chunk: string; files: string[]; bytes: number }[];
};
