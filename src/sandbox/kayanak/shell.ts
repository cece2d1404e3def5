/** The Kayanak table's fixed frame (localized); the changing parts are filled in by mount.ts. */
import type { Localize } from "../../ui/handlebars-helpers.ts";
import type { KayanakOptions } from "./table.ts";
import { KAYANAK_RANGES } from "./table.ts";
import { coverDialog, filesPanel, logPanel, numberField, scorePanel, seedField } from "../shell.ts";

export function kayanakShell(L: Localize, o: KayanakOptions): string {
  const num = (name: keyof typeof KAYANAK_RANGES, label: string, value: number) =>
    numberField(name, label, ...KAYANAK_RANGES[name], value);
  return `
<div class="ks-ky-bar">
  <p class="ks-round" id="ks-ky-status" aria-live="polite"></p>
  <label class="ks-field ks-viewer">${L("KOLIKOLY.Sandbox.Viewer.Label")}
    <select id="ks-ky-viewer"></select></label>
  <label class="ks-ky-check ks-ky-follow" id="ks-ky-follow-label"><input type="checkbox" id="ks-ky-follow"> ${L("KOLIKOLY.Sandbox.Kayanak.Follow")}</label>
</div>
<div class="ks-error" id="ks-ky-error" role="alert" hidden></div>
<p class="ks-visually-hidden" id="ks-ky-announce" aria-live="polite"></p>
<main class="ks-main">
  <div class="ks-left">
    <section class="ks-board" aria-labelledby="ks-ky-sheet-heading">
      <h2 id="ks-ky-sheet-heading" class="ks-h2">${L("KOLIKOLY.Sandbox.Kayanak.SheetHeading")}</h2>
      <div class="ks-lake-tools" id="ks-ky-tools" role="group" aria-label="${L("KOLIKOLY.Sandbox.Lake.Tools")}">
        <span class="ks-zoom" role="group">
          <button type="button" id="ks-ky-zoom-out" class="ks-tool" aria-label="${L("KOLIKOLY.Sandbox.Lake.ZoomOut")}" title="${L("KOLIKOLY.Sandbox.Lake.ZoomOut")}">−</button>
          <output id="ks-ky-zoom-value" class="ks-zoom__value"></output>
          <button type="button" id="ks-ky-zoom-in" class="ks-tool" aria-label="${L("KOLIKOLY.Sandbox.Lake.ZoomIn")}" title="${L("KOLIKOLY.Sandbox.Lake.ZoomIn")}">+</button>
          <button type="button" id="ks-ky-zoom-fit" class="ks-tool">${L("KOLIKOLY.Sandbox.Lake.ZoomFit")}</button>
        </span>
      </div>
      <div id="ks-ky-sheet" class="ks-lake ks-ky-sheet-box"></div>
      <div id="ks-ky-end"></div>
    </section>
    <section class="ks-notes" aria-label="${L("KOLIKOLY.Sandbox.Legend.Label")}">
      <p class="ks-help">${L("KOLIKOLY.Sandbox.Kayanak.CoordHint")}</p>
      <p class="ks-help">${L("KOLIKOLY.Sandbox.Kayanak.KeyboardHelp")}</p>
      <ul id="ks-ky-legend" class="ks-legend" aria-label="${L("KOLIKOLY.Sandbox.Legend.Label")}"></ul>
    </section>
    ${logPanel(L, "ks-ky")}
  </div>
  <div class="ks-side">
    <section class="ks-panel ks-act-panel" aria-labelledby="ks-ky-turn-heading">
      <h2 id="ks-ky-turn-heading" class="ks-h2">${L("KOLIKOLY.Sandbox.Kayanak.TurnHeading")}</h2>
      <div id="ks-ky-panel"></div>
      <div class="ks-buttons">
        <button type="button" id="ks-ky-roll" class="ks-primary">${L("KOLIKOLY.Sandbox.Kayanak.Roll")}</button>
        <button type="button" id="ks-ky-end-turn">${L("KOLIKOLY.Sandbox.Kayanak.EndTurn")}</button>
        <button type="button" id="ks-ky-undo-step">${L("KOLIKOLY.Sandbox.Kayanak.UndoStep")}</button>
        <button type="button" id="ks-ky-undo-turn">${L("KOLIKOLY.Sandbox.Kayanak.UndoTurn")}</button>
      </div>
    </section>
    ${scorePanel(L, "ks-ky")}
  </div>
</main>
<section class="ks-panel ks-setup" id="ks-ky-setup" aria-labelledby="ks-ky-setup-heading">
  <h2 id="ks-ky-setup-heading" class="ks-h2">${L("KOLIKOLY.Sandbox.Kayanak.SetupHeading")}</h2>
  <form id="ks-ky-new" class="ks-new">
    ${num("width", L("KOLIKOLY.Sandbox.Width"), o.width)}
    ${num("height", L("KOLIKOLY.Sandbox.Height"), o.height)}
    ${num("floes", L("KOLIKOLY.Sandbox.Kayanak.Floes"), o.floes)}
    ${num("big", L("KOLIKOLY.Sandbox.Kayanak.BigFish"), o.big)}
    ${num("small", L("KOLIKOLY.Sandbox.Kayanak.SmallFish"), o.small)}
    ${num("fishers", L("KOLIKOLY.Sandbox.Fishers"), o.fishers)}
    <label class="ks-field">${L("KOLIKOLY.Sandbox.Kayanak.Variant.Label")} <select name="variant">
      <option value="basic"${o.variant === "basic" ? " selected" : ""}>${L("KOLIKOLY.Sandbox.Kayanak.Variant.basic")}</option>
      <option value="weather"${o.variant === "weather" ? " selected" : ""}>${L("KOLIKOLY.Sandbox.Kayanak.Variant.weather")}</option>
    </select></label>
    <label class="ks-ky-check"><input type="checkbox" name="keepFishing"${o.keepFishing ? " checked" : ""}> ${L("KOLIKOLY.Sandbox.Kayanak.KeepFishing")}</label>
    ${seedField(L)}
    <button type="submit">${L("KOLIKOLY.Sandbox.NewGame")}</button>
  </form>
  ${filesPanel(L, "ks-ky")}
</section>
${coverDialog("ks-ky")}
`;
}
