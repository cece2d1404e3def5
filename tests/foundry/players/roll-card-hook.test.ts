/**
 * The roll card's buttons (src/foundry/hooks/players.ts, its renderChatMessageHTML listener) on a
 * player's client, outside the browser: the real listener, given the card as that client holds it
 * in the behavioural fake and drawn into jsdom as Foundry v13 draws a chat message
 * (ChatMessage#renderHTML, client/documents/chat-message.mjs: an `li.chat-message` with the
 * content in `.message-content`, then the hook with the element). A card counts only when a GM
 * client wrote it: anyone may create a chat message as themselves, flags included
 * (BaseChatMessage permissions; the fake server sets `author` to the creating user), so a
 * player's copy of the GM's card, same content and same flag, must not roll anything.
 */
import { JSDOM } from "jsdom";
import { afterEach, describe, expect, test, vi } from "vitest";
import { authorIdOf } from "../../../src/foundry/core/compat.ts";
import type { HookSink } from "../../../src/foundry/hooks/hook-list.ts";
import { listen } from "../../../src/foundry/hooks/players.ts";
import { checksFlagOf } from "../../../src/foundry/players/roll-card.ts";
import type { PlayerMessage } from "../../../src/foundry/players/port.ts";
import { declareTrackAndCatch, dnd5eActors, settleClients } from "./actors.ts";
import type { PlayerClient, PlayerTable } from "./fake-players.ts";
import { lakeOn, makePlayerTable } from "./fake-players.ts";

let clients: PlayerClient[] = [];
afterEach(() => {
  clients = [];
  vi.unstubAllGlobals();
});

const settle = () => settleClients(clients);

/** A dnd5e table whose round 1 is locked: Ana tracks, Bo catches, the roll card posted. */
async function locked(): Promise<{ t: PlayerTable; lake: string }> {
  const t = await makePlayerTable({ system: "dnd5e" });
  clients = [t.gm, t.gm2, ...t.players];
  dnd5eActors(t, [11, 16]);
  const lake = await lakeOn(t);
  await declareTrackAndCatch(t, lake);
  await settle();
  return { t, lake };
}

/**
 * The players' hook listener of one client, as module.ts registers it, with `game.scenes` as
 * that client holds the scenes (v13 client/documents/collections/scenes.mjs: a WorldCollection
 * whose `contents` are the Scene documents, each with its `id` and `flags`).
 */
function renderHookOf(c: PlayerClient): (message: unknown, html: HTMLElement) => unknown {
  const added = new Map<string, (...args: never[]) => unknown>();
  const sink: HookSink = {
    on: (name, fn) => void added.set(name, fn),
    once: (name, fn) => void added.set(name, fn),
  };
  const never = () => {
    throw new Error("roll-card-hook test: no declaration window or square pick here");
  };
  listen(
    () => c.runtime!,
    () => c.wiring!,
    sink,
    never,
    never,
  );
  vi.stubGlobal("game", {
    scenes: { contents: c.scenes().map((s) => ({ id: s._id, flags: s.flags })) },
  });
  const fn = added.get("renderChatMessageHTML");
  if (!fn) throw new Error("roll-card-hook test: players.ts no longer listens to the chat render");
  return fn as (message: unknown, html: HTMLElement) => unknown;
}

/** A message drawn on a client: ChatMessage#renderHTML's element, then the hook. */
function draw(c: PlayerClient, m: PlayerMessage): HTMLElement {
  const { document } = new JSDOM("").window;
  const li = document.createElement("li");
  li.className = "chat-message message flexcol";
  const content = document.createElement("div");
  content.className = "message-content";
  content.innerHTML = m.content ?? "";
  li.append(document.createElement("header"), content);
  // v13 ChatMessage#author is the author's User document
  renderHookOf(c)({ ...m, author: { id: authorIdOf(m) } }, li);
  return li;
}

const buttons = (li: HTMLElement) => [
  ...li.querySelectorAll<HTMLButtonElement>("button[data-action=kolikoly-roll]"),
];
const rollMessages = (t: PlayerTable) => t.gm.messageList().filter((m) => m.rolls?.length);
const pendingTotals = (t: PlayerTable, lake: string) =>
  t.server.truth.store.get(lake)!.pending.totals;

describe("K6: the roll card's buttons show and roll only on a card a GM wrote", () => {
  test("K6: Ana's copy of the GM's roll card rolls nothing; the GM's card gives each player their own fisher's button, which rolls", async () => {
    const { t, lake } = await locked();
    const [a, b] = t.players;
    const card = a.messageList().find((m) => checksFlagOf(m))!;
    expect(authorIdOf(card)).toBe(t.userIds.gm);
    expect(buttons(draw(a, card)).length).toBeGreaterThan(0);

    // Ana posts the card again as herself, its content and its flag copied from the GM's
    await a.write([
      { kind: "chat.create", data: [{ content: card.content!, flags: card.flags! }] },
    ]);
    await settle();
    const copy = a.messageList().find((m) => checksFlagOf(m) && m.id !== card.id)!;
    expect(authorIdOf(copy)).toBe(t.userIds.a);
    // no roll button shows on her copy, on any client
    for (const c of [a, b, t.gm]) expect(buttons(draw(c, copy))).toEqual([]);
    await settle();
    await settle();
    expect(rollMessages(t)).toEqual([]);
    expect(pendingTotals(t, lake)).toEqual({});

    // the GM's card: each player keeps only their own fisher's button, and it rolls
    expect(buttons(draw(b, card)).map((x) => x.dataset.fisher)).toEqual(["f2"]);
    const mine = buttons(draw(a, card));
    expect(mine.map((x) => x.dataset.fisher)).toEqual(["f1"]);
    mine[0]!.click();
    for (let i = 0; i < 5 && !pendingTotals(t, lake).f1; i++) await settle();
    expect(rollMessages(t).map((m) => authorIdOf(m))).toEqual([t.userIds.a]);
    expect(pendingTotals(t, lake)).toEqual({ f1: { total: 15, natural: 11 } });
  });
});
