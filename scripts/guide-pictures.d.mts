/** Types for scripts/guide-pictures.mjs. */
export const BOOT_OUT: string;
export const BOOT_PICTURES: Readonly<Record<string, string>>;
export const SCRIPT_PICTURES: Readonly<Record<string, string>>;
export const GUIDE_PICTURES: readonly string[];
export function guidePictures(): string[];
