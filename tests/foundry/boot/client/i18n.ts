/**
 * `game.i18n`: v13 client/helpers/localization.mjs (read from a core source copy, code index
 * file id 18316906911). Translations come from core `lang/<lang>.json`, the system's and every
 * active module's `languages` entries for the language, each fetched over HTTP, expanded and
 * merged in that order; English is loaded as the fallback for other languages. `localize`
 * returns the key itself when neither has it, `format` replaces every `{name}` with
 * `data[name]` (so a missing name prints "undefined", as Foundry's does).
 *
 * The fake also records every key that `localize`/`format` gave back untranslated, so the boot
 * test can fail on a missing localization key.
 */
import type { Obj } from "./utils.ts";
import { expandObject, getProperty, mergeObject } from "./utils.ts";

export interface LanguageEntry {
  lang: string;
  name?: string;
  path: string;
  system?: string;
  module?: string;
}

export interface PackageLike {
  id: string;
  active?: boolean;
  languages: LanguageEntry[];
}

/** A key-shaped string (dotted, no spaces): only those count as missing keys. */
const KEY = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;

export class Localization {
  lang: string;
  translations: Obj = {};
  _fallback: Obj = {};
  /** Keys localized on this client that no dictionary holds (the fake's own record). */
  readonly missing = new Set<string>();

  // v13 client/helpers/localization.mjs Localization#constructor (the page sets the language at initialize)
  constructor(lang = "en") {
    this.lang = lang;
  }

  /**
   * Localization#initialize/#getTranslations: core, system, then module files for `lang`
   * (module entries only for active modules), and English again as the fallback.
   */
  // v13 client/helpers/localization.mjs Localization#initialize
  async initialize(
    lang: string,
    system: PackageLike,
    modules: readonly PackageLike[],
  ): Promise<void> {
    this.lang = lang;
    document.documentElement.setAttribute("lang", lang);
    this.translations = await this.load(lang, system, modules);
    if (lang !== "en") this._fallback = await this.load("en", system, modules);
  }

  // v13 client/helpers/localization.mjs Localization#getTranslations
  private async load(
    lang: string,
    system: PackageLike,
    modules: readonly PackageLike[],
  ): Promise<Obj> {
    const paths = [`lang/${lang}.json`];
    const pick = (p: PackageLike) =>
      p.languages
        .filter((l) => l.lang === lang && (!l.system || l.system === system.id))
        .map((l) => l.path);
    paths.push(...pick(system).map((x) => `systems/${system.id}/${x}`));
    for (const m of modules)
      if (m.active) paths.push(...pick(m).map((x) => `modules/${m.id}/${x}`));
    const out: Obj = {};
    for (const json of await Promise.all(paths.map((p) => this.file(p))))
      mergeObject(out, json, { inplace: true });
    return out;
  }

  /** #loadTranslationFile: a failed fetch logs an error and gives {}; the JSON is expanded. */
  // v13 client/helpers/localization.mjs Localization#loadTranslationFile
  private async file(src: string): Promise<Obj> {
    const resp = await fetch(src).catch(() => undefined);
    if (!resp || resp.status !== 200) {
      console.error(`Foundry VTT | Unable to load requested localization file ${src}`);
      return {};
    }
    return expandObject((await resp.json()) as Obj);
  }

  /** Localization#has(stringId, fallback = true). */
  // v13 client/helpers/localization.mjs Localization#has
  has(key: string, fallback = true): boolean {
    if (typeof getProperty(this.translations, key) === "string") return true;
    return fallback && typeof getProperty(this._fallback, key) === "string";
  }

  /** Localization#localize: the translation, the fallback's, else the key itself. */
  // v13 client/helpers/localization.mjs Localization#localize
  localize(key: string): string {
    const v = getProperty(this.translations, key) ?? getProperty(this._fallback, key);
    if (typeof v === "string") return v;
    if (typeof key === "string" && KEY.test(key)) this.missing.add(key);
    return key;
  }

  /** Localization#format: every `{name}` becomes `data[name]` (String of undefined when absent). */
  // v13 client/helpers/localization.mjs Localization#format
  format(key: string, data: Obj = {}): string {
    return this.localize(key).replace(/{[^}]+}/g, (k) => String(data[k.slice(1, -1)]));
  }
}
