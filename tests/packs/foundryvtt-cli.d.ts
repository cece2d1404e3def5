// The Foundry CLI ships no types; these are the two calls the pack tests use (lib/package.mjs).
declare module "@foundryvtt/foundryvtt-cli" {
  export interface PackOptions {
    yaml?: boolean;
    recursive?: boolean;
    log?: boolean;
    nedb?: boolean;
  }
  export function compilePack(src: string, dest: string, options?: PackOptions): Promise<void>;
  export function extractPack(src: string, dest: string, options?: PackOptions): Promise<void>;
}
