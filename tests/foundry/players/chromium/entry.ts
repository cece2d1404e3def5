/**
 * Browser side of the Chromium keyboard test: the real DeclareController (declare-form.ts) in a
 * page. The desk, the template renderer and the localizer are bridges to Node (playwright's
 * exposeFunction), where the three-client fake and real Handlebars run.
 */
import type { FocusKey } from "../../../../src/foundry/players/declare-form.ts";
import { DeclareController, restoreFocus } from "../../../../src/foundry/players/declare-form.ts";
import type { PlayerDesk } from "../../../../src/foundry/players/client.ts";

interface Bridge {
  deskCall(method: string, arg: unknown): Promise<unknown>;
  renderDialog(ctx: unknown): Promise<string>;
  localize(key: string, data?: unknown): Promise<string>;
  declaredNames(): Promise<string[]>;
}

declare global {
  interface Window {
    kolikolyOpen(lake: string, fishers: string[]): Promise<void>;
    kolikolyIdle(): Promise<void>;
  }
}

const bridge = window as unknown as Bridge & Window;
let controller: DeclareController | undefined;

window.kolikolyOpen = async (lake, fishers) => {
  const strings = new Map<string, string>();
  // localize must be synchronous: the keys the window uses are fetched once up front
  for (const k of [
    "KOLIKOLY.Players.Dialog.Title",
    "KOLIKOLY.Players.Dialog.Round",
    "KOLIKOLY.Players.Dialog.Locked",
    "KOLIKOLY.Players.Dialog.Declared",
    "KOLIKOLY.Players.Dialog.NoneDeclared",
    "KOLIKOLY.Players.Dialog.PickOnCanvas",
    "KOLIKOLY.Players.Dialog.Withdraw",
    "KOLIKOLY.Players.Dialog.NoFishers",
    "KOLIKOLY.Players.Dialog.Sent",
    "KOLIKOLY.Players.Dialog.Withdrawn",
  ])
    strings.set(k, await bridge.localize(k));
  let names: string[] = await bridge.declaredNames();
  const desk = {
    view: (a: unknown) => bridge.deskCall("view", a),
    declare: (a: unknown) => bridge.deskCall("declare", a),
    withdraw: (a: unknown) => bridge.deskCall("withdraw", a),
    errorText: (e: { code: string }) => `error:${e.code}`,
  } as unknown as PlayerDesk;
  controller = new DeclareController({
    lake,
    lakeName: "Mirror lake",
    fishers,
    desk,
    declaredNames: () => names,
    localize: (k, d) =>
      (strings.get(k) ?? k).replace(/\{(\w+)\}/g, (w, n: string) =>
        d && n in d ? String(d[n]) : w,
      ),
  });
  const root = document.getElementById("app")!;
  const render = async (focus?: FocusKey): Promise<void> => {
    names = await bridge.declaredNames();
    root.innerHTML = await bridge.renderDialog(controller!.context());
    controller!.bind(root, render);
    restoreFocus(root, focus);
  };
  await controller.load();
  await render();
};

window.kolikolyIdle = async () => {
  await controller?.idle();
};
