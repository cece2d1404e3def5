/** Types for scripts/link.mjs. */
export function linkTarget(foundryData: string): string;
export function link(foundryData: string, dist?: string): string;
