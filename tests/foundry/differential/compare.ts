/** Where two plain JSON values first differ, as a path and the two values there (short). */
export function firstDifference(a: unknown, b: unknown, path = ""): string | undefined {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  const at = path || "(whole)";
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
  } else if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      const d = firstDifference(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        path ? `${path}.${k}` : k,
      );
      if (d) return d;
    }
  }
  const short = (v: unknown) => {
    const s = JSON.stringify(v) ?? "none";
    return s.length > 200 ? `${s.slice(0, 200)}...` : s;
  };
  return `${at}: module ${short(a)} / engine ${short(b)}`;
}
