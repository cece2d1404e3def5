/**
 * Issue 11 item 4: the wizard's Kayanak mode in the behavioural fake. `openWizard({mode:
 * "kayanak"})` reaches the wizard; its form (the real template, real Handlebars, jsdom, read back
 * as FormDataExtended#object) sets up a board through the Kayanak host; a bad field is refused by
 * name with nothing written; the fishing form is unchanged. And J6's landing check, played in
 * Foundry: a plain `1d20+dex` roll shown to all, the card saying the fish got away.
 */
import { JSDOM } from "jsdom";
import { describe, expect, test } from "vitest";
import { TEMPLATE_ROOT } from "../../../src/foundry/core/constants.ts";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import { makeApi } from "../../../src/foundry/api.ts";
import type { Runtime } from "../../../src/foundry/runtime.ts";
import {
  createBoardFromForm,
  fieldLabel,
  keepTyped,
  kayanakWizardContext,
  parseWizardForm,
  restoreTyped,
  wizardContext,
} from "../../../src/foundry/apps/wizard-form.ts";
import type { TypedValue } from "../../../src/foundry/apps/wizard-form.ts";
import { publicBoardOf } from "../../../src/foundry/kayanak/board.ts";
import { dexMod } from "../../../src/foundry/systems/common.ts";
import { legalSteps } from "../../../src/rules/kayanak/index.ts";
import type { Step } from "../../../src/rules/kayanak/index.ts";
import { makePlayerTable } from "../players/fake-players.ts";
import { renderTemplateFile } from "../fake/client.ts";
import { WIZARD_DEFAULTS, createBoardViaWizard, formObject } from "../fake/wizard.ts";

describe("the wizard's Kayanak mode (issue 11 item 4)", () => {
  test("openWizard({mode: 'kayanak'}) opens the wizard in Kayanak mode; without it, fishing", () => {
    const calls: unknown[][] = [];
    const api = makeApi({} as Runtime, {
      panel: () => undefined,
      wizard: (...a) => void calls.push(a),
    });
    api.openWizard({ sceneId: "s1", tokens: ["t1"], mode: "kayanak" });
    api.openWizard({ sceneId: "s1" });
    api.openWizard("s2");
    expect(calls).toEqual([["s1", ["t1"], "kayanak"], ["s1", undefined, "kolikoly"], ["s2"]]);
  });

  test("the form sets up a board: defaults, bears in listed order on their holes, Dexterity from the system", async () => {
    const t = await makePlayerTable();
    const [ana, bo] = t.tokenIds as [string, string];
    const dexFor = (actorId: string) => (actorId === t.actorIds[0] ? 3 : undefined);
    const { result, form } = await createBoardViaWizard(
      t,
      {
        originCol: "1",
        originRow: "1",
        [`fisher.${ana}.x`]: "0",
        [`fisher.${ana}.y`]: "0",
        [`fisher.${bo}.x`]: "7",
        [`fisher.${bo}.y`]: "5",
        [`fisher.${bo}.dex`]: "-1",
        landCheck: "12",
        variant: "weather",
        keepFishing: "on",
      },
      { dexFor },
    );
    // the box's board by default (J1): 8 x 6, 6 floes, 15 big and 75 small fish
    const val = (n: string) => (form.querySelector(`[name="${n}"]`) as HTMLInputElement).value;
    expect([val("width"), val("height"), val("floes"), val("big"), val("small")]).toEqual([
      "8",
      "6",
      "6",
      "15",
      "75",
    ]);
    expect((form.querySelector(`[name="fisher.${ana}.dex"]`) as HTMLInputElement).placeholder).toBe(
      "3",
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const pub = publicBoardOf(t.gm.scene(t.sceneId)!, result.value.id)!;
    expect(pub.view.width).toBe(8);
    expect(pub.view.height).toBe(6);
    expect(pub.fishers.map((f) => f.tokenId)).toEqual([ana, bo]);
    expect(pub.view.fishers.map((f) => f.at)).toEqual([
      [0, 0],
      [7, 5],
    ]);
    // the bears are the tokens, on their holes (grid 100 from 200,300; origin 1,1)
    const tokens = t.server.truth.scenes[0]!.tokens;
    expect(tokens[1]).toMatchObject({ x: 200 + 8 * 100, y: 300 + 6 * 100 });
    // the record (GM only) has the J6 setting and each bear's Dexterity: the system's, the typed one
    const ex = await t.gm.runtime!.kayanak.exportScenario(result.value.id);
    expect(ex.ok).toBe(true);
    const text = JSON.stringify(ex.ok && ex.value);
    expect(text).toContain('"landCheck":12');
    expect(text).toContain('"dex":3');
    expect(text).toContain('"dex":-1');
    expect(text).toContain('"variant":"weather"');
    expect(text).toContain('"keepFishing":true');
    // the board keeps the turn order itself: no Combat (issue 20 item 7)
    expect(t.server.truth.combats).toEqual([]);
  });

  test("the bears are the ticked tokens only, in the order listed", async () => {
    const t = await makePlayerTable();
    const [ana, bo] = t.tokenIds as [string, string];
    const { result } = await createBoardViaWizard(
      t,
      { [`fisher.${bo}.x`]: "3" },
      {
        preselect: new Set([bo]),
      },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.fishers.map((f) => f.tokenId)).toEqual([bo]);
    expect(result.value.fishers.some((f) => f.tokenId === ana)).toBe(false);
  });

  for (const [what, fields, field, label] of [
    ["a width of none", { width: "" }, "width", "Width"],
    ["a zero floe count", { floes: "0" }, "floes", "Floes"],
    ["a DC off the scale", { landCheck: "99" }, "landCheck", "Landing check DC"],
    ["a negative origin", { originRow: "-2" }, "originRow", "Origin row"],
    [
      "a bear off the board (the engine's error, mapped)",
      { "fisher.$bo.x": "9" },
      "fisher.$bo",
      "Bo",
    ],
    ["two bears on one hole", { "fisher.$bo.x": "0", "fisher.$bo.y": "0" }, "fisher.$bo", "Bo"],
    [
      "a Dexterity that is not a number",
      { "fisher.$ana.dex": "2.5" },
      "fisher.$ana.dex",
      "Ana: Dex",
    ],
    ["no bear ticked", { "fisher.$ana.use": "off", "fisher.$bo.use": "off" }, "fishers", ""],
  ] as const)
    test(`refused by name, nothing created: ${what}`, async () => {
      const t = await makePlayerTable();
      const [ana, bo] = t.tokenIds as [string, string];
      const sub = (s: string) => s.replace("$ana", ana).replace("$bo", bo);
      const base = { [`fisher.${ana}.x`]: "0", [`fisher.${ana}.y`]: "0" };
      const f = Object.fromEntries(Object.entries(fields).map(([k, v]) => [sub(k), v]));
      const before = JSON.stringify(t.server.truth);
      const n = t.server.requests.length;
      const { result, form } = await createBoardViaWizard(t, { ...base, ...f });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.field).toBe(sub(field));
      expect(fieldLabel(form, result.error.field)).toContain(label);
      expect(JSON.stringify(t.server.truth)).toBe(before);
      expect(t.server.requests.length).toBe(n);
    });

  test("the fishing form is the fishing form: the mode offered, the lake fields, no Kayanak ones", async () => {
    const t = await makePlayerTable();
    const html = renderTemplateFile(`${TEMPLATE_ROOT}/lake-wizard.hbs`, {
      ...wizardContext([t.gm.scene(t.sceneId)!], t.sceneId, WIZARD_DEFAULTS),
      levelsAvailable: false,
    });
    const doc = new JSDOM(`<form>${html}</form>`).window.document;
    expect((doc.querySelector("select[name=mode]") as HTMLSelectElement).value).toBe("kolikoly");
    expect(doc.querySelector("[name=levels]")).not.toBeNull();
    expect(doc.querySelector("[name=floes]")).toBeNull();
    expect(doc.querySelector("[name=landCheck]")).toBeNull();
  });

  test("the bears are a grid: a header per column, each box named by its bear and column", async () => {
    const t = await makePlayerTable();
    const [ana] = t.tokenIds as [string, string];
    const html = renderTemplateFile(`${TEMPLATE_ROOT}/lake-wizard.hbs`, {
      ...kayanakWizardContext([t.gm.scene(t.sceneId)!], t.sceneId, undefined, () => 3),
      levelsAvailable: false,
    });
    const doc = new JSDOM(`<form>${html}</form>`).window.document;
    const heads = [...doc.querySelectorAll(".kolikoly-wizard-bears thead th")].map(
      (h) => h.textContent,
    );
    expect(heads).toEqual(["Bear", "Col.", "Row", "Dexterity"]);
    const names = ["x", "y", "dex"].map((k) =>
      doc.querySelector(`input[name="fisher.${ana}.${k}"]`)!.getAttribute("aria-label"),
    );
    expect(names).toEqual(["Ana: Start hole column", "Ana: Start hole row", "Ana: Dexterity"]);
    // an empty Dexterity box takes the actor's, shown in grey
    const dex = doc.querySelector(`input[name="fisher.${ana}.dex"]`) as HTMLInputElement;
    expect([dex.value, dex.placeholder]).toEqual(["", "3"]);
    // each tick box sits in the label that names its bear
    const tick = doc.querySelector(`input[name="fisher.${ana}.use"]`)!;
    expect(tick.closest("label")?.textContent?.trim()).toBe("Ana");
  });

  test("the start holes offered are the tokens' squares on the board, one bear a hole (J11)", () => {
    const tok = (id: string, x: number, y: number) =>
      ({ _id: id, name: id, actorId: `a${id}`, x, y, flags: {} }) as never;
    const scene = {
      _id: "s",
      name: "S",
      gridSize: 100,
      sceneX: 0,
      sceneY: 0,
      flags: {},
      // two tokens on one square, one far off the 8 x 6 board
      tokens: [tok("t1", 200, 100), tok("t2", 250, 150), tok("t3", 5000, 5000)],
    } as never;
    const ctx = kayanakWizardContext([scene], "s", undefined, (a) => (a === "at1" ? 2 : undefined));
    expect(ctx.tokens.map((t) => [t.x, t.y])).toEqual([
      [2, 1],
      [3, 1],
      [7, 5],
    ]);
    expect(ctx.tokens.map((t) => t.dex)).toEqual([2, 0, 0]);
  });

  test("Dexterity from the actor: system.abilities.dex.mod (dnd5e, pf2e), none elsewhere", () => {
    expect(dexMod({ system: { abilities: { dex: { mod: 4 } } } })).toBe(4);
    expect(dexMod({ system: { abilities: { dex: { mod: "-1" } } } })).toBe(-1);
    expect(dexMod({ system: {} })).toBeUndefined();
  });
});

describe("switching the wizard's Game keeps what the GM typed", () => {
  type T = Awaited<ReturnType<typeof makePlayerTable>>;
  /** The wizard's one form as LakeWizard renders it for a mode (its _prepareContext). */
  const render = (t: T, mode: "kolikoly" | "kayanak"): HTMLFormElement => {
    const scene = t.gm.scene(t.sceneId)!;
    const html = renderTemplateFile(
      `${TEMPLATE_ROOT}/lake-wizard.hbs`,
      mode === "kayanak"
        ? kayanakWizardContext([scene], t.sceneId)
        : { ...wizardContext([scene], t.sceneId, WIZARD_DEFAULTS), levelsAvailable: false },
    );
    return new JSDOM(`<form>${html}</form>`).window.document.querySelector("form")!;
  };
  const field = (f: HTMLFormElement, n: string) =>
    f.querySelector(`[name="${n}"]`) as HTMLInputElement;
  /** What the wizard does on a change of the Game select: keep what was typed, re-render, put it back. */
  const switchTo = (
    t: T,
    memory: Map<string, TypedValue>,
    from: HTMLFormElement,
    mode: "kolikoly" | "kayanak",
  ) => {
    keepTyped(memory, from);
    const next = render(t, mode);
    restoreTyped(next, memory);
    return next;
  };

  test("fishing to Kayanak and back: name, origin, ticks and start squares carry; each form's own fields come back; untouched defaults stay the mode's", async () => {
    const t = await makePlayerTable();
    const [ana, bo] = t.tokenIds as [string, string];
    const memory = new Map<string, TypedValue>();
    const lake = render(t, "kolikoly");
    field(lake, "name").value = "Frozen bay";
    field(lake, "originCol").value = "3";
    field(lake, "originRow").value = "2";
    field(lake, `fisher.${bo}.use`).checked = false;
    field(lake, `fisher.${ana}.x`).value = "1";
    field(lake, "levels").value = "2"; // the fishing form's own
    const board = switchTo(t, memory, lake, "kayanak");
    expect(field(board, "name").value).toBe("Frozen bay");
    expect([field(board, "originCol").value, field(board, "originRow").value]).toEqual(["3", "2"]);
    expect(field(board, `fisher.${bo}.use`).checked).toBe(false);
    expect(field(board, `fisher.${ana}.use`).checked).toBe(true);
    expect(field(board, `fisher.${ana}.x`).value).toBe("1");
    // the GM never touched the size: the box's board (8 x 6), not the lake's default
    expect([field(board, "width").value, field(board, "height").value]).toEqual(["8", "6"]);
    field(board, "landCheck").value = "12"; // the Kayanak form's own
    const back = switchTo(t, memory, board, "kolikoly");
    expect(field(back, "name").value).toBe("Frozen bay");
    expect(field(back, "levels").value).toBe("2");
    expect(field(back, `fisher.${bo}.use`).checked).toBe(false);
    const parsed = parseWizardForm(formObject(back), t.gm.scene(t.sceneId));
    expect(parsed.ok && parsed.value).toMatchObject({
      name: "Frozen bay",
      origin: { col: 3, row: 2 },
      lake: { levels: 2 },
      fishers: [{ tokenId: ana }],
    });
    // and once more to Kayanak: the DC typed there is back; the board is made from it all
    const again = switchTo(t, memory, back, "kayanak");
    expect(field(again, "landCheck").value).toBe("12");
    const r = await createBoardFromForm(t.gm.runtime!, formObject(again), t.gm.scene(t.sceneId));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({ name: "Frozen bay", origin: { col: 3, row: 2 } });
    expect(r.value.fishers.map((f) => f.tokenId)).toEqual([ana]);
    expect(r.value.view.fishers[0]!.at).toEqual([1, 0]);
  });

  test("a field put back to its default is forgotten; the scene and the Game are never carried", async () => {
    const t = await makePlayerTable();
    const memory = new Map<string, TypedValue>();
    const lake = render(t, "kolikoly");
    field(lake, "width").value = "12";
    keepTyped(memory, lake);
    expect(memory.get("width")).toBe("12");
    field(lake, "width").value = String(WIZARD_DEFAULTS.width);
    (lake.querySelector("select[name=mode]") as HTMLSelectElement).value = "kayanak";
    keepTyped(memory, lake);
    expect([...memory.keys()]).toEqual([]);
    const board = switchTo(t, memory, lake, "kayanak");
    expect(field(board, "width").value).toBe("8");
  });
});

describe("J6's landing check in Foundry (issue 11 item 4)", () => {
  test("a plain 1d20+dex roll shown to all; below the DC the card says the fish gets away", async () => {
    const t = await makePlayerTable();
    const [ana, bo] = t.tokenIds as [string, string];
    const { result } = await createBoardViaWizard(t, {
      width: "4",
      height: "3",
      floes: "3",
      big: "6",
      small: "30",
      [`fisher.${ana}.x`]: "0",
      [`fisher.${ana}.y`]: "0",
      [`fisher.${bo}.x`]: "3",
      [`fisher.${bo}.y`]: "2",
      [`fisher.${ana}.dex`]: "2",
      // no d20 reaches it: every check fails
      landCheck: "40",
    });
    if (!result.ok) throw new Error(result.error.field);
    const id = result.value.id;
    const host = t.gm.runtime!.kayanak;
    const prefer = (s: Step) => ("fish" in s ? 0 : "hack" in s ? 1 : 2);
    let escaped = false;
    for (let guard = 0; guard < 200 && !escaped; guard++) {
      const l = await host.load(id);
      if (!l.ok || l.value.state.over) break;
      const me = l.value.state.fishers[l.value.state.next]!.id;
      if (!l.value.record.pending.turn) {
        expect(await host.request(id, me, { kind: "roll" })).toMatchObject({ ok: true });
        continue;
      }
      const steps = legalSteps(l.value.state)
        .filter((s) => "fish" in s || "hack" in s || "move" in s)
        .sort((a, b) => prefer(a) - prefer(b));
      const r = steps[0]
        ? await host.request(id, me, { kind: "step", step: steps[0] })
        : await host.request(id, me, { kind: "end" });
      expect(r.ok).toBe(true);
      escaped = t.server.truth.messages.some((m) => m.content.includes("gets away"));
    }
    expect(escaped).toBe(true);
    const card = t.server.truth.messages.find((m) => m.content.includes("gets away"))!;
    expect(card.content).toMatch(/landing check \d+ against DC 40/);
    // the check's roll is on a card for everyone (not whispered), a core Roll of 1d20+dex
    const withCheck = t.server.truth.messages.filter((m) =>
      JSON.stringify(m.rolls ?? []).match(/1d20\+?-?\d*/),
    );
    expect(withCheck.length).toBeGreaterThan(0);
    for (const m of withCheck) {
      expect(m.whisper ?? []).toEqual([]);
      expect((m.flags[MODULE_ID] as { kind?: string }).kind).toBe("kayanak");
    }
  });
});
