/** Types for scripts/build.mjs (imported by tests/foundry/build.test.ts). */
export function shipped(file: string): boolean;
export function manifest(): Record<string, unknown>;
export function buildModule(outDir?: string): Promise<{ files: string[]; zipBytes: number }>;
