/**
 * The passphrase copy of the GM store's keys (issue 20 item 11, store/passphrase.ts and
 * store/key-copy.ts): a GM keeps it in the store and any GM browser unlocks it once; a wrong
 * passphrase, a changed copy or a forged costly one takes nothing; players can neither write nor
 * read it, and the keys never travel to them.
 */
import { JSDOM } from "jsdom";
import { describe, expect, test } from "vitest";
import { TEMPLATE_ROOT } from "../../src/foundry/core/constants.ts";
import { keyCopyLine } from "../../src/foundry/apps/key-copy-dialog.ts";
import type { KdfParams } from "../../src/foundry/core/store/passphrase.ts";
import {
  KDF_PARAMS,
  WRAPPED_DOC_ID,
  isWrappedKeys,
} from "../../src/foundry/core/store/passphrase.ts";
import { unwrapKeys, wrapKeys } from "../../src/foundry/core/store/wrap.ts";
import { KeyCopy } from "../../src/foundry/core/store/key-copy.ts";
import { KeyRing } from "../../src/foundry/core/store/keyring.ts";
import type { KeyStorage } from "../../src/foundry/core/store/keyring.ts";
import { FakeClient, renderTemplateFile, strictLocalize } from "./fake/client.ts";
import { setUpLake } from "./fake/measure.ts";
import { makeTable } from "./fake/world.ts";

/** The cheapest cost a copy may carry: the format's tests cannot wait a second per derivation. */
const CHEAP: KdfParams = { N: 2 ** 14, r: 8, p: 1 };
const PHRASE = "otter lantern gravel mosaic";

function memory(): KeyStorage {
  let text: string | null = null;
  return { load: () => text, save: (t) => void (text = t) };
}

async function copyOf(ring: KeyRing, phrase = PHRASE) {
  const w = await wrapKeys(ring.export(), ring.ids(), phrase, CHEAP);
  if (!w.ok) throw new Error(w.error.code);
  return w.value;
}

describe("the passphrase copy's format (issue 20 item 11)", () => {
  test("the right passphrase opens exactly the keys file; a wrong one opens nothing", async () => {
    const ring = new KeyRing(memory());
    ring.create();
    const w = await copyOf(ring);
    expect(isWrappedKeys(w)).toBe(true);
    expect(w.ids).toEqual(ring.ids());
    expect(JSON.stringify(w)).not.toContain(Object.values(ring.hexes())[0]);
    expect(await unwrapKeys(w, PHRASE)).toEqual({ ok: true, value: ring.export() });
    expect(await unwrapKeys(w, "otter lantern gravel mosaik")).toMatchObject({
      ok: false,
      error: { code: "wrongPassphrase" },
    });
    expect(await unwrapKeys(w, "")).toMatchObject({
      ok: false,
      error: { code: "wrongPassphrase" },
    });
  });

  test("a copy changed in any clear field does not open, even with the right passphrase", async () => {
    const ring = new KeyRing(memory());
    ring.create();
    const w = await copyOf(ring);
    const flip = (hex: string, at: number) =>
      hex.slice(0, at) + (hex[at] === "0" ? "1" : "0") + hex.slice(at + 1);
    const changed = [
      { ...w, sealed: flip(w.sealed, w.sealed.length - 3) },
      { ...w, sealed: flip(w.sealed, 5) }, // the nonce
      { ...w, kdf: { ...w.kdf, salt: flip(w.kdf.salt, 0) } },
      { ...w, kdf: { ...w.kdf, r: 7 } },
      { ...w, ids: ["0123456789abcdef"] },
    ];
    for (const c of changed)
      expect(await unwrapKeys(c, PHRASE)).toMatchObject({
        ok: false,
        error: { code: "wrongPassphrase" },
      });
  });

  test("a forged copy asking for a huge derivation is refused before any work", async () => {
    const ring = new KeyRing(memory());
    ring.create();
    const w = await copyOf(ring);
    for (const kdf of [
      { ...w.kdf, N: 2 ** 24 },
      { ...w.kdf, N: 3 * 2 ** 14 },
      { ...w.kdf, r: 64 },
      { ...w.kdf, p: 16 },
      { ...w.kdf, name: "pbkdf2" },
    ]) {
      // refused unopened (unwrapKeys checks the shape before it derives anything)
      expect(isWrappedKeys({ ...w, kdf })).toBe(false);
      expect(await unwrapKeys({ ...w, kdf }, PHRASE)).toMatchObject({
        ok: false,
        error: { code: "badKeyCopy" },
      });
    }
    expect(isWrappedKeys({ ...w, ids: [] })).toBe(false);
    expect(isWrappedKeys({ ...w, sealed: "zz" })).toBe(false);
  });

  test("a passphrase under 12 characters is refused; the same phrase typed composed or decomposed opens", async () => {
    const ring = new KeyRing(memory());
    ring.create();
    expect(await wrapKeys(ring.export(), ring.ids(), "short words", CHEAP)).toMatchObject({
      ok: false,
      error: { code: "passphraseShort" },
    });
    const composed = "truite d\u00e9gel \u00e9tang pr\u00e8s";
    const decomposed = composed.normalize("NFD");
    expect(decomposed).not.toBe(composed);
    const w = await copyOf(ring, composed);
    expect((await unwrapKeys(w, decomposed)).ok).toBe(true);
  });

  test("each copy has its own salt: the same keys and passphrase never seal alike", async () => {
    const ring = new KeyRing(memory());
    ring.create();
    const [a, b] = [await copyOf(ring), await copyOf(ring)];
    expect(a.kdf.salt).not.toBe(b.kdf.salt);
    expect(a.sealed).not.toBe(b.sealed);
    // new copies carry the module's cost, which the bounds accept
    expect(isWrappedKeys({ ...a, kdf: { ...a.kdf, ...KDF_PARAMS } })).toBe(true);
  });
});

describe("the passphrase copy at the table (issue 20 item 11)", () => {
  test("a GM in a new browser with no other GM connected unlocks the lake with the passphrase", async () => {
    const t = await makeTable();
    const { id } = await setUpLake(t, 3, 3);
    const host = t.gm.runtime!.host;
    // the module's own cost, end to end
    expect(await host.keyCopy.keep("too short")).toMatchObject({
      ok: false,
      error: { code: "passphraseShort" },
    });
    expect(await t.gm.storeRead([WRAPPED_DOC_ID])).toEqual([undefined]); // nothing written
    expect(await host.keyCopy.keep(PHRASE)).toEqual({ ok: true, value: { keys: 1 } });
    const hexes = Object.values(host.store.ring.hexes());

    t.gm.newBrowser();
    await t.gm.reload();
    const again = t.gm.runtime!.host;
    expect(await again.load(id)).toMatchObject({ ok: false, error: { code: "keyMissing" } });
    expect(await again.keyCopy.state()).toMatchObject({
      ok: true,
      value: { exists: true, behind: 0 },
    });
    expect(await t.gm.runtime!.core.unlockKeys("otter lantern gravel mosaic!")).toMatchObject({
      ok: false,
      error: { code: "wrongPassphrase" },
    });
    expect(again.store.ring.size).toBe(0); // nothing taken
    expect(await t.gm.runtime!.core.unlockKeys(PHRASE)).toEqual({
      ok: true,
      value: { keys: 1, missing: 0 },
    });
    expect((await again.load(id)).ok).toBe(true);
    expect(Object.values(again.store.ring.hexes())).toEqual(hexes);
    // the keys, and the copy's sealed text, never travelled to a player
    for (const p of t.players)
      for (const hex of hexes) expect(JSON.stringify(p.received)).not.toContain(hex);
  }, 30_000);

  test("a player can neither write a copy nor read it, from the console", async () => {
    const t = await makeTable();
    await setUpLake(t, 3, 3);
    const gmRing = t.gm.runtime!.host.store.ring;
    const copy = await copyOf(gmRing);
    const p = t.players[0];
    await expect(p.write([{ kind: "store.copy", copy }])).rejects.toThrow();
    await expect(p.storeRead([WRAPPED_DOC_ID])).rejects.toThrow();
    // a player's own KeyCopy refuses before any request
    expect(await p.runtime!.host.keyCopy.keep(PHRASE)).toMatchObject({
      ok: false,
      error: { code: "notGm" },
    });
    expect(await p.runtime!.core.unlockKeys(PHRASE)).toMatchObject({
      ok: false,
      error: { code: "notGm" },
    });
  });

  test("a new copy never drops a key the copy in the store holds and this browser lacks", async () => {
    const t = await makeTable();
    await setUpLake(t, 3, 3);
    const first = new KeyCopy(t.gm, () => t.gm.runtime!.host.store.ring, CHEAP);
    expect((await first.keep(PHRASE)).ok).toBe(true);
    const other = new FakeClient(t.server, t.server.addUser("Other GM", true), 71);
    await other.connect();
    other.newBrowser();
    const ring = new KeyRing(memory());
    ring.create(); // a key of its own, not the world's
    const second = new KeyCopy(other, () => ring, CHEAP);
    expect(await second.keep(PHRASE)).toMatchObject({
      ok: false,
      error: { code: "copyHoldsMore" },
    });
    // once unlocked, it holds both and may replace the copy
    expect((await second.unlock(PHRASE)).ok).toBe(true);
    expect(await second.keep(PHRASE)).toEqual({ ok: true, value: { keys: 2 } });
    expect(await first.state()).toMatchObject({ ok: true, value: { exists: true, behind: 0 } });
  });
});

describe("the GM panel's keys (issue 20 item 11)", () => {
  test("the panel offers the copy and unlock, and says whether the copy exists or is behind", async () => {
    const t = await makeTable();
    await setUpLake(t, 3, 3);
    const host = t.gm.runtime!.host;
    const panel = async () => {
      const keys = await keyCopyLine(t.gm.runtime!.core, strictLocalize);
      const html = renderTemplateFile(`${TEMPLATE_ROOT}/gm-panel.hbs`, { lake: null, keys });
      return new JSDOM(html).window.document;
    };
    let doc = await panel();
    for (const action of ["keepKeyCopy", "unlockKeys", "exportKeys", "importKeys"])
      expect(doc.querySelector(`[data-action=${action}]`)).not.toBeNull();
    expect(doc.querySelector(".kolikoly-key-copy")!.textContent).toBe(
      "No passphrase copy in the store.",
    );
    const fast = new KeyCopy(t.gm, () => host.store.ring, CHEAP);
    expect((await fast.keep(PHRASE)).ok).toBe(true);
    doc = await panel();
    expect(doc.querySelector(".kolikoly-key-copy")!.textContent).toBe(
      "The passphrase copy holds one key.",
    );
    host.store.ring.create(); // a key made since the copy
    doc = await panel();
    expect(doc.querySelector(".kolikoly-key-copy")!.textContent).toBe(
      "This browser holds a key the passphrase copy does not: make the copy again.",
    );
    // a player's client says nothing of it (the store is not theirs to read)
    expect(await keyCopyLine(t.players[0].runtime!.core, strictLocalize)).toBe("");
  });
});
