/**
 * The hot seat's GM gate: a player's view never reaches the GM's view or another player's view
 * without the GM. Switching there ("Viewing as", the game switch, a cover handing the screen to the
 * GM) goes through a covered screen that asks for the GM's passphrase when the GM set one, and
 * otherwise says plainly that the screen is shared in trust and asks the GM to confirm they are
 * the one at it.
 *
 * What this protects: a click. The page runs on the players' own machine: the game kept in the
 * browser's storage holds everything (docs/sandbox.md says so), so a player with the browser's
 * developer tools can read it. Only a hash of the passphrase is kept (under its own key, which
 * Start fresh leaves alone), so the passphrase itself is never in storage.
 */
import type { Localize } from "../ui/handlebars-helpers.ts";
import type { SaveStore } from "./autosave.ts";

/** Either game's viewer: the GM, any player (public facts), or one fisher's player. */
export type GateViewer = "gm" | "player" | { readonly fisher: string };

/** The storage key of the passphrase's hash (not one of SAVE_KEYS: Start fresh keeps it). */
export const PASSPHRASE_KEY = "kolikoly-fishing/table/gm-passphrase";

/**
 * Whether going from one view to another needs the GM: anything from the GM's view is free, and
 * so is a player's view giving up what it knows (a fisher's view to the public one, or staying).
 * The GM's view, and a fisher's view from any other view, need the GM.
 */
export function needsGm(from: GateViewer, to: GateViewer): boolean {
  if (from === "gm") return false;
  if (to === "gm") return true;
  if (to === "player") return false;
  return !(typeof from === "object" && from.fisher === to.fisher);
}

/** FNV-1a over the text, 64 bits: where the page has no Web Crypto (an address other than localhost over http). */
function fnv(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const c of new TextEncoder().encode(text)) {
    h ^= BigInt(c);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return `fnv:${h.toString(16)}`;
}

/** The stored form of a passphrase: SHA-256 (Web Crypto) when the page has it. */
export async function passphraseHash(phrase: string): Promise<string> {
  const text = `kolikoly-gm:${phrase}`;
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return fnv(text);
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `sha256:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Whether `phrase` is the one whose hash is `stored` (hashed the way `stored` was). */
export async function passphraseMatches(stored: string, phrase: string): Promise<boolean> {
  const text = `kolikoly-gm:${phrase}`;
  return stored.startsWith("fnv:")
    ? fnv(text) === stored
    : (await passphraseHash(phrase)) === stored;
}

/** The gate's dialog (a modal: the page under it is inert). */
export function gateDialog(L: Localize): string {
  return `<dialog class="ks-cover ks-gate" id="ks-gate" aria-labelledby="ks-gate-title" aria-describedby="ks-gate-text">
  <form method="dialog" class="ks-gate__form" id="ks-gate-form">
    <h2 class="ks-h2" id="ks-gate-title"></h2>
    <p class="ks-cover__text" id="ks-gate-text"></p>
    <label class="ks-field" id="ks-gate-field">${L("KOLIKOLY.Sandbox.Gate.Passphrase")} <input type="password" id="ks-gate-phrase" autocomplete="off"></label>
    <p class="ks-gate__wrong" id="ks-gate-wrong" role="alert" hidden>${L("KOLIKOLY.Sandbox.Gate.Wrong")}</p>
    <p class="ks-cover__note" id="ks-gate-note"></p>
    <div class="ks-buttons">
      <button type="submit" value="yes" id="ks-gate-yes" class="ks-primary"></button>
      <button type="submit" value="no" id="ks-gate-no" formnovalidate>${L("KOLIKOLY.Sandbox.Gate.Cancel")}</button>
    </div>
  </form>
</dialog>`;
}

export interface Gate {
  /** Asks for the GM before showing `target` (already localized); true when the GM let it through. */
  ask(target: string): Promise<boolean>;
  /** The GM's view: set, change or remove the passphrase. */
  setPassphrase(): Promise<void>;
  /** Whether a passphrase is set. */
  locked(): boolean;
}

/** Wires the gate's dialog (`gateDialog`, already in `root`) to the store. */
export function mountGate(root: HTMLElement, L: Localize, store: SaveStore): Gate {
  const $ = <E extends HTMLElement = HTMLElement>(sel: string) => root.querySelector<E>(sel)!;
  const dialog = $<HTMLDialogElement>("#ks-gate");
  const phrase = $<HTMLInputElement>("#ks-gate-phrase");
  const wrong = $("#ks-gate-wrong");
  const stored = () => store.read(PASSPHRASE_KEY) || undefined;
  // Escape is Cancel (the page under stays as it was).
  let answer: ((v: string) => void) | undefined;
  $<HTMLFormElement>("#ks-gate-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const v = (ev.submitter as HTMLButtonElement | null)?.value ?? "yes";
    answer?.(v);
  });
  dialog.addEventListener("cancel", (ev) => {
    ev.preventDefault();
    answer?.("no");
  });
  function open(title: string, text: string, note: string, yes: string, field: boolean) {
    $("#ks-gate-title").textContent = title;
    $("#ks-gate-text").textContent = text;
    $("#ks-gate-note").textContent = note;
    $("#ks-gate-yes").textContent = yes;
    $("#ks-gate-field").hidden = !field;
    wrong.hidden = true;
    phrase.value = "";
    if (!dialog.open) dialog.showModal();
    (field ? phrase : $("#ks-gate-no")).focus();
  }
  const next = () => new Promise<string>((resolve) => (answer = resolve));
  function close() {
    answer = undefined;
    phrase.value = "";
    dialog.close();
  }
  return {
    locked: () => stored() !== undefined,
    async ask(target) {
      const hash = stored();
      open(
        L("KOLIKOLY.Sandbox.Gate.Title"),
        L(hash ? "KOLIKOLY.Sandbox.Gate.AskPassphrase" : "KOLIKOLY.Sandbox.Gate.AskTrust", {
          target,
        }),
        L("KOLIKOLY.Sandbox.Gate.Protects"),
        L(hash ? "KOLIKOLY.Sandbox.Gate.Unlock" : "KOLIKOLY.Sandbox.Gate.IAmGm"),
        !!hash,
      );
      for (;;) {
        const v = await next();
        if (v !== "yes") return (close(), false);
        if (!hash || (await passphraseMatches(hash, phrase.value))) return (close(), true);
        wrong.hidden = false;
        phrase.value = "";
        phrase.focus();
      }
    },
    async setPassphrase() {
      open(
        L("KOLIKOLY.Sandbox.Gate.SetTitle"),
        L(stored() ? "KOLIKOLY.Sandbox.Gate.SetChange" : "KOLIKOLY.Sandbox.Gate.SetNew"),
        L("KOLIKOLY.Sandbox.Gate.Protects"),
        L("KOLIKOLY.Sandbox.Gate.SetSave"),
        true,
      );
      const v = await next();
      const text = phrase.value;
      close();
      if (v !== "yes") return;
      if (text === "") store.remove(PASSPHRASE_KEY);
      else store.write(PASSPHRASE_KEY, await passphraseHash(text));
    },
  };
}

/** What a gated view is called in the gate's question. */
export function gateTarget(
  to: GateViewer,
  fishers: readonly { readonly id: string; readonly name: string }[],
  L: Localize,
): string {
  if (typeof to !== "object") return L("KOLIKOLY.Sandbox.Gate.TargetGm");
  const name = fishers.find((f) => f.id === to.fisher)?.name ?? to.fisher;
  return L("KOLIKOLY.Sandbox.Gate.TargetFisher", { name });
}
