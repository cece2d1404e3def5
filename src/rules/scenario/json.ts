/**
 * JSON.parse that also refuses a key given twice in one object (so "a second action for one
 * fisher" is an error, not a silent overwrite), naming the field.
 */
export type JsonResult =
  | { ok: true; value: unknown }
  | { ok: false; code: "badJson" | "duplicateKey"; field: string; message: string };

export function parseJsonStrict(text: string): JsonResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      code: "badJson",
      field: "(file)",
      message: `not valid JSON: ${(e as Error).message}`,
    };
  }
  const dup = findDuplicateKey(text);
  return dup
    ? { ok: false, code: "duplicateKey", field: dup, message: "is given twice" }
    : { ok: true, value };
}

/** Scans valid JSON text; returns the path of the first duplicated key, if any. */
function findDuplicateKey(text: string): string | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i]!)) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const val = (path: string): string | undefined => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const seen = new Set<string>();
      ws();
      if (text[i] === "}") return (i++, undefined);
      for (;;) {
        ws();
        const key = str();
        const sub =
          path === ""
            ? key
            : /^[A-Za-z_$][\w$]*$/.test(key)
              ? `${path}.${key}`
              : `${path}["${key}"]`;
        if (seen.has(key)) return sub;
        seen.add(key);
        ws();
        i++; // :
        const d = val(sub);
        if (d) return d;
        ws();
        if (text[i++] === "}") return undefined;
      }
    }
    if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") return (i++, undefined);
      for (let n = 0; ; n++) {
        const d = val(`${path}[${n}]`);
        if (d) return d;
        ws();
        if (text[i++] === "]") return undefined;
      }
    }
    if (c === '"') {
      str();
      return undefined;
    }
    while (i < text.length && !",]} \t\r\n".includes(text[i]!)) i++;
    return undefined;
  };
  return val("");
}
