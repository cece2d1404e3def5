/**
 * `game.settings`: v13 client/helpers/client-settings.mjs (ClientSettings; API docs
 * foundry.helpers.ClientSettings). A setting must be registered before it is read or written
 * (`"<namespace>.<key>" is not a registered game setting` otherwise). World settings are
 * Setting documents every client holds (written through the server, which allows it only to
 * users with SETTINGS_MODIFY, Assistant GM by default); client settings live in this browser's
 * localStorage. Values are stored as JSON and cast back with the registered `type`; `onChange`
 * runs on every client when a world setting's document changes, on this client for a client
 * setting.
 */
import type { FakeSetting } from "./documents.ts";
import { docClass } from "./documents.ts";
import { env, misuse } from "./env.ts";
import type { Obj } from "./utils.ts";
import { Collection, deepClone, logCompatibilityWarning } from "./utils.ts";

export interface SettingConfig {
  namespace: string;
  key: string;
  name?: string;
  hint?: string;
  scope: "world" | "client" | "user";
  config?: boolean;
  restricted?: boolean;
  requiresReload?: boolean;
  type?: unknown;
  default?: unknown;
  choices?: Record<string, string>;
  range?: { min: number; max: number; step: number };
  onChange?: (value: unknown, options?: Obj) => void;
}

export class ClientSettings {
  readonly settings = new Map<string, SettingConfig>();
  /** The world's Setting documents by id (ClientSettings#storage.get("world"), a WorldSettings collection). */
  readonly world = new Collection<FakeSetting>();

  /** ClientSettings#register: namespace and key are required; scope defaults to client. */
  // v13 client/helpers/client-settings.mjs ClientSettings#register
  register(
    namespace: string,
    key: string,
    data: Omit<SettingConfig, "namespace" | "key" | "scope"> & { scope?: string },
  ): void {
    if (!namespace || !key)
      throw new Error("You must specify both namespace and key portions of the setting");
    const scope = ["client", "world", "user"].includes(String(data.scope))
      ? (data.scope as SettingConfig["scope"])
      : "client";
    this.settings.set(`${namespace}.${key}`, { ...data, namespace, key, scope });
  }

  // v13 client/helpers/client-settings.mjs ClientSettings#assertKey
  private config(namespace: string, key: string): SettingConfig {
    const id = `${namespace}.${key}`;
    const s = this.settings.get(id);
    if (!s) throw new Error(`"${id}" is not a registered game setting`);
    return s;
  }

  /** The world Setting document for a key (WorldSettings#getSetting). */
  // v13 client/helpers/client-settings.mjs WorldSettings#getSetting
  document(id: string): FakeSetting | undefined {
    return this.world.find((s) => s.key === id);
  }

  /** ClientSettings#get: the stored JSON, cast with the type, else the default. */
  // v13 client/helpers/client-settings.mjs ClientSettings#get
  get(namespace: string, key: string): unknown {
    if (namespace === "core" && key === "rollMode" && env.game.release.generation >= 14) {
      // v14 renames the setting to core.messageMode; reading the old name builds it through a
      // deprecated shim (client/game.mjs rollModeField.initialize, text as Foundry 14 logs it)
      logCompatibilityWarning(
        "The `core.rollMode` client setting is deprecated in favor of `core.messageMode`",
        { since: 14, until: 16 },
      );
      const m = String(this.get("core", "messageMode"));
      return (
        (
          { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" } as Record<
            string,
            string
          >
        )[m] ?? m
      );
    }
    const s = this.config(namespace, key);
    const id = `${namespace}.${key}`;
    let raw: string | null | undefined;
    if (s.scope === "world") raw = this.document(id)?.value;
    else raw = localStorage.getItem(id);
    if (raw === null || raw === undefined) return deepClone(s.default);
    return cast(s, JSON.parse(raw));
  }

  /**
   * ClientSettings#set: a world setting is created or updated as a Setting document (the server
   * refuses users without SETTINGS_MODIFY); a client setting is written to localStorage and its
   * onChange runs at once. Returns the value.
   */
  // v13 client/helpers/client-settings.mjs ClientSettings#set
  async set(namespace: string, key: string, value: unknown, options: Obj = {}): Promise<unknown> {
    const s = this.config(namespace, key);
    const id = `${namespace}.${key}`;
    const json = JSON.stringify(value);
    if (s.scope === "world") {
      const doc = this.document(id);
      const Setting = docClass("Setting");
      if (doc) await doc.update({ value: json }, options);
      else await Setting.create({ key: id, value: json }, options);
      return value;
    }
    localStorage.setItem(id, json);
    s.onChange?.(cast(s, value), options);
    return value;
  }

  /** Setting#_onCreate/_onUpdate: the registered onChange with the new value (world settings). */
  // v13 client/helpers/client-settings.mjs Setting#_onUpdate -> the setting's onChange
  onWorldChange(doc: FakeSetting): void {
    this.world.set(doc.id!, doc);
    const s = this.settings.get(doc.key);
    if (s?.onChange) s.onChange(cast(s, JSON.parse(doc.value)));
  }
}

/** ClientSettings#_castType-style casting for the constructor types Foundry accepts. */
// v13 client/helpers/client-settings.mjs ClientSettings#cast
function cast(s: SettingConfig, v: unknown): unknown {
  if (v === null || v === undefined) return v;
  if (s.type === Number) return Number(v);
  if (s.type === String) return String(v);
  if (s.type === Boolean) return Boolean(v);
  if (s.type === Object || s.type === Array || s.type === undefined) return v;
  throw misuse(
    `setting ${s.namespace}.${s.key}: the fake casts only Number, String, Boolean, Object`,
  );
}
