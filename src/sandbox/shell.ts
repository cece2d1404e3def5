/** The page's fixed frame (localized); the changing parts are filled in by main.ts. */
import type { Localize } from "../ui/handlebars-helpers.ts";
import { TARGET_RANGE } from "../ui/length-estimate.ts";
import { gateDialog } from "./gm-gate.ts";
import { TABLE_DEFAULTS, optionRanges } from "./table.ts";

/** A whole-number field of a new-game form (`label` already localized). */
export function numberField(name: string, label: string, min: number, max: number, value: number) {
  return `<label class="ks-field">${label} <input type="number" name="${name}" min="${min}" max="${max}" step="1" value="${value}" required></label>`;
}

/**
 * A new-game form's seed field. It starts empty and only the GM's view fills it in: the seed
 * decides every covered hole and unexplored square, so a player's page never holds it. Empty
 * means a fresh random seed (`seedFromField`).
 */
export function seedField(L: Localize): string {
  return `<label class="ks-field">${L("KOLIKOLY.Sandbox.Seed")} <input type="number" name="seed" min="0" max="${Number.MAX_SAFE_INTEGER}" step="1" value="" placeholder="${L("KOLIKOLY.Sandbox.SeedRandom")}" autocomplete="off"></label>`;
}

/**
 * Shows the game's seed in a new-game form's seed field for the GM's view, and empties it (its
 * value and its `value` attribute) for any other view.
 */
export function showSeed(form: HTMLFormElement, seed: number, gm: boolean): void {
  const input = form.querySelector<HTMLInputElement>('input[name="seed"]');
  if (!input) return;
  const text = gm ? String(seed) : "";
  input.defaultValue = text;
  input.value = text;
}

/** The log panel; its ids start with `p` (`ks`: `ks-log`, `ks-log-heading`). */
export function logPanel(L: Localize, p: string): string {
  return `<section class="ks-panel ks-log-panel" aria-labelledby="${p}-log-heading">
      <h2 id="${p}-log-heading" class="ks-h2">${L("KOLIKOLY.Sandbox.LogHeading")}</h2>
      <ol id="${p}-log" class="kolikoly-log" role="log" aria-live="polite" aria-relevant="additions" tabindex="0" aria-labelledby="${p}-log-heading"></ol>
    </section>`;
}

/** The score panel; its ids start with `p`. */
export function scorePanel(L: Localize, p: string): string {
  return `<section class="ks-panel ks-score-panel" aria-labelledby="${p}-score-heading">
      <h2 id="${p}-score-heading" class="ks-h2">${L("KOLIKOLY.Sandbox.ScoreHeading")}</h2>
      <ul id="${p}-score" class="ks-score"></ul>
    </section>`;
}

/** Load and Save; their ids start with `p`. */
export function filesPanel(L: Localize, p: string): string {
  return `<div class="ks-files">
    <label class="ks-file">${L("KOLIKOLY.Sandbox.Load")} <input type="file" id="${p}-load" accept=".json,application/json"></label>
    <button type="button" id="${p}-save">${L("KOLIKOLY.Sandbox.Save")}</button>
  </div>`;
}

/** Hot seat's covered screen (a modal dialog: the page under it is inert); ids start with `p`. */
export function coverDialog(p: string): string {
  return `<dialog class="ks-cover" id="${p}-cover" aria-labelledby="${p}-cover-text">
  <p class="ks-cover__text" id="${p}-cover-text"></p>
  <p class="ks-cover__note" id="${p}-cover-note"></p>
  <button type="button" class="ks-primary" id="${p}-cover-take"></button>
</dialog>`;
}

/**
 * The notice bar (a game was restored, refused, replaced, or could not be kept): its text, an undo
 * when the game before was replaced, and a button that dismisses it.
 */
export function noticeBar(L: Localize): string {
  return `<div class="ks-notice" id="ks-notice" role="status" hidden><span id="ks-notice-text"></span> <button type="button" id="ks-notice-undo" hidden></button> <button type="button" id="ks-notice-close" aria-label="${L("KOLIKOLY.Sandbox.Notice.DismissLabel")}">${L("KOLIKOLY.Sandbox.Notice.Dismiss")}</button></div>`;
}

export function shell(L: Localize): string {
  const r = optionRanges();
  const d = TABLE_DEFAULTS;
  const num = (name: string, label: string, min: number, max: number, value: number) =>
    numberField(name, L(label), min, max, value);
  return `
<a class="ks-skip" href="#ks-lake" data-game="kolikoly">${L("KOLIKOLY.Sandbox.SkipToLake")}</a>
<header class="ks-header">
  <h1 class="ks-title">${L("KOLIKOLY.Sandbox.Title")}</h1>
  <label class="ks-field ks-game">${L("KOLIKOLY.Sandbox.Kayanak.Game.Label")}
    <select id="ks-game">
      <option value="kolikoly">${L("KOLIKOLY.Sandbox.Kayanak.Game.kolikoly")}</option>
      <option value="kayanak">${L("KOLIKOLY.Sandbox.Kayanak.Game.kayanak")}</option>
    </select></label>
  <p class="ks-round" id="ks-round" aria-live="polite" data-game="kolikoly"></p>
  <label class="ks-field ks-viewer" data-game="kolikoly">${L("KOLIKOLY.Sandbox.Viewer.Label")}
    <select id="ks-viewer"></select></label>
  <label class="ks-check ks-hotseat" data-game="kolikoly"><input type="checkbox" id="ks-hotseat"> ${L("KOLIKOLY.Sandbox.HotSeat")}</label>
  <span class="ks-gm-tools" id="ks-gm-tools">
    <button type="button" id="ks-gm-lock">${L("KOLIKOLY.Sandbox.Gate.Button")}</button>
    <button type="button" id="ks-fresh">${L("KOLIKOLY.Sandbox.Autosave.Fresh")}</button>
  </span>
</header>
${noticeBar(L)}
<div class="ks-error" id="ks-error" role="alert" hidden data-game="kolikoly"></div>
<p class="ks-visually-hidden" id="ks-announce" aria-live="polite"></p>
<main class="ks-main" data-game="kolikoly">
  <div class="ks-left">
  <section class="ks-board" aria-labelledby="ks-lake-heading">
    <h2 id="ks-lake-heading" class="ks-h2">${L("KOLIKOLY.Sandbox.LakeHeading")}</h2>
    <p class="ks-visually-hidden" id="kolikoly-target-hint">${L("KOLIKOLY.Sandbox.Lake.TargetHint")}</p>
    <div id="ks-lake-tools" class="ks-lake-tools" role="group" aria-label="${L("KOLIKOLY.Sandbox.Lake.Tools")}"></div>
    <div id="ks-lake" class="ks-lake"></div>
  </section>
  <section class="ks-notes" aria-label="${L("KOLIKOLY.Sandbox.Legend.Label")}">
    <p class="ks-help">${L("KOLIKOLY.Sandbox.Lake.CoordHint")}</p>
    <p class="ks-help">${L("KOLIKOLY.Sandbox.KeyboardHelp")}</p>
    <ul id="ks-legend" class="ks-legend" aria-label="${L("KOLIKOLY.Sandbox.Legend.Label")}"></ul>
  </section>
    ${logPanel(L, "ks")}
  </div>
  <div class="ks-side">
    <section class="ks-panel ks-act-panel" id="ks-act" aria-labelledby="ks-declare-heading">
      <h2 id="ks-declare-heading" class="ks-h2">${L("KOLIKOLY.Sandbox.DeclareHeading")}</h2>
      <div id="ks-tabs" class="ks-tabs" role="tablist" aria-label="${L("KOLIKOLY.Sandbox.TabsLabel")}"></div>
      <div id="ks-hazard-box"></div>
      <div id="ks-declare" class="ks-declare" role="tabpanel"></div>
      <div id="ks-help-box"></div>
      <ul id="ks-declared" class="ks-declared-list" aria-label="${L("KOLIKOLY.Sandbox.DeclaredLabel")}"></ul>
      <div class="ks-buttons" id="ks-gm-buttons">
        <button type="button" id="ks-resolve" class="ks-primary">${L("KOLIKOLY.Sandbox.Resolve")}</button>
        <button type="button" id="ks-undo">${L("KOLIKOLY.Sandbox.Undo")}</button>
        <button type="button" id="ks-end">${L("KOLIKOLY.Sandbox.EndGame")}</button>
        <button type="button" id="ks-pass">${L("KOLIKOLY.Sandbox.Pass.Start")}</button>
      </div>
    </section>
    ${scorePanel(L, "ks")}

  </div>
</main>
<section class="ks-panel ks-setup" id="ks-setup" aria-labelledby="ks-setup-heading" data-game="kolikoly">
  <h2 id="ks-setup-heading" class="ks-h2">${L("KOLIKOLY.Sandbox.SetupHeading")}</h2>
  <form id="ks-new" class="ks-new">
    ${num("width", "KOLIKOLY.Sandbox.Width", ...r.width, d.width)}
    ${num("height", "KOLIKOLY.Sandbox.Height", ...r.height, d.height)}
    ${num("levels", "KOLIKOLY.Sandbox.Levels", ...r.levels, d.levels)}
    ${num("fishers", "KOLIKOLY.Sandbox.Fishers", ...r.fishers, d.fishers)}
    ${seedField(L)}
    <button type="submit">${L("KOLIKOLY.Sandbox.NewGame")}</button>
  </form>
  <div class="ks-length" id="ks-length" role="group" aria-labelledby="ks-length-heading">
    <h3 class="ks-h3" id="ks-length-heading">${L("KOLIKOLY.Length.Heading")}</h3>
    <p class="ks-estimate" id="ks-estimate" aria-live="polite">${L("KOLIKOLY.Length.Estimating")}</p>
    <label class="ks-field">${L("KOLIKOLY.Length.Target")} <input type="number" id="ks-target" name="target" min="${TARGET_RANGE[0]}" max="${TARGET_RANGE[1]}" step="1" value="25"></label>
    <button type="button" id="ks-propose">${L("KOLIKOLY.Length.Propose")}</button>
  </div>
  ${filesPanel(L, "ks")}
</section>
<section class="ks-panel ks-balance" id="ks-balance" aria-labelledby="ks-balance-heading" data-game="kolikoly"></section>
${coverDialog("ks")}
<dialog class="ks-confirm" id="ks-confirm" aria-labelledby="ks-confirm-title" aria-describedby="ks-confirm-text">
  <h2 class="ks-h2" id="ks-confirm-title"></h2>
  <p id="ks-confirm-text"></p>
  <form method="dialog" class="ks-buttons">
    <button type="submit" value="yes" id="ks-confirm-yes" class="ks-primary">${L("KOLIKOLY.Sandbox.Confirm.Yes")}</button>
    <button type="submit" value="no" id="ks-confirm-no" autofocus>${L("KOLIKOLY.Sandbox.Confirm.No")}</button>
  </form>
</dialog>
<dialog class="ks-confirm" id="ks-ask" aria-labelledby="ks-ask-title" aria-describedby="ks-ask-text">
  <h2 class="ks-h2" id="ks-ask-title"></h2>
  <p id="ks-ask-text"></p>
  <form method="dialog" class="ks-buttons">
    <button type="submit" value="yes" id="ks-ask-yes" class="ks-primary"></button>
    <button type="submit" value="no" id="ks-ask-no" autofocus>${L("KOLIKOLY.Sandbox.Gate.Cancel")}</button>
  </form>
</dialog>
${gateDialog(L)}
<div class="ks-kayanak" id="ks-kayanak" data-game="kayanak"></div>
`;
}
