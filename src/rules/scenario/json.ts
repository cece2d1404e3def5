/**
 * JSON.parse that also refuses a key given twice in one object (so "a second action for one
 * fisher" is an error, not a silent overwrite), naming the field.
 */
export type JsonResult =
  | { ok: true; value: unknown }
  | {
      ok: false;
      code: "badJson" | "duplicateKey";
      field: string;
      message: string;
      /** For `badJson`: where the text stops being JSON, counted from 1, and the parser's reason. */
      at?: { readonly line: number; readonly column: number; readonly reason: string };
    };

export function parseJsonStrict(text: string): JsonResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    // the parser's words without its own position or its quote of the text (we give line and column)
    const reason = (e as Error).message
      .replace(/\s+in JSON at position \d+.*$/, "")
      .replace(/, (?:\.\.\.)?".*" is not valid JSON$/s, "")
      .replace(/\s+at position \d+.*$/, "");
    const at = { ...lineColumn(text, jsonErrorOffset(text)), reason };
    return {
      ok: false,
      code: "badJson",
      field: "(file)",
      message: `not valid JSON at line ${at.line}, column ${at.column}: ${reason}`,
      at,
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

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}

/**
 * The offset of the first character where `text` stops being JSON (RFC 8259), the text's length
 * when it ends too early. Only called on text that `JSON.parse` refused.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  class Stop {
    constructor(readonly at: number) {}
  }
  const stop = (at = i): never => {
    throw new Stop(at);
  };
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i]!)) i++;
  };
  const expect = (c: string) => (text[i] === c ? i++ : stop());
  const str = () => {
    expect('"');
    for (;;) {
      if (i >= text.length) stop();
      const c = text[i]!;
      if (c === '"') return void i++;
      if (c < " ") stop();
      if (c === "\\") {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) stop(i + 1);
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else stop(i + 1);
      } else i++;
    }
  };
  const val = (): void => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") return void i++;
      for (;;) {
        ws();
        str();
        ws();
        expect(":");
        val();
        ws();
        if (text[i] === ",") i++;
        else return void expect("}");
      }
    }
    if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") return void i++;
      for (;;) {
        val();
        ws();
        if (text[i] === ",") i++;
        else return void expect("]");
      }
    }
    if (c === '"') return str();
    for (const word of ["true", "false", "null"])
      if (c === word[0]) {
        for (const ch of word) expect(ch);
        return;
      }
    if (c === "-") i++;
    const m = /^(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) stop();
    i += m![0].length;
  };
  try {
    val();
    ws();
    if (i < text.length) stop();
  } catch (e) {
    if (e instanceof Stop) return Math.min(e.at, text.length);
    throw e;
  }
  return text.length;
}
