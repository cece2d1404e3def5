/**
 * The hot seat's GM gate (src/sandbox/gm-gate.ts): which view changes need the GM, and the
 * passphrase kept only as a hash; and a URL whose every parameter is refused never replacing
 * the kept game.
 */
import { describe, expect, it } from "vitest";
import { needsGm, passphraseHash, passphraseMatches } from "../../src/sandbox/gm-gate.ts";
import { kayanakOptionsFromQuery } from "../../src/sandbox/kayanak/table.ts";
import { optionsFromQuery, refusedError, urlStartsGame } from "../../src/sandbox/table.ts";

describe("the GM gate", () => {
  it("a player's view reaches the GM's or another player's only through the GM", () => {
    expect(needsGm({ fisher: "bo" }, "gm")).toBe(true);
    expect(needsGm({ fisher: "bo" }, { fisher: "ana" })).toBe(true);
    expect(needsGm("player", { fisher: "ana" })).toBe(true);
    expect(needsGm("player", "gm")).toBe(true);
  });
  it("the GM's view goes anywhere, and a player may give up what they know", () => {
    expect(needsGm("gm", { fisher: "ana" })).toBe(false);
    expect(needsGm("gm", "player")).toBe(false);
    expect(needsGm({ fisher: "bo" }, "player")).toBe(false);
    expect(needsGm({ fisher: "bo" }, { fisher: "bo" })).toBe(false);
  });
  it("keeps a hash of the passphrase, never the passphrase", async () => {
    const hash = await passphraseHash("pike at dawn");
    expect(hash).not.toContain("pike");
    expect(await passphraseMatches(hash, "pike at dawn")).toBe(true);
    expect(await passphraseMatches(hash, "pike at dusk")).toBe(false);
  });
});

describe("a refused URL never replaces the kept game", () => {
  it("?fishers=99 starts no game; ?fishers=3 does", () => {
    const bad = "?fishers=99";
    expect(urlStartsGame(bad, optionsFromQuery(bad).refused)).toBe(false);
    const good = "?fishers=3&levels=99";
    expect(urlStartsGame(good, optionsFromQuery(good).refused)).toBe(true);
    const ky = "?game=kayanak&width=99";
    expect(urlStartsGame(ky, kayanakOptionsFromQuery(ky).refused)).toBe(false);
    expect(urlStartsGame("?game=chess", [])).toBe(false);
  });
  it("says the kept game is played", () => {
    const error = refusedError(optionsFromQuery("?fishers=99").refused, true);
    expect(error?.key).toBe("KOLIKOLY.Sandbox.Error.UrlKept");
  });
});
