/** getSceneControlButtons: a GM tool in the token controls opens the panel (v13+: controls keyed by name). */
import { GmPanel } from "../apps/gm-panel.ts";
import { LakeWizard } from "../apps/lake-wizard.ts";

export function listen(): void {
  const on = Hooks.on as unknown as (
    name: string,
    fn: (controls: Record<string, { tools: Record<string, object> }>) => void,
  ) => number;
  on("getSceneControlButtons", (controls) => {
    const tokens = controls.tokens;
    if (!tokens || !game.user?.isGM) return;
    tokens.tools["kolikoly-panel"] = {
      name: "kolikoly-panel",
      title: "KOLIKOLY.Foundry.Control.Panel",
      icon: "fa-solid fa-fish",
      button: true,
      order: 99,
      visible: true,
      onChange: () => GmPanel.open(),
    };
    tokens.tools["kolikoly-wizard"] = {
      name: "kolikoly-wizard",
      title: "KOLIKOLY.Foundry.Control.Wizard",
      icon: "fa-solid fa-water",
      button: true,
      order: 100,
      visible: true,
      onChange: () => LakeWizard.open(),
    };
  });
}
