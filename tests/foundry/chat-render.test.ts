/**
 * Secret cards as the chat log draws them (issue 9). Foundry draws a message the moment a client
 * receives it; the GM and private cards are placeholders filled in from what that client knows,
 * and that knowledge arrives after the message: the GM record is written last (the commit
 * point), a fisher's private news by query after the round. So each is drawn again when it
 * arrives, or the details would never show.
 */
import { describe, expect, test } from "vitest";
import { MODULE_ID } from "../../src/foundry/core/constants.ts";
import type { MessageDoc } from "./fake/server.ts";
import type { CardFlag } from "../../src/foundry/fishing/cards.ts";
import { declareAll, setUpLake } from "./fake/measure.ts";
import { makeTable } from "./fake/world.ts";

const kindOf = (m: MessageDoc) => (m.flags[MODULE_ID] as { kind?: string } | undefined)?.kind;

describe("secret cards in the chat log (issue 9)", () => {
  test("K12: the tracker's owner sees the private news in the card as drawn, live; the other player never does", async () => {
    for (const generation of [13, 14] as const) {
      const t = await makeTable({ generation, fishers: 2 });
      const { host, id } = await setUpLake(t, 4, 4);
      await host.setDeclaration(id, "f1", { action: "track", target: [1, 1, 0] });
      await host.setDeclaration(id, "f2", { action: "catch" });
      await host.setTotal(id, "f1", { total: 12 });
      const r = await host.resolveRound(id);
      if (!r.ok) throw new Error(r.error.code);
      const [ana, bo] = t.players;
      const whisper = ana.messages().find((m) => kindOf(m) === "private")!;
      expect((await ana.drawn()).get(whisper._id)).toContain("tracks [1,1,0]");
      expect((await bo.drawn()).get(whisper._id) ?? "").not.toContain("tracks");
    }
  });

  test("K19: each GM card is drawn with its own round's secrets, from the record written after it", async () => {
    const t = await makeTable({ generation: 13, fishers: 2 });
    const { host, id } = await setUpLake(t, 6, 4);
    for (let round = 1; round <= 6; round++) {
      await declareAll(host, id, round);
      const r = await host.resolveRound(id);
      if (!r.ok) throw new Error(r.error.code);
    }
    const log = await t.gm.drawn();
    const cards = t.gm.messages().filter((m) => kindOf(m) === "gm");
    expect(cards.length).toBe(6);
    let secrets = 0;
    for (const card of cards) {
      const details = await host.gmDetails(card.flags[MODULE_ID] as CardFlag);
      expect(log.get(card._id)).toBe(card.content + details);
      if (!details!.includes("Nothing secret happened.")) secrets++;
    }
    expect(secrets).toBeGreaterThan(0);
  });
});
