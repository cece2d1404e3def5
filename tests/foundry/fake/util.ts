/**
 * Foundry's object helpers as the fake needs them: `expandObject` turns dotted keys into nested
 * objects and `mergeObject` merges an update into a source (objects recursively, arrays and
 * primitives replaced). API docs v13: foundry.utils.expandObject / mergeObject.
 */
export function expandObject(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    const parts = k.split(".");
    let node = out;
    for (const p of parts.slice(0, -1)) {
      if (typeof node[p] !== "object" || node[p] === null) node[p] = {};
      node = node[p] as Record<string, unknown>;
    }
    const last = parts.at(-1)!;
    node[last] = isPlain(v) ? expandObject(v as Record<string, unknown>) : v;
  }
  return out;
}

/**
 * A plain object, where mergeObject recurses: foundry.utils.getType(v) === "Object" (v13
 * common/utils/helpers.mjs); looser here, any non-array object counts.
 */
function isPlain(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * foundry.utils.mergeObject(source, update, {inplace: false}) (v13 common/utils/helpers.mjs):
 * dotted keys expanded, objects merged, the rest replaced; no `-=key` deletions (the module sends
 * none).
 */
export function mergeObject<T>(source: T, update: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...(source as Record<string, unknown>) };
  for (const [k, v] of Object.entries(expandObject(update))) {
    out[k] = isPlain(v) && isPlain(out[k]) ? mergeObject(out[k], v) : clone(v);
  }
  return out as T;
}

/** test-only: what crosses the network is JSON, so the fake copies every payload this way. */
export function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** test-only: freezes a JSON value through and through (a read-only view of a document). */
export function deepFreeze<T>(v: T): T {
  if (typeof v === "object" && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v as object)) deepFreeze(x);
  }
  return v;
}
