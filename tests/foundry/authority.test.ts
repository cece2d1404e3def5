/**
 * Authority (core/authority.ts): only the active GM's client changes a lake, and on it a lake's
 * operations run one at a time, a failed one holding up none after it.
 */
import { describe, expect, test } from "vitest";
import { Authority } from "../../src/foundry/core/authority.ts";
import type { Port } from "../../src/foundry/core/port.ts";

function port(me: { id: string; isGM: boolean }, active: string | undefined): Port {
  const users = [
    { id: "gm1", isGM: true },
    { id: "ana", isGM: false },
    { id: "gm2", isGM: true },
  ];
  return { me: () => me, activeGmId: () => active, users: () => users } as unknown as Port;
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("Authority", () => {
  test("the active GM's client only: not another GM, not a player the server named", () => {
    expect(new Authority(port({ id: "gm1", isGM: true }, "gm1")).isActive()).toBe(true);
    expect(new Authority(port({ id: "gm2", isGM: true }, "gm1")).isActive()).toBe(false);
    expect(new Authority(port({ id: "ana", isGM: false }, "ana")).isActive()).toBe(false);
    expect(new Authority(port({ id: "gm1", isGM: true }, undefined)).isActive()).toBe(false);
  });

  test("gmIds: the GM users, in order", () => {
    expect(new Authority(port({ id: "ana", isGM: false }, "gm1")).gmIds()).toEqual(["gm1", "gm2"]);
  });

  test("guard refuses on any client but the active GM's, running nothing", async () => {
    let ran = false;
    const a = new Authority(port({ id: "gm2", isGM: true }, "gm1"));
    const r = await a.guard("l1", async () => {
      ran = true;
      return { ok: true, value: 1 };
    });
    expect(r).toEqual({
      ok: false,
      error: { code: "notActiveGm", field: "", message: "notActiveGm" },
    });
    expect(ran).toBe(false);
    const active = new Authority(port({ id: "gm1", isGM: true }, "gm1"));
    expect(await active.guard("l1", async () => ({ ok: true, value: 2 }))).toEqual({
      ok: true,
      value: 2,
    });
  });

  test("serial: one lake's operations one after another, a failure holding none up; other lakes apart", async () => {
    const a = new Authority(port({ id: "gm1", isGM: true }, "gm1"));
    const log: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = a.serial("l1", async () => {
      log.push("1 start");
      await gate;
      log.push("1 end");
      throw new Error("boom");
    });
    const second = a.serial("l1", async () => {
      log.push("2");
      return 2;
    });
    const other = a.serial("l2", async () => {
      log.push("other");
      return 3;
    });
    await tick();
    expect(log).toEqual(["1 start", "other"]);
    let settled = false;
    const waiting = a.settled("l1").then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    release();
    await expect(first).rejects.toThrow("boom");
    expect(await second).toBe(2);
    expect(await other).toBe(3);
    await waiting;
    expect(settled).toBe(true);
    expect(log).toEqual(["1 start", "other", "1 end", "2"]);
  });

  test("settled waits for nothing on a lake with no operation, and swallows a failed one", async () => {
    const a = new Authority(port({ id: "gm1", isGM: true }, "gm1"));
    await expect(a.settled("none")).resolves.toBeUndefined();
    void a.serial("l1", async () => Promise.reject(new Error("x"))).catch(() => undefined);
    await expect(a.settled("l1")).resolves.toBeUndefined();
  });
});
