/**
 * The GM's windows for the keys of the GM store (issue 20 item 11): keeping a passphrase copy in
 * the store, unlocking it in another browser, and the question asked once when a lake made the
 * world's first key (export the file, keep a passphrase copy, or later). DialogV2 prompts (v13
 * client/applications/api/dialog.mjs: `prompt` resolves with the ok callback's value, or null
 * when the window is closed; `wait` with the chosen button's action).
 */
import type { TableCore } from "../core/table-core.ts";
import { notifyResult } from "./notify.ts";
import { copyCountText, keptCopyText, keysTakenText } from "./key-words.ts";

type Dialogs = {
  prompt(options: object): Promise<unknown>;
  wait(options: object): Promise<unknown>;
};
const dialogs = (): Dialogs => foundry.applications.api.DialogV2 as unknown as Dialogs;
/** A key of the module's language files, written whole so that the key check finds it. */
const t = (key: string, data?: Record<string, string>): string =>
  data ? game.i18n!.format(key, data) : game.i18n!.localize(key);

function field(name: string, label: string, autofocus = false): string {
  // autocomplete "new-password"/"current-password": a password manager may keep it, never the module
  const complete =
    name === "repeat" || name === "passphrase-new" ? "new-password" : "current-password";
  return `<label class="kolikoly-passphrase">${label}
    <input type="password" name="${name}" minlength="12" required autocomplete="${complete}" ${autofocus ? "autofocus" : ""}></label>`;
}

function valueOf(button: HTMLButtonElement, name: string): string {
  return (button.form?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
}

/** The GM panel's line about the passphrase copy: none, how many keys it holds, or behind. */
export async function keyCopyLine(
  core: TableCore,
  t: (key: string, data?: Readonly<Record<string, unknown>>) => string,
): Promise<string> {
  const s = await core.keyCopy.state().catch(() => undefined);
  if (!s?.ok) return "";
  if (!s.value.exists) return t("KOLIKOLY.Foundry.Keys.CopyNone");
  return copyCountText(s.value.behind, s.value.ids.length, t);
}

/** Asks for a passphrase twice and keeps the copy; the result, told to the GM. */
export async function keepKeyCopyDialog(core: TableCore): Promise<void> {
  const answer = (await dialogs().prompt({
    window: { title: t("KOLIKOLY.Foundry.Keys.KeepTitle") },
    content: `<p class="hint">${t("KOLIKOLY.Foundry.Keys.KeepHint")}</p>${field("passphrase-new", t("KOLIKOLY.Foundry.Keys.Passphrase"), true)}${field("repeat", t("KOLIKOLY.Foundry.Keys.Repeat"))}`,
    ok: {
      label: t("KOLIKOLY.Foundry.Keys.Keep"),
      callback: (_e: unknown, button: HTMLButtonElement) => [
        valueOf(button, "passphrase-new"),
        valueOf(button, "repeat"),
      ],
    },
    rejectClose: false,
  })) as [string, string] | null | undefined;
  if (!answer) return;
  const [phrase, again] = answer;
  if (phrase !== again) return void ui.notifications?.error(t("KOLIKOLY.Foundry.Keys.Mismatch"));
  ui.notifications?.info(t("KOLIKOLY.Foundry.Keys.Working"));
  const r = await core.keyCopy.keep(phrase);
  notifyResult(r, r.ok ? keptCopyText(r.value.keys, t) : undefined);
}

/** Asks for the passphrase and takes the copy's keys into this browser. */
export async function unlockKeysDialog(core: TableCore): Promise<boolean> {
  const phrase = (await dialogs().prompt({
    window: { title: t("KOLIKOLY.Foundry.Keys.UnlockTitle") },
    content: field("passphrase", t("KOLIKOLY.Foundry.Keys.Passphrase"), true),
    ok: {
      label: t("KOLIKOLY.Foundry.Keys.Unlock"),
      callback: (_e: unknown, button: HTMLButtonElement) => valueOf(button, "passphrase"),
    },
    rejectClose: false,
  })) as string | null | undefined;
  if (!phrase) return false;
  ui.notifications?.info(t("KOLIKOLY.Foundry.Keys.Working"));
  const r = await core.unlockKeys(phrase);
  notifyResult(r, r.ok ? keysTakenText("copy", r.value.keys, r.value.missing, t) : undefined);
  return r.ok;
}

/**
 * A lake (or board) made the world's first key in this browser: the GM chooses, once, how to
 * keep a copy. Closing the window, or "Later", leaves the permanent reminder.
 */
export async function newKeyDialog(
  core: TableCore,
  download: (text: string) => void,
): Promise<void> {
  const choice = await dialogs().wait({
    window: { title: t("KOLIKOLY.Foundry.Keys.MadeTitle") },
    content: `<p>${t("KOLIKOLY.Foundry.Keys.MadeChoose")}</p>`,
    buttons: [
      { action: "file", label: t("KOLIKOLY.Foundry.Keys.Export"), default: true },
      { action: "passphrase", label: t("KOLIKOLY.Foundry.Keys.Keep") },
      { action: "later", label: t("KOLIKOLY.Foundry.Keys.Later") },
    ],
    rejectClose: false,
  });
  if (choice === "file") {
    const r = core.exportKeys();
    if (r.ok) download(r.value);
    return notifyResult(r, t("KOLIKOLY.Foundry.Keys.Exported"));
  }
  if (choice === "passphrase") return keepKeyCopyDialog(core);
  ui.notifications?.warn(t("KOLIKOLY.Foundry.Keys.Made"), { permanent: true });
}
