/** Files the GM downloads from the module's windows (scenario exports, key files). */
/** A real download of the scenario file (foundry.utils.saveDataToFile, v13). */
export function downloadJson(data: unknown, filename: string): void {
  downloadText(JSON.stringify(data, null, 2), filename);
}

/** A real download of a JSON text (foundry.utils.saveDataToFile, v13). */
export function downloadText(text: string, filename: string): void {
  const save = (
    foundry.utils as unknown as { saveDataToFile(d: string, t: string, f: string): void }
  ).saveDataToFile;
  save(text, "application/json", filename);
}

/** The key file's name for this world. */
export function keysFileName(): string {
  return `kolikoly-keys-${game.world?.id ?? "world"}.json`;
}
