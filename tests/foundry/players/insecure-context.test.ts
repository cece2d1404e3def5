/**
 * Issue 10 (item 2's constraint) / issue 9 (Foundry as tables really run it): the browser offers
 * `crypto.subtle` only in secure contexts, and many tables reach Foundry over plain http on a LAN
 * address. A player's declaration must not depend on it.
 */
import { afterEach, describe, expect, test } from "vitest";
import { sha256 } from "../../../src/foundry/players/attest.ts";
import { lakeOn, makePlayerTable } from "./fake-players.ts";

const subtle = Object.getOwnPropertyDescriptor(globalThis.crypto, "subtle");

describe("a table on plain http (no crypto.subtle)", () => {
  afterEach(() => {
    if (subtle) Object.defineProperty(globalThis.crypto, "subtle", subtle);
  });

  test("K5: players commit to their key and declare without crypto.subtle", async () => {
    Object.defineProperty(globalThis.crypto, "subtle", { value: undefined, configurable: true });
    expect(globalThis.crypto.subtle).toBeUndefined();
    expect(await sha256("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    const t = await makePlayerTable();
    const lake = await lakeOn(t);
    const reply = await t.players[0].wiring!.player.declare({
      lake,
      fisher: "f1",
      round: 1,
      declaration: { action: "catch" },
    });
    expect(reply).toMatchObject({ ok: true });
  });
});
