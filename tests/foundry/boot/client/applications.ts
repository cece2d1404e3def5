/**
 * `foundry.applications.api` (ApplicationV2, HandlebarsApplicationMixin, DialogV2),
 * `foundry.applications.sheets.ActorSheetV2` and `foundry.applications.apps.DocumentSheetConfig`.
 * ApplicationV2 follows facts §2 (a core v13 source copy of client/applications/api/application.mjs,
 * code index id 6114990798): options merged down the class chain (arrays concatenated), `{id}`
 * replaced by a unique number, renders serialized, the first render only with `force`, the
 * documented render steps in order, `render<Class>` hooks for every class of the chain after
 * `_onRender`, delegated `data-action` clicks, and for `tag: "form"` the submit -> FormDataExtended
 * -> `form.handler` flow (a throwing handler is reported and the window stays open).
 */
import { env, misuse } from "./env.ts";
import { FormDataExtended } from "./form-data.ts";
import { loadTemplates, renderTemplate } from "./handlebars.ts";
import { FakeHooks as Hooks } from "./hooks.ts";
import type { ClientDocument } from "./documents.ts";
import type { Obj } from "./utils.ts";
import { deepClone, expandObject, isPlain, mergeObject } from "./utils.ts";

export const RENDER_STATES = {
  ERROR: -3,
  CLOSING: -2,
  CLOSED: -1,
  NONE: 0,
  RENDERING: 1,
  RENDERED: 2,
} as const;

type Action =
  | ((this: ApplicationV2, event: Event, target: HTMLElement) => unknown)
  | {
      handler: (this: ApplicationV2, event: Event, target: HTMLElement) => unknown;
      buttons?: number[];
    };

export interface AppOptions extends Obj {
  id: string;
  uniqueId: string;
  classes: string[];
  tag: string;
  window: Obj & { title?: string; frame?: boolean; resizable?: boolean; contentTag?: string };
  actions: Record<string, Action>;
  form?: {
    handler?: (
      this: ApplicationV2,
      event: Event,
      form: HTMLFormElement,
      data: FormDataExtended,
    ) => unknown;
    submitOnChange?: boolean;
    closeOnSubmit?: boolean;
  };
  position: Obj;
}

/** foundry.applications.instances: every rendered application by id (set at first render, deleted at close). */
export const instances = new Map<string, ApplicationV2>();
let appId = 0;
let maxZ = 100;

/** Merges DEFAULT_OPTIONS down the chain: objects merge, arrays concatenate (facts §2). */
// v13 client/applications/api/application.mjs#mergeOptions
function mergeOptions(into: Obj, from: Obj): void {
  for (const [k, v] of Object.entries(from)) {
    if (Array.isArray(v) && Array.isArray(into[k])) into[k] = [...(into[k] as unknown[]), ...v];
    else if (isPlain(v) && isPlain(into[k])) mergeOptions(into[k] as Obj, v);
    else into[k] = isPlain(v) ? deepClone(v) : v;
  }
}

export class ApplicationV2 {
  static BASE_APPLICATION: typeof ApplicationV2 = ApplicationV2;
  static DEFAULT_OPTIONS: Obj = {
    id: "app-{id}",
    classes: [],
    tag: "div",
    window: {
      frame: true,
      positioned: true,
      title: "",
      icon: false,
      controls: [],
      minimizable: true,
      resizable: false,
      contentTag: "section",
      contentClasses: [],
    },
    actions: {},
    form: { handler: undefined, submitOnChange: false, closeOnSubmit: false },
    position: {},
  };
  static RENDER_STATES = RENDER_STATES;

  readonly options: AppOptions;
  state: number = RENDER_STATES.NONE;
  position: Obj;
  private _element: HTMLElement | undefined;
  private _queue: Promise<unknown> = Promise.resolve();
  private readonly _id: string;

  // v13 client/applications/api/application.mjs ApplicationV2#constructor
  constructor(options: Obj = {}) {
    this.options = this._initializeApplicationOptions(options);
    this._id = this.options.id.replace("{id}", this.options.uniqueId);
    this.position = { ...this.options.position };
  }

  /** ApplicationV2.inheritanceChain: this class up to BASE_APPLICATION, most derived first. */
  // v13 client/applications/api/application.mjs ApplicationV2.inheritanceChain
  static inheritanceChain(): (typeof ApplicationV2)[] {
    const out: (typeof ApplicationV2)[] = [this as typeof ApplicationV2];
    while (out.at(-1) !== this.BASE_APPLICATION) {
      const next = Object.getPrototypeOf(out.at(-1)) as typeof ApplicationV2 | null;
      if (!next || next === Function.prototype) break;
      out.push(next);
    }
    return out;
  }

  // v13 client/applications/api/application.mjs ApplicationV2#_initializeApplicationOptions
  _initializeApplicationOptions(options: Obj): AppOptions {
    const merged: Obj = {};
    for (const cls of (this.constructor as typeof ApplicationV2).inheritanceChain().reverse())
      if (Object.prototype.hasOwnProperty.call(cls, "DEFAULT_OPTIONS"))
        mergeOptions(merged, cls.DEFAULT_OPTIONS);
    mergeOptions(merged, options);
    merged.uniqueId = String(++appId);
    return merged as AppOptions;
  }

  // v13 client/applications/api/application.mjs ApplicationV2#id
  get id(): string {
    return this._id;
  }
  // v13 client/applications/api/application.mjs ApplicationV2#element
  get element(): HTMLElement {
    if (!this._element)
      throw misuse(`${this.constructor.name} has no element before its first render`);
    return this._element;
  }
  // v13 client/applications/api/application.mjs ApplicationV2#rendered
  get rendered(): boolean {
    return this.state === RENDER_STATES.RENDERED;
  }
  // v13 client/applications/api/application.mjs ApplicationV2#hasFrame
  get hasFrame(): boolean {
    return this.options.window.frame !== false;
  }
  /** ApplicationV2#title: the localized window title. */
  // v13 client/applications/api/application.mjs ApplicationV2#title
  get title(): string {
    return env.game.i18n.localize(String(this.options.window.title ?? ""));
  }
  // v13 client/applications/api/application.mjs ApplicationV2#form
  get form(): HTMLFormElement | null {
    return this._element instanceof HTMLFormElement
      ? this._element
      : (this._element?.querySelector("form") ?? null);
  }

  /** ApplicationV2#render(options | force): serialized; the first render needs `force`. */
  // v13 client/applications/api/application.mjs ApplicationV2#render
  render(options: boolean | Obj = {}): Promise<this> {
    const opts: Obj = typeof options === "boolean" ? { force: options } : { ...options };
    const run = this._queue.catch(() => undefined).then(() => this._render(opts));
    this._queue = run;
    return run;
  }

  // v13 client/applications/api/application.mjs ApplicationV2#_render
  private async _render(options: Obj): Promise<this> {
    const first = this.state <= RENDER_STATES.NONE || this.state === RENDER_STATES.CLOSED;
    if (first && !options.force) return this;
    if (this._canRender(options) === false) return this;
    options.isFirstRender = first;
    this._configureRenderOptions(options);
    this.state = RENDER_STATES.RENDERING;
    const context = await this._prepareContext(options);
    if (first) await this._preFirstRender(context, options);
    await this._preRender(context, options);
    const result = await this._renderHTML(context, options);
    if (first) this._element = this._renderFrame(options);
    const content = this.hasFrame
      ? this._element!.querySelector<HTMLElement>(".window-content")!
      : this._element!;
    try {
      this._replaceHTML(result, content, options);
    } catch (err) {
      this._element?.remove();
      this.state = RENDER_STATES.ERROR;
      throw new Error(`Failed to render Application "${this.id}":\n${(err as Error).message}`, {
        cause: err,
      });
    }
    if (first) {
      instances.set(this.id, this);
      this._insertElement(this._element!);
      if (this.hasFrame && this.options.window.positioned) this._applyPosition();
    }
    this._updateFrame(options);
    this.state = RENDER_STATES.RENDERED;
    if (first) await this._onFirstRender(context, options);
    await this._onRender(context, options);
    for (const cls of (this.constructor as typeof ApplicationV2).inheritanceChain())
      if (cls.name) Hooks.callAll(`render${cls.name}`, this, this._element, context, options);
    await this._postRender(context, options);
    if (options.force) this.bringToFront();
    return this;
  }

  // v13 client/applications/api/application.mjs ApplicationV2#_canRender
  _canRender(_options: Obj): boolean | void {}
  // v13 client/applications/api/application.mjs ApplicationV2#_configureRenderOptions
  _configureRenderOptions(_options: Obj): void {}
  // v13 client/applications/api/application.mjs ApplicationV2#_prepareContext
  async _prepareContext(_options: Obj): Promise<Obj> {
    return {};
  }
  // v13 client/applications/api/application.mjs ApplicationV2#_preFirstRender
  async _preFirstRender(_context: Obj, _options: Obj): Promise<void> {}
  // v13 client/applications/api/application.mjs ApplicationV2#_preRender
  async _preRender(_context: Obj, _options: Obj): Promise<void> {}
  // v13 client/applications/api/application.mjs ApplicationV2#_renderHTML
  async _renderHTML(_context: Obj, _options: Obj): Promise<unknown> {
    throw misuse(`${this.constructor.name} must implement _renderHTML (ApplicationV2 is abstract)`);
  }
  // v13 client/applications/api/application.mjs ApplicationV2#_replaceHTML
  _replaceHTML(_result: unknown, _content: HTMLElement, _options: Obj): void {
    throw misuse(`${this.constructor.name} must implement _replaceHTML`);
  }
  // v13 client/applications/api/application.mjs ApplicationV2#_onFirstRender
  async _onFirstRender(_context: Obj, _options: Obj): Promise<void> {}
  // v13 client/applications/api/application.mjs ApplicationV2#_onRender
  async _onRender(_context: Obj, _options: Obj): Promise<void> {}
  // v13 client/applications/api/application.mjs ApplicationV2#_postRender
  async _postRender(_context: Obj, _options: Obj): Promise<void> {}

  /** ApplicationV2#_renderFrame: the window: header with title and close control, content section. */
  // v13 client/applications/api/application.mjs ApplicationV2#_renderFrame
  _renderFrame(_options: Obj): HTMLElement {
    const el = document.createElement(this.options.tag || "div");
    el.id = this.id;
    el.classList.add("application", ...this.options.classes);
    if (!this.hasFrame) {
      this._attachFrameListeners(el);
      return el;
    }
    el.classList.add("window-app");
    const header = document.createElement("header");
    header.className = "window-header";
    const title = document.createElement("h1");
    title.className = "window-title";
    title.textContent = this.title;
    const close = document.createElement("button");
    close.type = "button";
    close.className = "header-control icon fa-solid fa-xmark";
    close.dataset.action = "close";
    close.setAttribute("aria-label", "Close Window");
    close.textContent = "✕";
    header.append(title, close);
    const content = document.createElement(String(this.options.window.contentTag ?? "section"));
    content.className = "window-content";
    el.append(header, content);
    this._attachFrameListeners(el);
    return el;
  }

  /** ApplicationV2#_attachFrameListeners: delegated actions; form submit and change. */
  // v13 client/applications/api/application.mjs ApplicationV2#_attachFrameListeners
  _attachFrameListeners(el: HTMLElement): void {
    el.addEventListener("click", (event) => this._onClick(event));
    const isForm = this.options.tag === "form" || this.options.window.contentTag === "form";
    if (isForm) {
      el.addEventListener(
        "submit",
        (event) => void this._onSubmitForm(this.options.form ?? {}, event),
      );
      el.addEventListener("change", (event) => this._onChangeForm(this.options.form ?? {}, event));
    }
  }

  // v13 client/applications/api/application.mjs ApplicationV2 #onClickAction (the delegated click)
  private _onClick(event: MouseEvent): void {
    const target = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-action]");
    if (!target || !this._element?.contains(target)) return;
    const action = target.dataset.action!;
    if (action === "close") {
      event.stopPropagation();
      void this.close();
      return;
    }
    const a = this.options.actions[action];
    const handler = typeof a === "function" ? a : a?.handler;
    const buttons = (typeof a === "object" && a?.buttons) || [0];
    if (!buttons.includes(event.button)) return;
    if (handler) void handler.call(this, event, target);
    else this._onClickAction(event, target);
  }

  // v13 client/applications/api/application.mjs ApplicationV2#_onClickAction
  _onClickAction(_event: Event, _target: HTMLElement): void {}

  /** ApplicationV2#_onSubmitForm (facts §2). */
  // v13 client/applications/api/application.mjs ApplicationV2#_onSubmitForm
  async _onSubmitForm(formConfig: NonNullable<AppOptions["form"]>, event: Event): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormDataExtended(form);
    if (formConfig.handler) {
      try {
        await formConfig.handler.call(this, event, form, data);
      } catch (err) {
        env.ui.notifications.error(String((err as Error).message ?? err), { console: true });
        return;
      }
    }
    if (formConfig.closeOnSubmit) await this.close({ submitted: true });
  }

  // v13 client/applications/api/application.mjs ApplicationV2#_onChangeForm
  _onChangeForm(formConfig: NonNullable<AppOptions["form"]>, event: Event): void {
    if (formConfig.submitOnChange && this.rendered) void this._onSubmitForm(formConfig, event);
  }

  /** ApplicationV2#_insertElement: replaces an element of the same id, else appends to the body. */
  // v13 client/applications/api/application.mjs ApplicationV2#_insertElement
  _insertElement(el: HTMLElement): void {
    const existing = document.getElementById(el.id);
    if (existing) existing.replaceWith(el);
    else document.body.append(el);
  }

  // v13 client/applications/api/application.mjs ApplicationV2#_updateFrame
  _updateFrame(_options: Obj): void {
    const title = this._element?.querySelector(".window-title");
    if (title) title.textContent = this.title;
  }

  // v13 client/applications/api/application.mjs ApplicationV2#bringToFront
  bringToFront(): void {
    if (!this._element) return;
    this._element.style.zIndex = String(++maxZ);
    (env.ui as unknown as { activeWindow?: unknown }).activeWindow = this;
  }

  // v13 client/applications/api/application.mjs ApplicationV2#setPosition
  setPosition(position: Obj = {}): Obj {
    Object.assign(this.position, position);
    if (this._element && this.hasFrame && this.options.window.positioned) this._applyPosition();
    return this.position;
  }

  /**
   * The window's size from `position` (the default sizes of DEFAULT_OPTIONS): a number is that
   * many px on the element's style, "auto" leaves the content to size it (v13
   * ApplicationV2#setPosition -> #updatePosition; its placement and clamping to the screen are
   * left out, the fake places windows by its CSS).
   */
  // v13 client/applications/api/application.mjs ApplicationV2#_updatePosition
  private _applyPosition(): void {
    const el = this._element!;
    const { width, height } = this.position as { width?: unknown; height?: unknown };
    if (typeof width === "number") el.style.width = `${width}px`;
    if (typeof height === "number") el.style.height = `${height}px`;
  }

  /** ApplicationV2#close: removes the element, leaves the registry, `close<Class>` hooks. */
  // v13 client/applications/api/application.mjs ApplicationV2#close
  close(options: Obj = {}): Promise<this> {
    const run = this._queue
      .catch(() => undefined)
      .then(async () => {
        if (!this._element || this.state === RENDER_STATES.CLOSED) {
          this.state = RENDER_STATES.CLOSED;
          return this;
        }
        this.state = RENDER_STATES.CLOSING;
        await this._preClose(options);
        this._element.remove();
        if (instances.get(this.id) === this) instances.delete(this.id);
        this.state = RENDER_STATES.CLOSED;
        this._onClose(options);
        for (const cls of (this.constructor as typeof ApplicationV2).inheritanceChain())
          if (cls.name) Hooks.callAll(`close${cls.name}`, this, this._element);
        return this;
      });
    this._queue = run;
    return run;
  }
  // v13 client/applications/api/application.mjs ApplicationV2#_preClose
  async _preClose(_options: Obj): Promise<void> {}
  // v13 client/applications/api/application.mjs ApplicationV2#_onClose
  _onClose(_options: Obj): void {}
}

interface Part {
  template: string;
  templates?: string[];
  id?: string;
  classes?: string[];
  scrollable?: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript requires any[] for a mixin base
type AppCtor = new (...args: any[]) => ApplicationV2;

/**
 * HandlebarsApplicationMixin (v13 client/applications/api/handlebars-application.mjs, facts §2):
 * `PARTS` templates are loaded before the first render; each part is rendered with
 * renderTemplate and must be one HTML element, tagged `data-application-part`; a re-render
 * replaces each part's element in place.
 */
export function HandlebarsApplicationMixin<B extends AppCtor>(Base: B) {
  class HandlebarsApplication extends Base {
    static PARTS: Record<string, Part> = {};
    parts: Record<string, HTMLElement> = {};

    // v13 client/applications/api/handlebars-application.mjs HandlebarsApplication#_configureRenderOptions
    override _configureRenderOptions(options: Obj): void {
      super._configureRenderOptions(options);
      const all = Object.keys(
        (this.constructor as unknown as { PARTS: Record<string, Part> }).PARTS,
      );
      if (options.isFirstRender || !options.parts) options.parts = all;
    }

    // v13 client/applications/api/handlebars-application.mjs HandlebarsApplication#_preFirstRender
    override async _preFirstRender(context: Obj, options: Obj): Promise<void> {
      await super._preFirstRender(context, options);
      const templates = new Set<string>();
      for (const p of Object.values(
        (this.constructor as unknown as { PARTS: Record<string, Part> }).PARTS,
      )) {
        templates.add(p.template);
        p.templates?.forEach((t) => templates.add(t));
      }
      await loadTemplates([...templates]);
    }

    // v13 client/applications/api/handlebars-application.mjs HandlebarsApplication#_preparePartContext
    async _preparePartContext(partId: string, context: Obj, _options: Obj): Promise<Obj> {
      context.partId = `${this.id}-${partId}`;
      return context;
    }

    // v13 client/applications/api/handlebars-application.mjs HandlebarsApplication#_renderHTML
    override async _renderHTML(context: Obj, options: Obj): Promise<Record<string, HTMLElement>> {
      const parts = (this.constructor as unknown as { PARTS: Record<string, Part> }).PARTS;
      const out: Record<string, HTMLElement> = {};
      for (const partId of options.parts as string[]) {
        const part = parts[partId];
        if (!part) throw misuse(`${this.constructor.name} has no part ${partId}`);
        const partContext = await this._preparePartContext(partId, { ...context }, options);
        const html = await renderTemplate(part.template, partContext);
        const t = document.createElement("template");
        t.innerHTML = html;
        if (t.content.children.length !== 1)
          throw new Error(`Template part "${partId}" must render a single HTML element.`);
        const el = t.content.firstElementChild as HTMLElement;
        el.dataset.applicationPart = partId;
        if (part.id) el.id = `${this.id}-${part.id}`;
        if (part.classes) el.classList.add(...part.classes);
        out[partId] = el;
      }
      return out;
    }

    // v13 client/applications/api/handlebars-application.mjs HandlebarsApplication#_replaceHTML
    override _replaceHTML(result: unknown, content: HTMLElement, _options: Obj): void {
      for (const [partId, el] of Object.entries(result as Record<string, HTMLElement>)) {
        const prior = content.querySelector(`[data-application-part="${partId}"]`);
        if (prior) prior.replaceWith(el);
        else content.append(el);
        this.parts[partId] = el;
      }
    }
  }
  return HandlebarsApplication;
}

// ---- DialogV2 ---------------------------------------------------------------------------------

interface DialogButton {
  action: string;
  label: string;
  default?: boolean;
  callback?: (event: Event, button: HTMLButtonElement, dialog: DialogV2) => unknown;
}

/**
 * DialogV2 (v13 client/applications/api/dialog.mjs; API docs DialogV2.wait/confirm/prompt): a
 * `<dialog>` whose content and buttons sit in one form; a button's callback(event, button,
 * dialog) gives the result (else its action), the dialog closes; closing without a button
 * gives null (or rejects with rejectClose).
 */
export class DialogV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Obj = {
    id: "dialog-{id}",
    classes: ["dialog"],
    tag: "dialog",
    window: { frame: true, positioned: true, minimizable: false },
    // v13 client/applications/api/dialog.mjs DialogV2.DEFAULT_OPTIONS: 400 px wide
    position: { width: 400 },
    buttons: [],
    content: "",
    rejectClose: false,
  };
  private resolve: ((v: unknown) => void) | undefined;
  private reject: ((e: Error) => void) | undefined;
  private settled = false;

  // v13 client/applications/api/dialog.mjs DialogV2#_renderHTML
  override async _renderHTML(): Promise<HTMLElement> {
    const form = document.createElement("form");
    form.className = "dialog-form standard-form";
    const content = document.createElement("div");
    content.className = "dialog-content standard-form";
    content.innerHTML = String(this.options.content ?? "");
    const footer = document.createElement("footer");
    footer.className = "form-footer";
    for (const b of this.options.buttons as DialogButton[]) {
      const el = document.createElement("button");
      el.type = "submit";
      el.dataset.action = b.action;
      el.textContent = env.game.i18n.localize(b.label);
      if (b.default) el.classList.add("default");
      el.addEventListener("click", (e) => {
        e.preventDefault();
        void this.choose(b, e, el);
      });
      footer.append(el);
    }
    form.append(content, footer);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const b =
        (this.options.buttons as DialogButton[]).find((x) => x.default) ??
        (this.options.buttons as DialogButton[])[0];
      const el = b
        ? form.querySelector<HTMLButtonElement>(`button[data-action="${b.action}"]`)
        : null;
      if (b && el) void this.choose(b, e, el);
    });
    return form;
  }

  // v13 client/applications/api/dialog.mjs DialogV2#_replaceHTML
  override _replaceHTML(result: unknown, content: HTMLElement): void {
    content.replaceChildren(result as HTMLElement);
  }

  // v13 client/applications/api/dialog.mjs DialogV2#_insertElement
  override _insertElement(el: HTMLElement): void {
    super._insertElement(el);
    (el as HTMLDialogElement).open = true;
  }

  // v13 client/applications/api/dialog.mjs DialogV2#_onSubmit
  private async choose(b: DialogButton, event: Event, el: HTMLButtonElement): Promise<void> {
    const result = b.callback ? await b.callback(event, el, this) : b.action;
    this.settled = true;
    this.resolve?.(result);
    await this.close();
  }

  // v13 client/applications/api/dialog.mjs DialogV2#_onClose
  override _onClose(): void {
    if (this.settled) return;
    if (this.options.rejectClose)
      this.reject?.(new Error("Dialog was dismissed without pressing a button."));
    else this.resolve?.(null);
  }

  // v13 client/applications/api/dialog.mjs DialogV2.wait
  static async wait(options: Obj = {}): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const dialog = new this(options);
      dialog.resolve = resolve;
      dialog.reject = reject;
      void dialog.render({ force: true });
    });
  }

  // v13 client/applications/api/dialog.mjs DialogV2.confirm
  static confirm(options: Obj = {}): Promise<unknown> {
    const yes = (options.yes as Obj | undefined) ?? {};
    const no = (options.no as Obj | undefined) ?? {};
    return this.wait({
      window: { title: "Confirm" },
      ...options,
      buttons: [
        { action: "yes", label: "Yes", default: true, callback: () => true, ...yes },
        { action: "no", label: "No", callback: () => false, ...no },
      ],
    });
  }

  // v13 client/applications/api/dialog.mjs DialogV2.prompt
  static prompt(options: Obj = {}): Promise<unknown> {
    const ok = (options.ok as Obj | undefined) ?? {};
    return this.wait({
      window: { title: "Prompt" },
      ...options,
      buttons: [{ action: "ok", label: "Confirm", default: true, ...ok }],
    });
  }
}

// ---- document sheets --------------------------------------------------------------------------

/**
 * DocumentSheetV2 (v13 client/applications/api/document-sheet.mjs, facts §12): built with
 * `{document}`, one window per document (its id from the uuid), a form that submits the
 * document's changes, title "<type label>: <name>".
 */
export class DocumentSheetV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Obj = {
    id: "{id}",
    classes: ["sheet"],
    tag: "form",
    document: null,
    viewPermission: 1,
    editPermission: 3,
    form: {
      handler: DocumentSheetV2.onSubmitDocumentForm,
      submitOnChange: true,
      closeOnSubmit: false,
    },
  };

  /** DocumentSheetV2 #onSubmitDocumentForm: the form's data, expanded, updates the document. */
  // v13 client/applications/api/document-sheet.mjs DocumentSheetV2.onSubmitDocumentForm
  static async onSubmitDocumentForm(
    this: ApplicationV2,
    _event: Event,
    _form: HTMLFormElement,
    data: FormDataExtended,
  ): Promise<void> {
    const sheet = this as DocumentSheetV2;
    if (!sheet.isEditable || Object.keys(data.object).length === 0) return;
    await sheet.document.update(expandObject(data.object));
  }

  // v13 client/applications/api/document-sheet.mjs DocumentSheetV2#_initializeApplicationOptions
  override _initializeApplicationOptions(options: Obj): AppOptions {
    const o = super._initializeApplicationOptions(options);
    const doc = o.document as ClientDocument | null;
    if (!doc) throw misuse(`${this.constructor.name} needs a document`);
    o.uniqueId = `${this.constructor.name}-${doc.uuid.replace(/\./g, "-")}`;
    return o;
  }

  // v13 client/applications/api/document-sheet.mjs DocumentSheetV2#document
  get document(): ClientDocument {
    return this.options.document as ClientDocument;
  }
  // v13 client/applications/api/document-sheet.mjs DocumentSheetV2#isEditable
  get isEditable(): boolean {
    return this.document.isOwner;
  }
  // v13 client/applications/api/document-sheet.mjs DocumentSheetV2#title
  override get title(): string {
    const doc = this.document;
    const labels =
      (env.CONFIG[doc.documentName] as { typeLabels?: Record<string, string> }).typeLabels ?? {};
    const label = labels[String(doc._source.type)] ?? doc.documentName;
    return `${env.game.i18n.localize(label)}: ${doc.name}`;
  }
  // v13 client/applications/api/document-sheet.mjs DocumentSheetV2#_prepareContext
  override async _prepareContext(_options: Obj): Promise<Obj> {
    return {
      document: this.document,
      source: this.document._source,
      editable: this.isEditable,
      user: env.game.user,
      rootId: this.id,
    };
  }
}

/** ActorSheetV2 (v13 client/applications/sheets/actor-sheet.mjs): `actor` and `token` of the document. */
export class ActorSheetV2 extends DocumentSheetV2 {
  static override DEFAULT_OPTIONS: Obj = { classes: ["actor"] };
  // v13 client/applications/sheets/actor-sheet.mjs ActorSheetV2#actor
  get actor(): ClientDocument {
    return this.document;
  }
  // v13 client/applications/sheets/actor-sheet.mjs ActorSheetV2#token
  get token(): unknown {
    return (this.document as unknown as { token?: unknown }).token ?? null;
  }
}

/**
 * The core's own actor sheet (foundry.appv1.sheets.ActorSheet in v13), registered for every
 * actor type under scope "core" before systems initialize; the fake renders the name and the
 * system data (a stand-in, not Foundry's template).
 */
export class ActorSheet extends ActorSheetV2 {
  // v13 client/appv1/sheets/actor-sheet.mjs ActorSheet: a stand-in body (name and system data)
  override async _renderHTML(): Promise<HTMLElement> {
    const el = document.createElement("section");
    el.className = "core-actor-sheet";
    el.innerHTML = `<h2></h2><pre></pre>`;
    el.querySelector("h2")!.textContent = this.document.name;
    el.querySelector("pre")!.textContent = JSON.stringify(
      this.document._source.system ?? {},
      null,
      1,
    );
    return el;
  }
  // v13 client/appv1/sheets/actor-sheet.mjs ActorSheet: the body replaced on render
  override _replaceHTML(result: unknown, content: HTMLElement): void {
    content.replaceChildren(result as HTMLElement);
  }
}

type DocumentClassLike = { documentName: string };

/**
 * DocumentSheetConfig (v13 client/applications/apps/document-sheet-config.mjs, facts §12):
 * registerSheet(documentClass, scope, sheetClass, {types, makeDefault, label, canBeDefault,
 * canConfigure}) under the id "<scope>.<ClassName>" for each type (every type of the document
 * when none is given); unregisterSheet removes it; the default for a type is the one made
 * default last.
 */
export const DocumentSheetConfig = {
  // v13 client/applications/apps/document-sheet-config.mjs DocumentSheetConfig#registerSheet
  registerSheet(
    documentClass: DocumentClassLike,
    scope: string,
    sheetClass: { name: string },
    {
      types,
      makeDefault = false,
      label,
      canBeDefault = true,
      canConfigure = true,
    }: {
      types?: string[];
      makeDefault?: boolean;
      label?: string | (() => string);
      canBeDefault?: boolean;
      canConfigure?: boolean;
    } = {},
  ): void {
    const name = documentClass.documentName;
    const cfg = env.CONFIG[name] as { sheetClasses: Record<string, Record<string, Obj>> };
    const id = `${scope}.${sheetClass.name}`;
    for (const type of types ?? env.game.documentTypes[name] ?? ["base"]) {
      const regs = (cfg.sheetClasses[type] ??= {});
      if (makeDefault) for (const r of Object.values(regs)) r.default = false;
      regs[id] = {
        id,
        cls: sheetClass,
        default: makeDefault || Object.keys(regs).length === 0,
        label: typeof label === "function" ? label() : (label ?? id),
        canBeDefault,
        canConfigure,
      };
    }
  },

  // v13 client/applications/apps/document-sheet-config.mjs DocumentSheetConfig#unregisterSheet
  unregisterSheet(
    documentClass: DocumentClassLike,
    scope: string,
    sheetClass: { name: string },
    { types }: { types?: string[] } = {},
  ): void {
    const name = documentClass.documentName;
    const cfg = env.CONFIG[name] as { sheetClasses: Record<string, Record<string, Obj>> };
    const id = `${scope}.${sheetClass.name}`;
    for (const type of types ?? Object.keys(cfg.sheetClasses)) delete cfg.sheetClasses[type]?.[id];
  },

  /** The sheet classes registered for a document type (CONFIG[name].sheetClasses[type]). */
  // v13 client/applications/apps/document-sheet-config.mjs CONFIG[documentName].sheetClasses as DocumentSheetConfig keeps them
  sheetsFor(documentName: string, type: string): Obj[] {
    const cfg = env.CONFIG[documentName] as { sheetClasses: Record<string, Record<string, Obj>> };
    return Object.values(cfg.sheetClasses[type] ?? {});
  },
};

export { mergeObject };
