/**
 * The wizard and the GM panel with the real handlebars package and jsdom: the wizard's form,
 * filled and read back as Foundry's FormDataExtended does, creates a lake in the fake; the
 * panel shows declarations, checks and the hidden truth; every lang key they use exists.
 */
import { JSDOM } from "jsdom";
import { describe, expect, test } from "vitest";
import { MODULE_ID, TEMPLATE_ROOT } from "../../src/foundry/core/constants.ts";
import { panelContext, parseCoordValue } from "../../src/foundry/apps/panel-context.ts";
import {
  fieldInput,
  fieldLabel,
  parseWizardForm,
  wizardContext,
} from "../../src/foundry/apps/wizard-form.ts";
import { publicLakeOf } from "../../src/foundry/fishing/projection.ts";
import { swarmSheetContext } from "../../src/foundry/apps/swarm-sheet-context.ts";
import { renderTemplateFile, strictLocalize } from "./fake/client.ts";
import { LAKE_LIMITS_TEXT } from "../../src/rules/index.ts";
import { makeTable } from "./fake/world.ts";
import { WIZARD_DEFAULTS, formObject } from "./fake/wizard.ts";

const defaults = WIZARD_DEFAULTS;

describe("lake wizard (issue 3 item 3)", () => {
  test("the wizard opened on selected tokens offers only those ticked; the rest stay offered, unticked", async () => {
    const t = await makeTable();
    const scenes = [t.gm.scene(t.sceneId)!];
    const ticked = (preselect?: ReadonlySet<string>) => {
      const html = renderTemplateFile(`${TEMPLATE_ROOT}/lake-wizard.hbs`, {
        ...wizardContext(scenes, t.sceneId, defaults, preselect),
        levelsAvailable: false,
      });
      const form = new JSDOM(`<form>${html}</form>`).window.document.querySelector("form")!;
      return t.tokenIds.map(
        (id) => (form.querySelector(`[name="fisher.${id}.use"]`) as HTMLInputElement).checked,
      );
    };
    expect(ticked()).toEqual([true, true]);
    expect(ticked(new Set([t.tokenIds[1]!]))).toEqual([false, true]);
    expect(ticked(new Set())).toEqual([true, true]);
  });

  test("K1, K3: the rendered form, filled in, creates a lake whose fishers start where the form says", async () => {
    const t = await makeTable();
    const scenes = [t.gm.scene(t.sceneId)!];
    const html = renderTemplateFile(`${TEMPLATE_ROOT}/lake-wizard.hbs`, {
      ...wizardContext(scenes, t.sceneId, defaults),
      levelsAvailable: false,
    });
    const dom = new JSDOM(`<form>${html}</form>`);
    const form = dom.window.document.querySelector("form")!;
    expect(form.querySelectorAll(".kolikoly-wizard-fisher").length).toBe(2);
    (form.querySelector("[name=width]") as HTMLInputElement).value = "4";
    (form.querySelector(`[name="fisher.${t.tokenIds[1]}.x"]`) as HTMLInputElement).value = "3";
    (form.querySelector(`[name="fisher.${t.tokenIds[1]}.stealth"]`) as HTMLInputElement).value =
      "5";
    const parsed = parseWizardForm(formObject(form), t.gm.scene(t.sceneId));
    if (!parsed.ok) throw new Error(parsed.error.code);
    const r = await t.gm.runtime!.host.createLake(parsed.value);
    if (!r.ok) throw new Error(r.error.code);
    const s = t.gm.runtime!.host.cached(r.value.id)!;
    // the width typed, the rest the session lake the settings offer (SESSION_LAKE: 3x2x2)
    expect(s.state.lake).toEqual({ width: 4, height: 2, levels: 2, verticalAdjacency: true });
    expect(s.state.fishers[1]).toMatchObject({ name: "Bo", at: [3, 0, 0] });
    expect(s.state.fishers[1]!.mods.stealth).toBe(5);
    // the players see the lake, its fishers moved onto their start squares (K3)
    const scene = t.players[0].scene(t.sceneId)!;
    const pub = publicLakeOf(scene, r.value.id)!;
    expect(pub.fishers.map((f) => f.name)).toEqual(["Ana", "Bo"]);
    const bo = scene.tokens.find((x) => x._id === t.tokenIds[1])!;
    expect([bo.x, bo.y]).toEqual([200 + 3 * 100, 300]);
  });

  test("bad input gives one localized error naming the field, and nothing is written", async () => {
    const t = await makeTable();
    const scene = t.gm.scene(t.sceneId)!;
    const base = {
      name: "L",
      width: "3",
      height: "3",
      levels: "1",
      originCol: "0",
      originRow: "0",
      catchAC: "10",
      hazardMode: "narrative",
    };
    const bad = parseWizardForm({ ...base, width: "three" }, scene);
    expect(bad).toMatchObject({ ok: false, error: { code: "badLakeSize", field: "width" } });
    // the message is filled from the rules' limits, as the wizard's refuse() does
    expect(strictLocalize("KOLIKOLY.Foundry.Error.badLakeSize", LAKE_LIMITS_TEXT)).toMatch(/ 32,/);
    const offBoard = parseWizardForm(
      {
        ...base,
        [`fisher.${t.tokenIds[0]}.use`]: true,
        [`fisher.${t.tokenIds[0]}.x`]: "7",
        [`fisher.${t.tokenIds[0]}.y`]: "0",
      },
      scene,
    );
    if (!offBoard.ok) throw new Error("parsed");
    const requests = t.server.requests.length;
    const r = await t.gm.runtime!.host.createLake(offBoard.value);
    // K3: the engine's set-up check names the start square off the lake
    expect(r).toMatchObject({ ok: false, error: { code: "offBoard", field: "fishers[0].at" } });
    expect(t.server.requests.length).toBe(requests);
    // only the active GM may create a lake
    const p = await t.players[0].runtime!.host.createLake(offBoard.value);
    expect(p).toMatchObject({ ok: false, error: { code: "notActiveGm" } });
  });
});

describe("lake wizard against Foundry's form data (issue 9)", () => {
  function renderedForm(t: Awaited<ReturnType<typeof makeTable>>): HTMLFormElement {
    const html = renderTemplateFile(`${TEMPLATE_ROOT}/lake-wizard.hbs`, {
      ...wizardContext(
        [t.gm.scene(t.sceneId)!],
        t.sceneId,
        defaults,
        undefined,
        () => undefined,
        strictLocalize,
      ),
      levelsAvailable: false,
    });
    return new JSDOM(`<form>${html}</form>`).window.document.querySelector("form")!;
  }

  test("K1, K3: the default form with every modifier box left empty (FormDataExtended: null) creates a lake", async () => {
    const t = await makeTable();
    const form = renderedForm(t);
    const data = formObject(form);
    // Foundry's FormDataExtended gives null for an empty number input, numbers for the rest
    expect(data[`fisher.${t.tokenIds[0]}.attack`]).toBeNull();
    expect(data.width).toBe(3); // SESSION_LAKE, the world settings' default
    expect(data[`fisher.${t.tokenIds[0]}.use`]).toBe(true);
    const parsed = parseWizardForm(data, t.gm.scene(t.sceneId));
    if (!parsed.ok) throw new Error(`${parsed.error.code} ${parsed.error.field}`);
    expect(parsed.value.fishers.map((f) => f.mods)).toEqual([{}, {}]);
    const r = await t.gm.runtime!.host.createLake(parsed.value);
    expect(r.ok).toBe(true);
  });

  test("a refused field is named by its label as the GM reads it, with the fisher's name", async () => {
    const t = await makeTable();
    const form = renderedForm(t);
    const id = t.tokenIds[1]!;
    (form.querySelector(`[name="fisher.${id}.stealth"]`) as HTMLInputElement).value = "99";
    const parsed = parseWizardForm(formObject(form), t.gm.scene(t.sceneId));
    expect(parsed).toMatchObject({ ok: false, error: { field: `fisher.${id}.stealth` } });
    if (parsed.ok) return;
    // the grid's box names its fisher and its column
    expect(fieldLabel(form, parsed.error.field)).toBe("Bo: Stealth");
    expect(fieldInput(form, parsed.error.field)?.getAttribute("name")).toBe(`fisher.${id}.stealth`);
    expect(fieldLabel(form, "width")).toBe("Width");
    expect(fieldLabel(form, "origin")).toBe("Origin column");
    expect(fieldLabel(form, `fisher.${id}`)).toBe("Bo");
    expect(fieldLabel(form, "nope")).toBe("");
  });
});

describe("createLake hands its set-up to the engine's check (K1-K4)", () => {
  const base = (t: Awaited<ReturnType<typeof makeTable>>) => ({
    sceneId: t.sceneId,
    name: "Pond",
    lake: { width: 3, height: 3, levels: 1, verticalAdjacency: true },
    origin: { col: 0, row: 0 },
    fishers: [{ tokenId: t.tokenIds[0]!, at: [0, 0, 0] as const }],
  });
  test("each bad field of the set-up is refused by name, and nothing is written", async () => {
    const t = await makeTable();
    const host = t.gm.runtime!.host;
    const before = t.server.requests.length;
    const cases: [object, string, string][] = [
      [
        { lake: { width: 33, height: 3, levels: 1, verticalAdjacency: true } },
        "badField",
        "lake.width",
      ],
      [
        { lake: { width: 3, height: 3, levels: 1, verticalAdjacency: "yes" } },
        "badField",
        "lake.verticalAdjacency",
      ],
      [
        {
          lake: { width: 3, height: 3, levels: 2, verticalAdjacency: true },
          fishers: [{ tokenId: t.tokenIds[0]!, at: [0, 0, 1] }],
        },
        "startLevel",
        "fishers[0].at",
      ],
      [
        { fishers: [{ tokenId: t.tokenIds[0]!, at: [0, 0, 0], mods: { stealth: 99 } }] },
        "badField",
        "fishers[0].mods.stealth",
      ],
      [{ squares: [{ at: [0, 0, 0], swarms: [4] }] }, "startSquare", "squares[0].swarms"],
      [{ squares: [{ at: [1, 1, 0], swarms: [4000] }] }, "badField", "squares[0].swarms[0]"],
      [{ settings: { catchAC: 0 } }, "badField", "settings.catchAC"],
      [{ settings: { swarmSize: "1d6-6" } }, "badFormula", "settings.swarmSize"],
    ];
    for (const [patch, code, field] of cases) {
      const r = await host.createLake({ ...base(t), ...patch } as never);
      expect(r, field).toMatchObject({ ok: false, error: { code, field } });
    }
    expect(t.server.requests.length).toBe(before);
  });
  test("K4 a world default the engine refuses stops the lake before anything is written", async () => {
    const t = await makeTable();
    t.server.setWorldSetting(`${MODULE_ID}.swarmSize`, "1d4-4"); // can roll 0 fish
    const before = t.server.requests.length;
    const r = await t.gm.runtime!.host.createLake(base(t));
    expect(r).toMatchObject({
      ok: false,
      error: { code: "badFormula", field: "settings.swarmSize" },
    });
    expect(t.server.requests.length).toBe(before);
  });
});

describe("GM control panel (issue 3 item 4)", () => {
  test("K5, K6: declared or not, the check needed with its modifier, typed totals, and the hidden truth", async () => {
    const t = await makeTable();
    const host = t.gm.runtime!.host;
    const r = await host.createLake({
      sceneId: t.sceneId,
      name: "Pond",
      lake: { width: 3, height: 3, levels: 1, verticalAdjacency: true },
      origin: { col: 0, row: 0 },
      fishers: [
        { tokenId: t.tokenIds[0]!, at: [0, 0, 0], mods: { survival: 4 } },
        { tokenId: t.tokenIds[1]!, at: [2, 2, 0] },
      ],
      squares: [{ at: [1, 1, 0], swarms: [6] }],
    });
    if (!r.ok) throw new Error(r.error.code);
    await host.setDeclaration(r.value.id, "f1", { action: "track", target: [1, 1, 0] });
    await host.setTotal(r.value.id, "f1", { total: 9, natural: 5 });
    const l = await host.load(r.value.id);
    if (!l.ok) throw new Error(l.error.code);
    const ctx = panelContext(l.value.session, l.value.record.pending, l.value.pub, strictLocalize);
    const html = renderTemplateFile(`${TEMPLATE_ROOT}/gm-panel.hbs`, { lake: ctx, canLock: true });
    const doc = new JSDOM(html).window.document;
    // issue 4: with the players' side registered, the panel offers to lock the round
    expect(doc.querySelector("[data-action=lock]")!.textContent).toBe(
      "Lock the round and ask for checks",
    );
    const bare = renderTemplateFile(`${TEMPLATE_ROOT}/gm-panel.hbs`, { lake: ctx });
    expect(new JSDOM(bare).window.document.querySelector("[data-action=lock]")).toBeNull();
    const ana = doc.querySelector("tr[data-fisher=f1]")!;
    expect(ana.textContent).toContain("Declared");
    expect(ana.textContent).toContain("Survival +4");
    expect((ana.querySelector("select[name='target.f1']") as HTMLSelectElement).value).toBe(
      "1,1,0",
    );
    expect(parseCoordValue("1,1,0")).toEqual([1, 1, 0]);
    expect((ana.querySelector("input[name='total.f1']") as HTMLInputElement).value).toBe("9");
    expect(doc.querySelector("tr[data-fisher=f2]")!.textContent).toContain("Not declared");
    // no square shown chosen where none is: Bo declared nothing, his square box is blank and shut
    const boTarget = doc.querySelector("select[name='target.f2']") as HTMLSelectElement;
    expect([boTarget.value, boTarget.disabled]).toEqual(["", true]);
    // each box of the check column is labelled by visible text, not by aria-label alone
    for (const name of ["total.f1", "natural.f1"]) {
      const label = doc.querySelector(`input[name='${name}']`)!.closest("label");
      expect(label?.textContent?.trim(), name).toBe(
        strictLocalize(
          name.startsWith("total")
            ? "KOLIKOLY.Foundry.Panel.Total"
            : "KOLIKOLY.Foundry.Panel.Natural",
        ),
      );
    }
    // each row's choices are named with their fisher; the total's button says what it does
    expect(ana.querySelector("select[name='action.f1']")!.getAttribute("aria-label")).toBe(
      "Ana: Action",
    );
    expect(ana.querySelector("select[name='target.f1']")!.getAttribute("aria-label")).toBe(
      "Ana: Target",
    );
    expect(ana.querySelector("[data-action=setTotal]")!.textContent).toBe("Save");
    // Bo declared nothing, so no check: no total boxes, no Save or Roll in his row
    const bo = doc.querySelector("tr[data-fisher=f2]")!;
    expect(bo.querySelectorAll("input, button").length).toBe(0);
    // the marks the table uses ([column, row, level], d20) are said under it
    expect(doc.querySelector(".kolikoly-fishers + .hint")!.textContent).toMatch(
      /^\[column, row, level\]: .* d20: /,
    );
    // the prepared swarm is unseen: the panel (GM only) shows it, the players' scene has no token for it
    expect(doc.querySelector(".kolikoly-hidden li")!.textContent).toBe("6 fish at [1,1,0]");
    expect(t.players[0].scene(t.sceneId)!.tokens.length).toBe(2);
    expect(doc.querySelector("[data-action=resolve]")).not.toBeNull();
  });
});

describe("the swarm's sheet (issue 9)", () => {
  test("K4, K20: name, fish of its start and its lake for all; the GM alone sees its square and the unseen swarms", async () => {
    const t = await makeTable();
    const host = t.gm.runtime!.host;
    const r = await host.createLake({
      sceneId: t.sceneId,
      name: "Pond",
      lake: { width: 3, height: 3, levels: 1, verticalAdjacency: true },
      origin: { col: 0, row: 0 },
      fishers: [
        { tokenId: t.tokenIds[0]!, at: [0, 0, 0] },
        { tokenId: t.tokenIds[1]!, at: [2, 2, 0] },
      ],
      squares: [
        // K3: not on a start square, which holds no fish (the engine refuses it: startSquare)
        { at: [0, 1, 0], swarms: [5] },
        { at: [1, 1, 0], swarms: [6] },
      ],
    });
    if (!r.ok) throw new Error(r.error.code);
    const scene = t.gm.scene(t.sceneId)!;
    const pub = publicLakeOf(scene, r.value.id)!;
    const session = host.cached(r.value.id)!;
    const w = session.state.swarms.find((x) => x.at[0] === 0)!;
    // what a swarm token's synthetic actor holds: its flag and its fish (projection.ts tokenFor)
    const input = {
      name: "Fish swarm",
      img: "modules/kolikoly-fishing/assets/swarm.svg",
      fish: { value: 5, max: 5 },
      flag: { lake: r.value.id, swarm: w.id, at: w.at },
      lake: pub,
    };
    const render = (ctx: object) =>
      new JSDOM(renderTemplateFile(`${TEMPLATE_ROOT}/swarm-sheet.hbs`, ctx)).window.document;
    const player = swarmSheetContext(input, strictLocalize);
    expect(player).not.toHaveProperty("gm");
    const pdoc = render(player);
    expect(pdoc.querySelector(".kolikoly-swarm-count")!.textContent).toBe("5 of 5");
    expect(pdoc.body.textContent).toContain("Pond");
    expect(pdoc.querySelector(".kolikoly-gm-only")).toBeNull();
    expect(pdoc.body.textContent).not.toContain("6 fish");
    const gdoc = render(swarmSheetContext({ ...input, gm: { session } }, strictLocalize));
    const gm = gdoc.querySelector(".kolikoly-gm-only")!;
    expect([...gm.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "5 fish at [0,1,0]",
      "6 fish at [1,1,0]",
    ]);
    expect(gm.textContent).toContain("No (unseen)");
  });
});

describe("the wizard's fair dice box", () => {
  test("ticked on a new lake's form: the lake rolls with fair dice; unticked: it trusts the rolling client", async () => {
    const t = await makeTable();
    const scenes = [t.gm.scene(t.sceneId)!];
    const html = renderTemplateFile(`${TEMPLATE_ROOT}/lake-wizard.hbs`, {
      ...wizardContext(scenes, t.sceneId, defaults),
      levelsAvailable: false,
    });
    const form = new JSDOM(`<form>${html}</form>`).window.document.querySelector("form")!;
    const box = form.querySelector<HTMLInputElement>('[name="fairDice"]')!;
    expect(box.checked).toBe(true);
    // its label names it in the GM's language, on the box's own line
    expect(box.closest("label")!.textContent!.trim()).toBe(
      strictLocalize("KOLIKOLY.Foundry.Wizard.FairDice"),
    );
    const made = async () => {
      const parsed = parseWizardForm(formObject(form), t.gm.scene(t.sceneId));
      if (!parsed.ok) throw new Error(parsed.error.code);
      const r = await t.gm.runtime!.host.createLake({ ...parsed.value, name: `L${Math.random()}` });
      if (!r.ok) throw new Error(r.error.code);
      return publicLakeOf(t.players[0].scene(t.sceneId)!, r.value.id)!.fairDice;
    };
    expect(await made()).toBe(true);
    box.checked = false;
    expect(await made()).toBe(false);
  });

  test("the API: on unless told otherwise; anything but true or false is refused, nothing written", async () => {
    const t = await makeTable();
    const base = {
      sceneId: t.sceneId,
      name: "API lake",
      lake: { width: 3, height: 2, levels: 2, verticalAdjacency: true },
      origin: { col: 0, row: 0 },
      fishers: [{ tokenId: t.tokenIds[0]!, at: [0, 0, 0] as [number, number, number] }],
    };
    const host = t.gm.runtime!.host;
    const on = await host.createLake(base);
    if (!on.ok) throw new Error(on.error.code);
    expect(on.value.fairDice).toBe(true);
    const off = await host.createLake({ ...base, name: "Trusting lake", fairDice: false });
    if (!off.ok) throw new Error(off.error.code);
    expect(off.value.fairDice).toBe(false);
    const lakes = Object.keys(
      (t.gm.scene(t.sceneId)!.flags[MODULE_ID] as { lakes: object }).lakes,
    ).length;
    expect(await host.createLake({ ...base, fairDice: "yes" as never })).toMatchObject({
      ok: false,
      error: { code: "badField", field: "fairDice" },
    });
    expect(
      Object.keys((t.gm.scene(t.sceneId)!.flags[MODULE_ID] as { lakes: object }).lakes).length,
    ).toBe(lakes);
  });
});
