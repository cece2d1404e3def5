/**
 * `foundry.utils` as far as the module and this fake use it: v13 common/utils/helpers.mjs
 * (API docs foundry.utils.*), and `Collection` (v13 common/utils/collection.mjs).
 */
export type Obj = Record<string, unknown>;

/** getType (helpers.mjs): "Object" for plain objects, else a few built-in names. */
export function getType(v: unknown): string {
  if (v === null) return "null";
  if (v === undefined) return "undefined";
  if (Array.isArray(v)) return "Array";
  if (v instanceof Set) return "Set";
  if (v instanceof Map) return "Map";
  if (typeof v !== "object") return typeof v;
  const proto = Object.getPrototypeOf(v) as object | null;
  return proto === Object.prototype || proto === null ? "Object" : "Unknown";
}

// v13 common/utils/helpers.mjs#isPlain
export function isPlain(v: unknown): v is Obj {
  return getType(v) === "Object";
}

/**
 * deepClone (helpers.mjs): arrays, plain objects and Dates are copied; any other object (a
 * class instance) is kept by reference, as Foundry does.
 */
export function deepClone<T>(v: T): T {
  if (v instanceof Date) return new Date(v.getTime()) as T;
  if (Array.isArray(v)) return v.map((x) => deepClone(x)) as T;
  if (isPlain(v)) {
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) out[k] = deepClone(x);
    return out as T;
  }
  return v;
}

/** expandObject (helpers.mjs): dotted keys become nested objects. */
export function expandObject(o: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) setProperty(out, k, isPlain(v) ? expandObject(v) : v);
  return out;
}

/** flattenObject (helpers.mjs): nested objects become dotted keys; empty objects stay as {}. */
export function flattenObject(o: Obj, _d = 0): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) {
    if (isPlain(v) && Object.keys(v).length) {
      for (const [ik, iv] of Object.entries(flattenObject(v, _d + 1))) out[`${k}.${ik}`] = iv;
    } else out[k] = v;
  }
  return out;
}

/** getProperty (helpers.mjs): a dotted path into an object; undefined when a step is missing. */
export function getProperty(o: unknown, key: string): unknown {
  let node = o;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Obj)[part];
  }
  return node;
}

/** setProperty (helpers.mjs): creates the inner objects it needs; true when the value changed. */
export function setProperty(o: Obj, key: string, value: unknown): boolean {
  const parts = key.split(".");
  let node = o;
  for (const p of parts.slice(0, -1)) {
    if (typeof node[p] !== "object" || node[p] === null) node[p] = {};
    node = node[p] as Obj;
  }
  const last = parts.at(-1)!;
  const changed = node[last] !== value;
  node[last] = value;
  return changed;
}

/** isEmpty (helpers.mjs): undefined, null, [], {} and empty Maps and Sets. */
export function isEmpty(v: unknown): boolean {
  switch (getType(v)) {
    case "undefined":
    case "null":
      return true;
    case "Array":
      return (v as unknown[]).length === 0;
    case "Object":
      return Object.keys(v as Obj).length === 0;
    case "Set":
    case "Map":
      return (v as Set<unknown>).size === 0;
    default:
      return false;
  }
}

export interface MergeOptions {
  insertKeys?: boolean;
  insertValues?: boolean;
  overwrite?: boolean;
  recursive?: boolean;
  inplace?: boolean;
  performDeletions?: boolean;
}

/**
 * mergeObject (helpers.mjs): dotted keys of either side are expanded first; `-=key` deletes
 * with performDeletions, `==key` replaces the inner object whole (v13 forced replacement,
 * API docs foundry.utils.isDeletionKey); objects merge recursively, anything else replaces.
 */
export function mergeObject<T extends Obj>(original: T, other: Obj = {}, o: MergeOptions = {}): T {
  const {
    insertKeys = true,
    insertValues = true,
    overwrite = true,
    recursive = true,
    inplace = true,
    performDeletions = false,
  } = o;
  let target = (inplace ? original : deepClone(original)) as Obj;
  if (Object.keys(target).some((k) => k.includes("."))) target = expandObject(target);
  const src = Object.keys(other).some((k) => k.includes(".")) ? expandObject(other) : other;
  for (const [rawKey, v] of Object.entries(src)) {
    if (rawKey.startsWith("-=")) {
      if (performDeletions) delete target[rawKey.slice(2)];
      else target[rawKey] = v;
      continue;
    }
    if (rawKey.startsWith("==")) {
      target[rawKey.slice(2)] = deepClone(v);
      continue;
    }
    const exists = rawKey in target;
    const cur = target[rawKey];
    if (isPlain(v) && recursive) {
      if (isPlain(cur)) mergeObject(cur, v, { ...o, inplace: true });
      else if (exists ? overwrite : insertValues)
        target[rawKey] = mergeObject({}, v, { ...o, inplace: true });
      continue;
    }
    if (exists ? overwrite : insertKeys) target[rawKey] = deepClone(v);
  }
  return target as T;
}

/**
 * diffObject (helpers.mjs): what `other` changes in `original`; nested objects are diffed
 * recursively and left out when nothing inside changed.
 */
export function diffObject(original: Obj, other: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(other)) {
    const cur = original[k];
    if (isPlain(v) && isPlain(cur) && !k.startsWith("==")) {
      const inner = diffObject(cur, v);
      if (!isEmpty(inner)) out[k] = inner;
    } else if (JSON.stringify(cur) !== JSON.stringify(v) || !(k in original)) out[k] = v;
  }
  return out;
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** randomID (helpers.mjs): 16 alphanumeric characters from a crypto source. */
export function randomID(length = 16): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => ID_CHARS[b % ID_CHARS.length]).join("");
}

/** isSubclass (helpers.mjs). */
export function isSubclass(cls: unknown, parent: unknown): boolean {
  if (typeof cls !== "function" || typeof parent !== "function") return false;
  return cls === parent || (cls as { prototype: object }).prototype instanceof parent;
}

/**
 * saveDataToFile (v13 client/utils/helpers.mjs): a Blob URL on an anchor with `download`,
 * clicked by a synthetic MouseEvent; the browser saves the file.
 */
export function saveDataToFile(data: string, type: string, filename: string): void {
  const blob = new Blob([data], { type });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  a.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
  setTimeout(() => URL.revokeObjectURL(a.href), 100);
}

/**
 * Collection (v13 common/utils/collection.mjs): a Map with `contents`, array-like helpers,
 * `getName`, and `get(key, {strict})` that throws for a missing key when strict.
 */
export class Collection<V> extends Map<string, V> {
  // v13 common/utils/collection.mjs Collection#[Symbol.iterator]: a Collection iterates its values
  override *[Symbol.iterator](): MapIterator<[string, V]> {
    yield* this.values() as unknown as MapIterator<[string, V]>;
  }

  // v13 common/utils/collection.mjs Collection#contents
  get contents(): V[] {
    return [...this.values()];
  }

  // v13 common/utils/collection.mjs Collection#get
  override get(key: string, { strict = false } = {}): V | undefined {
    const v = super.get(key);
    if (strict && v === undefined)
      throw new Error(`The key ${key} does not exist in the ${this.constructor.name} Collection`);
    return v;
  }

  // v13 common/utils/collection.mjs Collection#find
  find(fn: (v: V) => boolean): V | undefined {
    return this.contents.find(fn);
  }

  // v13 common/utils/collection.mjs Collection#filter
  filter(fn: (v: V) => boolean): V[] {
    return this.contents.filter(fn);
  }

  // v13 common/utils/collection.mjs Collection#map
  map<T>(fn: (v: V) => T): T[] {
    return this.contents.map(fn);
  }

  // v13 common/utils/collection.mjs Collection#some
  some(fn: (v: V) => boolean): boolean {
    return this.contents.some(fn);
  }

  // v13 common/utils/collection.mjs Collection#getName
  getName(name: string): V | undefined {
    return this.find((v) => (v as { name?: string }).name === name);
  }
}

/**
 * foundry.utils.logCompatibilityWarning(message, {since, until}) (v13 common/utils/logging.mjs,
 * lines 21-60): the message, then "Deprecated since Version <since>" and "Backwards-compatible
 * support will be removed in Version <until>", logged as a warning with its stack. The boot test
 * fails on any such warning (the module must use each generation's own words).
 */
export function logCompatibilityWarning(
  message: string,
  { since, until }: { since?: number; until?: number } = {},
): void {
  let text = message;
  if (since !== undefined) text += `\nDeprecated since Version ${since}`;
  if (until !== undefined)
    text += `\nBackwards-compatible support will be removed in Version ${until}`;
  console.warn(`Error: ${text}`);
}
