/** getSceneControlButtons: a GM tool in the token controls opens the panel (v13+: controls keyed by name). */
import type { GmWindows } from "../apps/windows.ts";
import type { HookSink } from "./hook-list.ts";

export function listen(hooks: HookSink, windows: () => GmWindows): void {
  type Controls = Record<string, { tools: Record<string, object> }>;
  hooks.on("getSceneControlButtons", (controls: Controls) => {
    const tokens = controls.tokens;
    if (!tokens || !game.user?.isGM) return;
    tokens.tools["kolikoly-panel"] = {
      name: "kolikoly-panel",
      title: "KOLIKOLY.Foundry.Control.Panel",
      icon: "fa-solid fa-fish",
      button: true,
      order: 99,
      visible: true,
      onChange: () => void windows().panel(),
    };
    tokens.tools["kolikoly-wizard"] = {
      name: "kolikoly-wizard",
      title: "KOLIKOLY.Foundry.Control.Wizard",
      icon: "fa-solid fa-water",
      button: true,
      order: 100,
      visible: true,
      onChange: () => void windows().wizard(),
    };
  });
}
