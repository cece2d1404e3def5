/** The chat-like log: every event type as a localized line; whispers only for their audience. */
import { describe, expect, it } from "vitest";
import type { Declaration, GameEvent, Viewer } from "../../src/rules/index.ts";
import { eventsFor, viewFor } from "../../src/rules/index.ts";
import { decideFor, createBot } from "../../src/rules/bots/index.ts";
import { playRound, startSession } from "../../src/rules/index.ts";
import { logHtml, logLines } from "../../src/sandbox/log-view.ts";
import { setupFor } from "../../src/sandbox/table.ts";
import { L, secretSession } from "./fixtures.ts";

/** A long greedy game on a deep lake, so most event types occur (hazards, explorations, herds...). */
function botGame(seed: number) {
  let s = startSession(setupFor({ width: 4, height: 4, levels: 4, fishers: 4, seed }));
  const bots = s.state.fishers.map((f, i) => createBot("greedy", f.id, seed * 10 + i));
  for (let round = 0; round < 150 && !s.state.over; round++) {
    const actions: Record<string, Declaration> = {};
    const revive: string[] = [];
    for (const [i, f] of s.state.fishers.entries()) {
      if (f.condition === "unconscious" || f.condition === "dying") revive.push(f.id);
      if (f.condition !== "ok" || f.lostActions > 0) continue;
      const d = decideFor(bots[i]!, s.state);
      if (d) actions[f.id] = d;
    }
    const r = playRound(s, revive.length ? { actions, revive } : { actions });
    if (!r.ok) throw new Error(r.error.message);
    s = r.session;
  }
  return s;
}

describe("log", () => {
  it("every event is a localized sentence with no unresolved key or placeholder", () => {
    const types = new Set<GameEvent["type"]>();
    for (const seed of [1, 2, 3]) {
      const s = botGame(seed);
      const lines = logLines(viewFor(s.state, "gm"), s.log, L);
      expect(lines.length).toBe(s.log.length);
      for (const l of lines) {
        types.add(l.kind);
        expect(l.text).not.toMatch(/KOLIKOLY\.|\{[a-z]+\}|undefined|NaN/i);
        expect(l.text.length).toBeGreaterThan(3);
      }
    }
    for (const t of [
      "declared",
      "check",
      "moved",
      "explored",
      "caught",
      "fishMoved",
      "roundEnd",
    ] as const)
      expect(types).toContain(t);
  });

  it("K19 whispers: GM lines are marked and reach only the GM; a fisher's own lines only that fisher", () => {
    const s = secretSession();
    const gm = logLines(viewFor(s.state, "gm"), eventsFor(s.log, "gm"), L);
    const secret = gm.filter((l) => l.whisper === L("KOLIKOLY.Sandbox.Log.ToGm"));
    expect(secret.length).toBeGreaterThan(0);
    for (const viewer of ["player", { fisher: "ana" }, { fisher: "bo" }] as Viewer[]) {
      const events = eventsFor(s.log, viewer);
      const lines = logLines(viewFor(s.state, viewer), events, L);
      const html = logHtml(lines, L);
      for (const l of secret) expect(html).not.toContain(l.text);
      for (const [i, e] of events.entries())
        if (e.audience !== "all")
          expect(lines[i]!.whisper).toBe(
            L("KOLIKOLY.Sandbox.Log.ToFisher", {
              name: typeof viewer === "object" ? (viewer.fisher === "ana" ? "Ana" : "Bo") : "",
            }),
          );
    }
  });

  it("groups lines under one heading per round and escapes text", () => {
    const html = logHtml(
      [
        { round: 1, kind: "roundEnd", text: "a <b>", whisper: "" },
        { round: 1, kind: "roundEnd", text: "b", whisper: "to the GM" },
        { round: 2, kind: "roundEnd", text: "c", whisper: "" },
      ],
      L,
    );
    expect(html.match(/kolikoly-log__round/g)!.length).toBe(2);
    expect(html).toContain("a &lt;b&gt;");
    expect(html).toContain("kolikoly-log__line--whisper");
  });
});
