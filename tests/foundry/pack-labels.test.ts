/**
 * The compendium packs' labels (src/foundry/hooks/pack-labels.ts): module.json names them by
 * localization key, and at i18nInit each of the module's entries of the world data gets its
 * label in the user's language, before Foundry builds the packs from those entries. The boot
 * test reads the built packs' titles on every page.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { MODULE_ID } from "../../src/foundry/core/constants.ts";
import type { PackEntry } from "../../src/foundry/hooks/pack-labels.ts";
import { listen, localizePackLabels } from "../../src/foundry/hooks/pack-labels.ts";
import type { HookSink } from "../../src/foundry/hooks/hook-list.ts";

const ROOT = new URL("../../", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("module.json", ROOT), "utf8")) as {
  packs: { name: string; label: string }[];
};
const lang = (l: string) =>
  (
    JSON.parse(readFileSync(new URL(`lang/${l}.json`, ROOT), "utf8")) as {
      KOLIKOLY: { Packs: Record<string, string> };
    }
  ).KOLIKOLY.Packs;

/** The world data's pack entries as Foundry sends them for module.json's packs (v13 game.data.packs). */
const entries = (): PackEntry[] =>
  manifest.packs.map((p) => ({
    id: `${MODULE_ID}.${p.name}`,
    packageType: "module",
    packageName: MODULE_ID,
    label: p.label,
  }));

describe("the packs' labels", () => {
  test("each of the module's packs reads its label in the user's language: en, fr, de", () => {
    for (const l of ["en", "fr", "de"]) {
      const words = lang(l);
      const packs = entries();
      localizePackLabels(packs, (key) => words[key.replace("KOLIKOLY.Packs.", "")] ?? key);
      const labels = packs.map((p) => p.label);
      expect(labels, l).toEqual(manifest.packs.map((p) => words[p.label.split(".").pop()!]));
      for (const label of labels) expect(label, l).not.toMatch(/^KOLIKOLY\./);
    }
  });

  test("another package's pack keeps its label as it is", () => {
    const other: PackEntry = { packageName: "dnd5e", label: "KOLIKOLY.Packs.Rules" };
    localizePackLabels([other], () => "changed");
    expect(other.label).toBe("KOLIKOLY.Packs.Rules");
  });

  test("done once at i18nInit, the first hook with the translations and before the packs exist", () => {
    const added: string[] = [];
    const sink: HookSink = {
      on: (name) => void added.push(`on ${name}`),
      once: (name) => void added.push(`once ${name}`),
    };
    listen(sink);
    expect(added).toEqual(["once i18nInit"]);
  });
});
