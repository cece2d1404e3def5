/**
 * `ui`: the parts of Foundry's interface a user goes through in the boot test, rendered into
 * the page so that screenshots show them:
 * - ui.notifications (v13 client/applications/ui/notifications.mjs): info/warn/error/success;
 * - ui.chat (v13 client/applications/sidebar/tabs/chat.mjs, ChatLog): each visible message
 *   rendered with ChatMessage#renderHTML, updated in place, removed on delete;
 * - ui.actors (ActorDirectory, v13 client/applications/sidebar/tabs/actor-directory.mjs): the
 *   actors the user may see (LIMITED or better); a click opens `actor.sheet.render(true)`;
 * - the Settings tab's "Configure Settings" button opening SettingsConfig (v13
 *   client/applications/settings/config.mjs);
 * - ui.controls (v13 client/applications/ui/scene-controls.mjs): controls keyed by name, the
 *   `getSceneControlButtons` hook, tools with `button: true` calling `onChange(event, true)`;
 * - the token HUD (v13 client/applications/hud/token-hud.mjs, an ApplicationV2: its render hooks
 *   are renderTokenHUD, renderBasePlaceableHUD, renderApplicationV2 with an HTMLElement).
 */
import { ApplicationV2 } from "./applications.ts";
import type { FakeActor, FakeChatMessage, FakeTokenDocument } from "./documents.ts";
import type { FakeTokenDocument as FakeTokenDocumentClass } from "./documents.ts";
import { DataModel } from "./data-model.ts";
import { env } from "./env.ts";
import { FakeHooks as Hooks } from "./hooks.ts";
import type { SettingConfig } from "./settings.ts";
import type { Obj } from "./utils.ts";

export class Notifications {
  readonly shown: { type: string; message: string }[] = [];

  /**
   * Notifications#notify: rendered as `li.notification.<type>`; logged to the console too
   * (`console` option, true by default in the fake: UNCONFIRMED for v13).
   */
  // v13 client/applications/ui/notifications.mjs Notifications#notify
  notify(
    message: unknown,
    type: "info" | "warning" | "error" | "success" = "info",
    {
      console: log = true,
      localize = false,
      format,
    }: { console?: boolean; localize?: boolean; format?: Obj } = {},
  ): void {
    let text = message instanceof Error ? message.message : String(message);
    if (localize) text = format ? env.game.i18n.format(text, format) : env.game.i18n.localize(text);
    this.shown.push({ type, message: text });
    const li = document.createElement("li");
    li.className = `notification ${type}`;
    li.textContent = text;
    document.getElementById("notifications")?.append(li);
    setTimeout(() => li.remove(), 8000);
    if (log) {
      if (type === "error") console.error(text);
      else if (type === "warning") console.warn(text);
      else console.info(text);
    }
  }
  // v13 client/applications/ui/notifications.mjs Notifications#info
  info(message: unknown, options?: Obj): void {
    this.notify(message, "info", options);
  }
  // v13 client/applications/ui/notifications.mjs Notifications#warn
  warn(message: unknown, options?: Obj): void {
    this.notify(message, "warning", options);
  }
  // v13 client/applications/ui/notifications.mjs Notifications#error
  error(message: unknown, options?: Obj): void {
    this.notify(message, "error", options);
  }
  // v13 client/applications/ui/notifications.mjs Notifications#success
  success(message: unknown, options?: Obj): void {
    this.notify(message, "success", options);
  }
}

export class ChatLog {
  private chain: Promise<unknown> = Promise.resolve();

  // v13 client/applications/sidebar/tabs/chat.mjs ChatLog: its #chat-log element
  private get log(): HTMLElement {
    return document.getElementById("chat-log")!;
  }

  /** ChatLog#postOne: a visible message rendered and appended (in creation order). */
  // v13 client/applications/sidebar/tabs/chat.mjs ChatLog#postOne
  postOne(message: FakeChatMessage): Promise<unknown> {
    this.chain = this.chain.then(async () => {
      if (!message.visible) return;
      const html = await message.renderHTML();
      this.log.append(html);
      this.log.scrollTop = this.log.scrollHeight;
    });
    return this.chain;
  }

  /** ChatLog#updateMessage: re-rendered in place (posted if it was not shown yet). */
  // v13 client/applications/sidebar/tabs/chat.mjs ChatLog#updateMessage
  updateMessage(message: FakeChatMessage): Promise<unknown> {
    this.chain = this.chain.then(async () => {
      const li = this.log.querySelector(`.message[data-message-id="${message.id}"]`);
      if (!message.visible) return li?.remove();
      const html = await message.renderHTML();
      if (li) li.replaceWith(html);
      else this.log.append(html);
    });
    return this.chain;
  }

  // v13 client/applications/sidebar/tabs/chat.mjs ChatLog#deleteMessage
  deleteMessage(id: string): void {
    this.log.querySelector(`.message[data-message-id="${id}"]`)?.remove();
  }

  /** ChatLog#_renderBatch: the existing messages at start-up. */
  // v13 client/applications/sidebar/tabs/chat.mjs ChatLog#_renderBatch
  async renderAll(): Promise<void> {
    for (const m of env.game.messages.contents) await this.postOne(m as FakeChatMessage);
  }

  /** Resolves when every queued render has finished (the test waits on it). */
  // test-only: resolves when the chat log has drawn everything queued
  idle(): Promise<unknown> {
    return this.chain;
  }
}

/** ActorDirectory: the actors this user may see; a click on one opens its sheet. */
export class ActorDirectory {
  // v13 client/applications/sidebar/tabs/actor-directory.mjs ActorDirectory#render
  render(): void {
    const list = document.getElementById("actors")!;
    list.replaceChildren();
    for (const a of env.game.actors.contents as FakeActor[]) {
      if (!a.testUserPermission(env.game.user, "LIMITED")) continue;
      const li = document.createElement("li");
      li.className = "directory-item document actor";
      li.dataset.entryId = a.id!;
      li.textContent = a.name;
      // DocumentDirectory#_onClickEntry: the entry's sheet, rendered with force
      li.addEventListener("click", () => void a.sheet!.render(true));
      list.append(li);
    }
  }
}

interface Tool extends Obj {
  name: string;
  title?: string;
  icon?: string;
  order?: number;
  button?: boolean;
  visible?: boolean;
  onChange?: (event: Event, active: boolean) => void;
}

export class SceneControls {
  controls: Record<
    string,
    { name: string; title: string; tools: Record<string, Tool>; activeTool: string }
  > = {};

  /** SceneControls#_prepareContext: core controls, then getSceneControlButtons lets packages add tools. */
  // v13 client/applications/ui/scene-controls.mjs SceneControls#render
  render(): void {
    this.controls = {
      tokens: {
        name: "tokens",
        title: "CONTROLS.GroupToken",
        activeTool: "select",
        tools: { select: { name: "select", title: "CONTROLS.BasicSelect", order: 1 } },
      },
    };
    Hooks.callAll("getSceneControlButtons", this.controls);
    const bar = document.getElementById("scene-controls")!;
    bar.replaceChildren();
    const tools = Object.values(this.controls.tokens?.tools ?? {})
      .filter((t) => t.visible !== false)
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    for (const t of tools) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "control ui-control tool";
      b.dataset.tool = t.name;
      b.title = env.game.i18n.localize(t.title ?? t.name);
      b.textContent = b.title;
      b.addEventListener("click", (e) => {
        if (t.button) t.onChange?.(e, true);
      });
      bar.append(b);
    }
  }
}

class BasePlaceableHUD extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Obj = {
    id: "{id}",
    classes: ["placeable-hud"],
    window: { frame: false },
  };
}

/** TokenHUD (v13 hud/token-hud.mjs): bound to one token; columns `.col.left/.middle/.right`. */
export class TokenHUD extends BasePlaceableHUD {
  static override DEFAULT_OPTIONS: Obj = { id: "token-hud" };
  object: FakeTokenDocument | undefined;

  // v13 client/applications/hud/token-hud.mjs TokenHUD#document
  get document(): FakeTokenDocument | undefined {
    return this.object;
  }

  // v13 client/applications/hud/token-hud.mjs TokenHUD#bind
  bind(token: FakeTokenDocument): Promise<this> {
    this.object = token;
    return this.render({ force: true });
  }

  // v13 client/applications/hud/token-hud.mjs TokenHUD#_prepareContext
  override async _prepareContext(): Promise<Obj> {
    return { id: this.object?.id };
  }

  // v13 client/applications/hud/token-hud.mjs TokenHUD#_renderHTML
  override async _renderHTML(): Promise<HTMLElement> {
    const el = document.createElement("div");
    el.className = "token-hud-columns";
    el.innerHTML = `<div class="col left"></div><div class="col middle"></div><div class="col right"></div>`;
    return el;
  }

  // v13 client/applications/hud/token-hud.mjs TokenHUD#_replaceHTML
  override _replaceHTML(result: unknown, content: HTMLElement): void {
    content.replaceChildren(result as HTMLElement);
    const t = this.object;
    const scale = env.canvas.scale;
    if (t) Object.assign(content.style, { left: `${t.x * scale}px`, top: `${t.y * scale}px` });
  }
}

/**
 * A Number setting with a range is drawn as Foundry's `<range-picker>` (v13
 * client/applications/elements/range-picker.mjs, HTMLRangePickerElement: "a range slider with a
 * linked number input field"; `_buildElements` makes the range input, then the number input, each
 * following the other). Here the range input keeps the setting's name for the form.
 */
function rangePicker(range: HTMLInputElement): HTMLElement {
  const picker = document.createElement("div");
  picker.className = "range-picker";
  const number = document.createElement("input");
  number.type = "number";
  number.min = range.min;
  number.max = range.max;
  number.step = range.step;
  number.value = range.value;
  number.setAttribute("aria-label", range.id);
  range.addEventListener("input", () => (number.value = range.value));
  number.addEventListener("change", () => (range.value = number.value));
  picker.append(range, number);
  return picker;
}

/**
 * SettingsConfig (v13 client/applications/settings/config.mjs): every registered setting with
 * `config: true`, grouped by package; a user who may not modify world settings
 * (SETTINGS_MODIFY) sees only client settings. Inputs per type: a checkbox for Boolean, a
 * select for choices, a range for a Number with a range, else a number or text input; names
 * and hints localized. Submitting writes each changed value with game.settings.set.
 */
export class SettingsConfig extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Obj = {
    id: "settings-config",
    tag: "form",
    window: { title: "SETTINGS.Title" },
    form: { handler: SettingsConfig.onSubmit, closeOnSubmit: true },
  };

  // v13 client/applications/settings/config.mjs SettingsConfig#_prepareCategoryData
  static visibleSettings(): SettingConfig[] {
    const canConfigure = env.game.user.can("SETTINGS_MODIFY");
    return [...env.game.settings.settings.values()].filter(
      (s) => s.config && (canConfigure || s.scope === "client"),
    );
  }

  // v13 client/applications/settings/config.mjs SettingsConfig#_renderHTML
  override async _renderHTML(): Promise<HTMLElement> {
    const t = (k: string | undefined) => (k ? env.game.i18n.localize(k) : "");
    const root = document.createElement("div");
    root.className = "settings-list";
    const groups = new Map<string, SettingConfig[]>();
    for (const s of SettingsConfig.visibleSettings()) {
      const list = groups.get(s.namespace) ?? [];
      list.push(s);
      groups.set(s.namespace, list);
    }
    for (const [ns, list] of groups) {
      const section = document.createElement("section");
      section.className = "category";
      section.dataset.category = ns;
      const h = document.createElement("h2");
      h.textContent =
        ns === "core"
          ? "Core"
          : ns === env.game.system.id
            ? env.game.system.title
            : (env.game.modules.get(ns)?.title ?? ns);
      section.append(h);
      for (const s of list) {
        const id = `${s.namespace}.${s.key}`;
        const value = env.game.settings.get(s.namespace, s.key);
        const group = document.createElement("div");
        group.className = "form-group";
        const label = document.createElement("label");
        label.htmlFor = `settings-config-${id}`;
        label.textContent = t(s.name);
        let input: HTMLInputElement | HTMLSelectElement;
        if (s.choices) {
          const sel = document.createElement("select");
          for (const [k, v] of Object.entries(s.choices)) {
            const o = document.createElement("option");
            o.value = k;
            o.textContent = t(v);
            o.selected = k === value;
            sel.append(o);
          }
          input = sel;
        } else {
          const i = document.createElement("input");
          if (s.type === Boolean) {
            i.type = "checkbox";
            i.checked = Boolean(value);
          } else if (s.type === Number) {
            i.type = s.range ? "range" : "number";
            if (s.range)
              Object.assign(i, {
                min: String(s.range.min),
                max: String(s.range.max),
                step: String(s.range.step),
              });
            i.value = String(value);
          } else {
            i.type = "text";
            i.value = String(value ?? "");
          }
          input = i;
        }
        input.name = id;
        input.id = `settings-config-${id}`;
        const hint = document.createElement("p");
        hint.className = "hint";
        hint.textContent = t(s.hint);
        group.append(
          label,
          s.type === Number && s.range ? rangePicker(input as HTMLInputElement) : input,
          hint,
        );
        section.append(group);
      }
      root.append(section);
    }
    const footer = document.createElement("footer");
    footer.innerHTML = `<button type="submit" name="submit">Save Changes</button>`;
    root.append(footer);
    return root;
  }

  // v13 client/applications/settings/config.mjs SettingsConfig#_replaceHTML
  override _replaceHTML(result: unknown, content: HTMLElement): void {
    content.replaceChildren(result as HTMLElement);
  }

  // v13 client/applications/settings/config.mjs SettingsConfig.onSubmit
  static async onSubmit(
    this: ApplicationV2,
    _e: Event,
    _form: HTMLFormElement,
    data: { object: Obj },
  ): Promise<void> {
    for (const s of SettingsConfig.visibleSettings()) {
      const id = `${s.namespace}.${s.key}`;
      if (!(id in data.object)) continue;
      const next = data.object[id];
      if (JSON.stringify(next) !== JSON.stringify(env.game.settings.get(s.namespace, s.key)))
        await env.game.settings.set(s.namespace, s.key, next);
    }
  }
}

/**
 * The bar attributes the Token configuration window offers for an actor's token: v13
 * TokenApplication#_prepareResourcesTab (facts §3, from a core source copy, code index id
 * 18127531713): with a non-empty CONFIG.Actor.trackableAttributes and a data-model `system`, the
 * actor's TYPE is looked up; otherwise the actor's system data is inspected.
 */
// v13 client/game.mjs Game#initializeUI (tokenResourceChoices)
export function tokenResourceChoices(actor: FakeActor): string[] {
  const T = env.CONFIG.Token as unknown as { documentClass: typeof FakeTokenDocumentClass };
  const cls = T.documentClass;
  const configured = Object.keys(env.CONFIG.Actor.trackableAttributes ?? {}).length > 0;
  const source = configured && actor.system instanceof DataModel ? actor.type : actor.system;
  return cls
    .getTrackedAttributeChoices(cls.getTrackedAttributes(source))
    .filter((c) => c.group === "bar")
    .map((c) => String(c.value));
}

export interface FakeUi {
  notifications: Notifications;
  chat: ChatLog;
  actors: ActorDirectory;
  controls: SceneControls;
  activeWindow?: unknown;
}

/** The page's layout: the board, the left controls, the sidebar (chat, actors, settings) and notifications. */
// v13 client/game.mjs Game#initializeUI (renderInterface)
export function renderInterface(): void {
  document.body.insertAdjacentHTML(
    "afterbegin",
    `<div id="interface">
      <nav id="scene-controls" aria-label="Scene controls"></nav>
      <section id="board"></section>
      <aside id="sidebar">
        <section id="chat" class="tab"><ol id="chat-log"></ol></section>
        <section id="actors-tab" class="tab"><h3>Actors</h3><ol id="actors"></ol></section>
        <section id="settings-tab" class="tab"><button type="button" data-action="openSettings" id="open-settings">Configure Settings</button></section>
      </aside>
      <ol id="notifications"></ol>
    </div>`,
  );
  document
    .getElementById("open-settings")!
    .addEventListener("click", () => void new SettingsConfig().render({ force: true }));
  // v13 client/game.mjs: the interface's colour scheme (core.uiConfig) as a class on <body>
  // (`theme-light` / `theme-dark`); the boot test switches it to look at both
  document.body.classList.add("theme-light");
  const style = document.createElement("style");
  style.textContent = FAKE_CSS;
  document.head.prepend(style);
}

/**
 * The fake's own look (not Foundry's stylesheet): enough for readable screenshots. The colour
 * schemes define the custom properties the module's CSS reads, under the same names and on the
 * same element as Foundry v13/v14 (body.theme-light / body.theme-dark: --color-text-primary,
 * --color-text-secondary, --color-border, --color-fieldset-border, --color-form-hint,
 * --color-level-*; the values are the fake's own), and windows take their colours from them.
 */
const FAKE_CSS = `
body.theme-light { --background: #f4f1ea; --color-text-primary: #1a1a1a; --color-text-secondary: #4d4d4d; --color-text-subtle: #666; --color-border: #bfbfbf; --color-fieldset-border: #808080; --color-form-hint: #4d4d4d; --color-level-error: #b02020; --color-level-success: #1f6f33; --color-level-warning: #8a5a00; --color-warm-2: #c9590a; }
body.theme-dark { --background: #23262e; --color-text-primary: #ededed; --color-text-secondary: #c4c4c4; --color-text-subtle: #a6a6a6; --color-border: #4a5060; --color-fieldset-border: #8c8c8c; --color-form-hint: #bfbfbf; --color-level-error: #ff7a7a; --color-level-success: #6fd08c; --color-level-warning: #f0b35a; --color-warm-2: #ff9f4a; color-scheme: dark; }
body { margin: 0; font: 13px/1.35 system-ui, sans-serif; background: #1d1f24; color: #e8e6e3; }
#interface { position: fixed; inset: 0; }
#board { position: absolute; left: 56px; top: 0; right: 340px; bottom: 0; overflow: hidden; background: #2b3a42; }
#board canvas { display: block; }
#board .token { position: absolute; border-radius: 50%; border: 2px solid #f0c040; background: #c8d4da center/cover; color: #000; font-size: 10px; text-align: center; box-sizing: border-box; cursor: pointer; }
#board .token .bar { position: absolute; left: 0; right: 0; bottom: -6px; height: 5px; background: #400; }
#board .token .bar > span { display: block; height: 100%; background: #3c3; }
#scene-controls { position: absolute; left: 0; top: 0; width: 56px; display: flex; flex-direction: column; gap: 4px; padding: 4px; box-sizing: border-box; }
#scene-controls button { font-size: 9px; padding: 4px 2px; }
#sidebar { position: absolute; right: 0; top: 0; bottom: 0; width: 340px; background: #24272d; display: flex; flex-direction: column; border-left: 1px solid #000; }
#chat { flex: 1; overflow: auto; }
#chat-log { list-style: none; margin: 0; padding: 4px; }
.chat-message { background: #eee9dd; color: #222; margin: 4px 0; padding: 4px 6px; border-radius: 4px; }
.chat-message.whisper { background: #e3dbef; }
.message-header { font-size: 11px; display: flex; gap: 6px; flex-wrap: wrap; }
.message-sender { margin: 0; font-size: 12px; }
#actors { margin: 0; padding: 4px 16px; max-height: 120px; overflow: auto; }
#actors li { cursor: pointer; }
#notifications { position: absolute; top: 4px; left: 30%; width: 40%; list-style: none; margin: 0; padding: 0; z-index: 10000; }
.notification { padding: 6px 10px; margin-bottom: 4px; border-radius: 4px; background: #345; }
.notification.error { background: #822; } .notification.warning { background: #863; }
.application.window-app { position: absolute; top: 40px; left: 120px; max-height: 90vh; overflow: auto; background: var(--background); color: var(--color-text-primary); border: 1px solid #000; border-radius: 6px; box-shadow: 0 0 18px #000a; z-index: 100; }
.application .window-header { display: flex; justify-content: space-between; align-items: center; background: #222; color: #eee; padding: 4px 8px; }
.application .window-title { font-size: 14px; margin: 0; }
.application .window-content { padding: 8px; }
dialog.application { position: absolute; top: 200px; }
#token-hud { position: absolute; z-index: 200; }
#token-hud .token-hud-columns { position: absolute; display: flex; gap: 40px; }
#token-hud .col { display: flex; flex-direction: column; gap: 4px; }
#token-hud .control-icon { width: 36px; height: 36px; background: #333; color: #fff; border: 1px solid #888; border-radius: 6px; }
.settings-list .form-group { margin: 6px 0; }
.settings-list .hint { margin: 0; font-size: 11px; color: #555; }
`;

export { BasePlaceableHUD };
