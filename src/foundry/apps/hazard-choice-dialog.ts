/**
 * H4: the HP-or-effect question as a window on this client (hazard-choice.ts asks it): a
 * DialogV2 (v13 client/applications/api/dialog.mjs) whose two buttons are the answers, with the
 * time left counting down. The same window serves the fisher's player and the GM choosing for
 * them. Closing it without a choice is no answer: the others may still answer, or the time-out.
 */
import type { HazardChoice } from "../../rules/index.ts";
import { TEMPLATE_ROOT } from "../core/constants.ts";
import type { ChoicePrompt, ChoiceView } from "../fishing/hazard-choice.ts";
import type { Port } from "../core/port.ts";

export const CHOICE_TEMPLATE = `${TEMPLATE_ROOT}/hazard-choice.hbs`;

interface Closable {
  readonly element?: HTMLElement | null;
  render(options: object): Promise<unknown>;
  close(): Promise<unknown>;
}

export function liveChoicePrompt(port: Port): ChoicePrompt {
  const leftLabel = (view: ChoiceView) =>
    port.localize("KOLIKOLY.Hazards.Choice.Left", {
      seconds: Math.max(0, Math.ceil((view.deadline - Date.now()) / 1000)),
    });
  return {
    open(view) {
      let settle!: (c: HazardChoice | undefined) => void;
      const answer = new Promise<HazardChoice | undefined>((r) => (settle = r));
      let over = false;
      let dialog: Closable | undefined;
      let tick: ReturnType<typeof setInterval> | undefined;
      const finish = (choice: HazardChoice | undefined, closeWindow: boolean) => {
        if (over) return;
        over = true;
        clearInterval(tick);
        settle(choice);
        if (closeWindow) void dialog?.close().catch(() => undefined);
      };
      const button = (action: HazardChoice, label: string) => ({
        action,
        label,
        default: view.fallback === action,
        // the dialog closes itself after a button (DialogV2#_onSubmit)
        callback: () => (finish(action, false), action),
      });
      void (async () => {
        const content = await port.render(CHOICE_TEMPLATE, { ...view, left: leftLabel(view) });
        if (over) return;
        const Dialog = foundry.applications.api.DialogV2 as unknown as new (o: object) => Closable;
        dialog = new Dialog({
          window: { title: view.title },
          classes: ["kolikoly-hazard-choice-window"],
          content,
          buttons: [button("hp", view.hpLabel), button("aim", view.aimLabel)],
          rejectClose: false,
        });
        await dialog.render({ force: true });
        tick = setInterval(() => {
          const left = dialog?.element?.querySelector("[data-kolikoly-left]");
          if (left) left.textContent = leftLabel(view);
          if (Date.now() >= view.deadline) finish(undefined, true);
        }, 500);
        if (over) void dialog.close().catch(() => undefined);
      })().catch((e) => {
        console.warn("kolikoly-fishing | the hazard choice window did not open", e);
        finish(undefined, true);
      });
      return { answer, close: () => finish(undefined, true) };
    },
    // ui.notifications.info on this client
    inform: (text) => void ui.notifications?.info(text),
  };
}
