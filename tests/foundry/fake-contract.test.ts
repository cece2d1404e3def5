/**
 * The behavioural fake answers in Foundry's shapes (issue 9): each case pins one behaviour the
 * fake imitates, with its source named beside the fake's code (tests/foundry/fake/).
 */
import { JSDOM } from "jsdom";
import { describe, expect, test } from "vitest";
import { QUERY } from "../../src/foundry/core/constants.ts";
import { FakeClient, FakeHooks } from "./fake/client.ts";
import { formDataObject } from "./fake/form-data.ts";
import { FakeServer, activeGmOf } from "./fake/server.ts";
import { makeTable } from "./fake/world.ts";

describe("the fake's Foundry contract (issue 9)", () => {
  test("Users#activeGM: a full GM is preferred over an assistant, then the lowest id", () => {
    const users = [
      { id: "a1", name: "Assistant", isGM: true, active: true, role: 3 },
      { id: "b2", name: "GM", isGM: true, active: true, role: 4 },
      { id: "c3", name: "GM 2", isGM: true, active: true, role: 4 },
      { id: "a0", name: "Away GM", isGM: true, active: false, role: 4 },
    ];
    expect(activeGmOf(users)).toBe("b2");
    expect(activeGmOf(users.filter((u) => u.role === 3))).toBe("a1");
    expect(activeGmOf([])).toBeUndefined();
  });

  test("an assistant who logs in first is the authority only until a full GM joins", async () => {
    const server = new FakeServer();
    server.reset();
    const assistant = server.addUser("Assistant", 3);
    const gm = server.addUser("Gamemaster", true);
    const a = new FakeClient(server, assistant);
    await a.connect();
    expect(a.activeGmId()).toBe(assistant);
    expect(a.runtime!.host.isAuthority()).toBe(true);
    const g = new FakeClient(server, gm);
    await g.connect();
    expect(a.activeGmId()).toBe(gm);
    expect(a.runtime!.host.isAuthority()).toBe(false);
    expect(g.runtime!.host.isAuthority()).toBe(true);
  });

  test("User#query: unregistered names and inactive targets throw on the sender; a missing handler times out", async () => {
    const t = await makeTable();
    const [a] = t.players;
    await expect(a.query(t.gm.userId, "kolikoly-fishing.nope", {})).rejects.toThrow(
      "User query 'kolikoly-fishing.nope' is not registered",
    );
    t.players[1].disconnect();
    await expect(a.query(t.players[1].userId, QUERY.private, {})).rejects.toThrow(
      `User [${t.players[1].userId}] is not active`,
    );
    // the newcomer's socket is up before its init registered any handler
    const server = t.server;
    const late = new FakeClient(server, t.players[1].userId);
    const connecting = late.connect();
    // no handler yet: that client never answers, and the server's timeout rejects the query
    await expect(a.query(late.userId, QUERY.private, {})).rejects.toThrow(/timed out/);
    await connecting;
    await expect(a.query(late.userId, QUERY.private, { bad: 1 })).resolves.toBe(false);
  });

  test("Hooks: a listener's error is logged, not thrown, and the next listener still runs", () => {
    const hooks = new FakeHooks();
    const seen: string[] = [];
    hooks.on("x", () => {
      throw new Error("boom");
    });
    hooks.on("x", () => void seen.push("second"));
    hooks.callAll("x");
    expect(hooks.call("x")).toBe(true);
    expect(seen).toEqual(["second", "second"]);
    expect(hooks.errors.map((e) => (e.error as Error).message)).toEqual(["boom", "boom"]);
  });

  test("FormDataExtended: empty numbers are null, checkboxes booleans, disabled fields absent, names flat", () => {
    const form = new JSDOM(`<form>
      <input type="number" name="a.b" value="">
      <input type="number" name="n" value="4">
      <input type="checkbox" name="c" checked>
      <input type="text" name="t" value=" x ">
      <input type="text" name="off" value="1" disabled>
      <input type="radio" name="r" value="1"><input type="radio" name="r" value="2" checked>
      <select name="s"><option value="p">p</option><option value="q" selected>q</option></select>
    </form>`).window.document.querySelector("form")!;
    expect(formDataObject(form)).toEqual({ "a.b": null, n: 4, c: true, t: " x ", r: "2", s: "q" });
  });
});
