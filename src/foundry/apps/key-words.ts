/**
 * What the GM is told about the keys of the GM store, counted in words (ui/count-key.ts): the keys
 * this browser lacks, the keys a file or the passphrase copy gave it and those still missing, and
 * what the copy holds. Each count is its own sentence, so no sentence carries two counts.
 */
import type { CountKeys } from "../../ui/count-key.ts";
import { countKey } from "../../ui/count-key.ts";

/** `game.i18n.format` in Foundry, any localize in tests. */
type T = (key: string, data?: Record<string, string>) => string;

const K = {
  missing: { one: "KOLIKOLY.Foundry.Keys.MissingOne", many: "KOLIKOLY.Foundry.Keys.Missing" },
  imported: {
    none: "KOLIKOLY.Foundry.Keys.ImportedNone",
    one: "KOLIKOLY.Foundry.Keys.ImportedOne",
    many: "KOLIKOLY.Foundry.Keys.Imported",
  },
  unlocked: {
    none: "KOLIKOLY.Foundry.Keys.UnlockedNone",
    one: "KOLIKOLY.Foundry.Keys.UnlockedOne",
    many: "KOLIKOLY.Foundry.Keys.Unlocked",
  },
  stillMissing: {
    none: "KOLIKOLY.Foundry.Keys.StillMissingNone",
    one: "KOLIKOLY.Foundry.Keys.StillMissingOne",
    many: "KOLIKOLY.Foundry.Keys.StillMissing",
  },
  kept: { one: "KOLIKOLY.Foundry.Keys.KeptOne", many: "KOLIKOLY.Foundry.Keys.Kept" },
  copyHolds: {
    none: "KOLIKOLY.Foundry.Keys.CopyHoldsNone",
    one: "KOLIKOLY.Foundry.Keys.CopyHoldsOne",
    many: "KOLIKOLY.Foundry.Keys.CopyHolds",
  },
  copyBehind: {
    one: "KOLIKOLY.Foundry.Keys.CopyBehindOne",
    many: "KOLIKOLY.Foundry.Keys.CopyBehind",
  },
} as const satisfies Record<string, CountKeys>;

/** The notice of a GM client that lacks `count` keys of the store at `ready`. */
export function missingKeysText(count: number, t: T): string {
  return t(countKey(K.missing, count), { count: String(count) });
}

/** Keys taken from a key file or the passphrase copy, then how many the store still lacks here. */
export function keysTakenText(from: "file" | "copy", keys: number, missing: number, t: T): string {
  const taken = from === "file" ? K.imported : K.unlocked;
  return `${t(countKey(taken, keys), { keys: String(keys) })} ${t(countKey(K.stillMissing, missing), { missing: String(missing) })}`;
}

/** The passphrase copy just kept, of `keys` keys. */
export function keptCopyText(keys: number, t: T): string {
  return t(countKey(K.kept, keys), { keys: String(keys) });
}

/** The GM panel's line about the copy: keys this browser holds that it lacks, else what it holds. */
export function copyCountText(behind: number, holds: number, t: T): string {
  return behind
    ? t(countKey(K.copyBehind, behind), { count: String(behind) })
    : t(countKey(K.copyHolds, holds), { count: String(holds) });
}
