/**
 * The lake wizard with a scenario file, and its fishers' grid, rendered with real Handlebars and
 * read back as Foundry's FormDataExtended does: the file played by its engine (a refusal named by
 * the file's field, in the GM's language), its fishers offered the scene's tokens with the one
 * named like them picked, the GM's choice read back; each fisher's boxes showing the character's
 * values in grey, typed ones winning.
 */
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";
import { describe, expect, test } from "vitest";
import { TEMPLATE_ROOT } from "../../src/foundry/core/constants.ts";
import { matchOnScene } from "../../src/foundry/core/scenario-file.ts";
import {
  fileContext,
  fileErrorText,
  fileFormField,
  fileGame,
  parseFileForm,
  readLakeFile,
} from "../../src/foundry/apps/wizard-file.ts";
import { parseWizardForm, wizardContext } from "../../src/foundry/apps/wizard-form.ts";
import { renderTemplateFile, strictLocalize } from "./fake/client.ts";
import { formObject, WIZARD_DEFAULTS } from "./fake/wizard.ts";
import { makePlayerTable } from "./players/fake-players.ts";
import { dnd5eActors } from "./players/actors.ts";

const hazards = readFileSync(new URL("../golden/hazards.json", import.meta.url), "utf8");
const kayanak = readFileSync(new URL("../golden/kayanak/basic-win.json", import.meta.url), "utf8");
const has = (k: string) => {
  try {
    strictLocalize(k);
    return true;
  } catch {
    return false;
  }
};

describe("a scenario file in the lake wizard", () => {
  test("its format tag names the game; the engine plays it; the form offers each fisher the scene's tokens, the one named like them picked", async () => {
    const t = await makePlayerTable();
    expect(fileGame(hazards)).toBe("kolikoly");
    expect(fileGame(kayanak)).toBe("kayanak");
    expect(fileGame("{")).toBeUndefined();
    const read = readLakeFile(hazards);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value).toMatchObject({ width: 5, height: 5, levels: 3, played: 4, over: false });
    const scene = t.gm.scene(t.sceneId)!;
    const matches = matchOnScene(t.gm, scene, read.value.fishers);
    const ctx = fileContext(read.value, scene, matches, strictLocalize);
    expect(ctx.summary).toBe(
      "A fishing lake of 5 x 5 x 3 squares with 2 fishers. 4 rounds played.",
    );
    const html = renderTemplateFile(`${TEMPLATE_ROOT}/lake-wizard.hbs`, {
      scenes: [{ id: scene._id, name: scene.name, selected: true }],
      sceneId: scene._id,
      kayanak: false,
      file: ctx,
      levelsAvailable: false,
    });
    const form = new JSDOM(`<form>${html}</form>`).window.document.querySelector("form")!;
    // each of the file's fishers has its own labelled choice, Ana's and Bo's tokens picked
    const selects = [...form.querySelectorAll<HTMLSelectElement>("select[data-file-fisher]")];
    expect(selects.map((s) => s.closest("label")!.textContent!.trim().split(/\s+/)[0])).toEqual([
      "Ana",
      "Bo",
    ]);
    expect(selects.map((s) => s.value)).toEqual([t.tokenIds[0], t.tokenIds[1]]);
    // the lake's own size and rules are the file's: no box for them
    expect(form.querySelector('input[name="width"][type="number"]')).toBeNull();
    expect(form.querySelector(".kolikoly-wizard-grid")).toBeNull();
    // the GM swaps the two tokens: the form says so, and the host places the file's game so
    selects[0]!.value = t.tokenIds[1]!;
    selects[1]!.value = t.tokenIds[0]!;
    (form.querySelector('input[name="originCol"]') as HTMLInputElement).value = "1";
    (form.querySelector('input[name="originRow"]') as HTMLInputElement).value = "1";
    const parsed = parseFileForm(formObject(form), read.value);
    if (!parsed.ok) throw new Error(parsed.error.code);
    expect(parsed.value).toMatchObject({
      tokens: { ana: t.tokenIds[1], bo: t.tokenIds[0] },
      name: "hazards",
      origin: { col: 1, row: 1 },
    });
    const r = await t.gm.runtime!.host.createFromScenario({
      sceneId: t.sceneId,
      scenario: read.value.text,
      ...parsed.value,
    });
    if (!r.ok) throw new Error(`${r.error.code} ${r.error.field}`);
    expect(r.value.fishers.map((f) => [f.id, f.tokenId])).toEqual([
      ["ana", t.tokenIds[1]],
      ["bo", t.tokenIds[0]],
    ]);
    expect(r.value.round).toBe(4);
  });

  test("a file the engine refuses is said by its field in the GM's language; a fisher left without a token names that fisher", async () => {
    const bad = JSON.parse(hazards) as { rounds: { actions: { ana: { to: number[] } } }[] };
    bad.rounds[0]!.actions.ana.to = [0, 4, 0];
    const read = readLakeFile(JSON.stringify(bad));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(fileErrorText(read.error, strictLocalize, has)).toBe(
      "The file is refused at rounds[0].actions.ana.to: That square is not next to your fisher.",
    );
    const notJson = readLakeFile("{ not json");
    expect(notJson.ok).toBe(false);
    const file = readLakeFile(hazards);
    if (!file.ok) throw new Error("no file");
    const none = parseFileForm(
      { "fileToken.ana": "", "fileToken.bo": "x", originCol: 0, originRow: 0, name: "n" },
      file.value,
    );
    expect(none).toMatchObject({
      ok: false,
      error: { code: "unmatchedFisher", field: "fishers[0]" },
    });
    if (!none.ok) expect(fileFormField(none.error.field, file.value)).toBe("fileToken.ana");
    expect(fileFormField("rounds[2].actions.bo", file.value)).toBe("scenarioFile");
  });
});

describe("the wizard's fishers grid: a labelled box per value, the character's in grey (K6, H2-H5)", () => {
  test("each box is named by its fisher and column; an empty box shows the sheet's value and is taken as it", async () => {
    const t = await makePlayerTable();
    dnd5eActors(t, []);
    const host = t.gm.runtime!.host;
    const scene = t.gm.scene(t.sceneId)!;
    const ctx = wizardContext(
      [scene],
      t.sceneId,
      WIZARD_DEFAULTS,
      undefined,
      (a) => host.statsOf(a),
      strictLocalize,
    );
    const html = renderTemplateFile(`${TEMPLATE_ROOT}/lake-wizard.hbs`, {
      ...ctx,
      levelsAvailable: false,
    });
    const form = new JSDOM(`<form>${html}</form>`).window.document.querySelector("form")!;
    const ana = t.tokenIds[0]!;
    const box = (k: string) =>
      form.querySelector(`input[name="fisher.${ana}.${k}"]`) as HTMLInputElement;
    // the column headers and each box's accessible name
    const heads = [...form.querySelectorAll(".kolikoly-wizard-grid thead th")].map(
      (h) => h.textContent,
    );
    expect(heads).toEqual([
      "Fisher",
      "Col.",
      "Row",
      "Net",
      "Surv.",
      "Stealth",
      "Anim.",
      "Init.",
      "AC",
      "Armour",
      "HP",
    ]);
    expect(box("attack").getAttribute("aria-label")).toBe("Ana: Net attack");
    expect(box("ac").getAttribute("aria-label")).toBe("Ana: Armour class");
    // Ana's sheet (dnd5e fixture): net +5, Survival +4, AC 14, 24 hit points, no armour: in grey
    expect(
      [box("attack"), box("survival"), box("ac"), box("armor"), box("hp")].map((b) => [
        b.value,
        b.placeholder,
      ]),
    ).toEqual([
      ["", "+5"],
      ["", "+4"],
      ["", "14"],
      ["", "0"],
      ["", "24"],
    ]);
    // the GM types Ana's AC; the rest stays the sheet's
    box("ac").value = "17";
    const parsed = parseWizardForm(formObject(form), scene);
    if (!parsed.ok) throw new Error(parsed.error.code);
    const r = await host.createLake(parsed.value);
    if (!r.ok) throw new Error(`${r.error.code} ${r.error.field}`);
    const l = await host.load(r.value.id);
    if (!l.ok) throw new Error(l.error.code);
    expect(l.value.record.setup.fishers[0]).toMatchObject({
      ac: 17,
      hp: 24,
      armor: 0,
      mods: { attack: 5, survival: 4 },
    });
    // a value out of bounds is refused by its box
    box("hp").value = "0";
    expect(parseWizardForm(formObject(form), scene)).toMatchObject({
      ok: false,
      error: { code: "badField", field: `fisher.${ana}.hp` },
    });
  });
});
