// Types for scripts/release.mjs (used by tests/release).
export const MODULE_ID: string;
export const ZIP_NAME: string;
export const REQUIRED_LANGUAGES: string[];
export const COMPENDIUM_TYPES: string[];
export const SEMVER: RegExp;
export class ReleaseError extends Error {}
export function repositoryOf(pkg: unknown): string;
export function releaseUrls(
  repository: string,
  version: string,
): { manifest: string; download: string };
export function manifestFields(
  repository: string,
  version: string,
): {
  version: string;
  url: string;
  manifest: string;
  download: string;
  bugs: string;
  readme: string;
  changelog: string;
  license: string;
};
export function setJsonFields(text: string, fields: Readonly<Record<string, string>>): string;
export function checkBuilt(
  root: string,
  version: string,
  options?: { repository?: string; log?: (line: string) => void },
): void;
export function changelogEntry(text: string, version: string): string | undefined;
export function preflight(root: string, version: string | undefined): { repository: string };
export function setVersion(
  root: string,
  version: string,
  repository: string,
): Promise<Record<string, unknown>>;
export function verifyRelease(
  zipBytes: Uint8Array,
  expected?: { version?: string; repository?: string },
): string[];
export function release(
  root: string,
  version: string,
  options?: { build?: boolean; log?: (line: string) => void },
): Promise<{ zip: string; manifest: string }>;
export function readZip(zipBytes: Uint8Array): {
  prefix: string;
  files: Record<string, Uint8Array>;
};
