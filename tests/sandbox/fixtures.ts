/** Shared builders for the sandbox's unit tests. */
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { strings as en } from "../../src/sandbox/i18n.ts";
import type { Declaration, Session } from "../../src/rules/index.ts";
import { neighbours, playRound, sameSquare, startSession } from "../../src/rules/index.ts";
import type { Bot } from "../../src/rules/bots/index.ts";
import { createBot, decideFor } from "../../src/rules/bots/index.ts";
import { declareRenderer } from "../../src/sandbox/declare-render.ts";
import type { NewTableOptions } from "../../src/sandbox/table.ts";
import { setupFor } from "../../src/sandbox/table.ts";
import { makeLocalize } from "../../src/ui/handlebars-helpers.ts";

export const L = makeLocalize(en);
export const REPO = new URL("../../", import.meta.url);
export const readRepo = (path: string) => readFileSync(new URL(path, REPO), "utf8");

/** The shared template, rendered by the real handlebars package with the shared helpers. */
export function renderDeclare() {
  return declareRenderer(Handlebars.create(), readRepo("templates/declare-action.hbs"), L);
}

/**
 * Bots play `session` on, at most `rounds` rounds: each fisher able to act (K23: conscious, no
 * action lost) declares what its bot (`bots[i]` for fisher i) decides. With `revive`, the fallen
 * are revived each round. Stops early at the game's end or once `stop` says so after a round.
 */
export function playBots(
  session: Session,
  bots: readonly Bot[],
  rounds: number,
  o: { revive?: boolean; stop?: (s: Session, round: number) => boolean } = {},
): Session {
  let s = session;
  for (let round = 0; round < rounds && !s.state.over; round++) {
    const actions: Record<string, Declaration> = {};
    const revive: string[] = [];
    for (const [i, f] of s.state.fishers.entries()) {
      if (o.revive && (f.condition === "unconscious" || f.condition === "dying")) revive.push(f.id);
      if (f.condition !== "ok" || f.lostActions > 0) continue;
      const d = decideFor(bots[i]!, s.state);
      if (d) actions[f.id] = d;
    }
    const r = playRound(s, revive.length ? { actions, revive } : { actions });
    if (!r.ok) throw new Error(r.error.message);
    s = r.session;
    if (o.stop?.(s, round)) break;
  }
  return s;
}

/**
 * A docs picture's game: greedy bots on the given lake, seed after seed, until `good` says a round
 * shows what the picture is for (bot `i` is seeded `seed * botSeed + i`).
 */
export function pictureSession(
  lake: Omit<NewTableOptions, "seed">,
  botSeed: number,
  good: (s: Session, round: number) => boolean,
): Session {
  for (let seed = 1; seed < 400; seed++) {
    const start = startSession(setupFor({ ...lake, seed }));
    const bots = start.state.fishers.map((f, i) => createBot("greedy", f.id, seed * botSeed + i));
    let found = false;
    const s = playBots(start, bots, 12, { stop: (g, round) => (found = good(g, round)) });
    if (found) return s;
  }
  throw new Error("no picture game found");
}

export const SMALL: NewTableOptions = { width: 5, height: 5, levels: 2, fishers: 2, seed: 1 };

/**
 * Plays until the game holds a secret: a swarm moved in secret and unseen (K19), with GM-only
 * events in the log. Fishers catch where there are fish, else move into an unexplored square.
 * Seeds are tried from `firstSeed` on (a long one is easy to look for in a page's HTML).
 */
export function secretSession(maxSeed = 200, firstSeed = 1): Session {
  for (let seed = firstSeed; seed < firstSeed + maxSeed - 1; seed++) {
    let s = startSession(setupFor({ ...SMALL, seed }));
    for (let round = 0; round < 12 && !s.state.over; round++) {
      const st = s.state;
      const actions: Record<string, Declaration> = {};
      for (const f of st.fishers) {
        if (st.swarms.some((w) => sameSquare(w.at, f.at))) actions[f.id] = { action: "catch" };
        else {
          const ns = neighbours(st.lake, f.at);
          const fresh = ns.find(
            (c) => st.explored[c[0] + st.lake.width * (c[1] + st.lake.height * c[2])] === 0,
          );
          actions[f.id] = { action: "move", to: fresh ?? ns[0]! };
        }
      }
      const r = playRound(s, { actions });
      if (!r.ok) throw new Error(r.error.message);
      s = r.session;
      if (
        s.log.some((e) => e.audience === "gm") &&
        s.state.swarms.some((w) => !w.seen) &&
        !s.state.over
      )
        return s;
    }
  }
  throw new Error("no seed gave a game with a secret");
}
