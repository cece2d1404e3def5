/**
 * K4 under pf2e (issue 9): pf2e's Actor class refuses module sub-types (ActorProxyPF2e), so a
 * lake there makes its swarms pf2e hazards whose hit points are the fish; elsewhere the module's
 * own swarm type. Either way the token's bar is the fish count.
 */
import { describe, expect, test } from "vitest";
import { MODULE_ID } from "../../src/foundry/core/constants.ts";
import { publicLakeOf } from "../../src/foundry/fishing/projection.ts";
import { fishAt, fishSystem, refusesModuleTypes } from "../../src/foundry/core/swarm-body.ts";
import { SWARM_TYPE } from "../../src/foundry/core/constants.ts";
import { withoutTypes } from "../../src/foundry/apps/refused-types.ts";
import { JSDOM } from "jsdom";
import { setUpLake, declareAll } from "./fake/measure.ts";
import { makeTable } from "./fake/world.ts";

describe("K4 the swarm's body per system (issue 9)", () => {
  test("fish at a bar path, written and read back", () => {
    expect(fishSystem("fish", 3, 7)).toEqual({ fish: { value: 3, max: 7 } });
    expect(fishSystem("attributes.hp", 3, 7)).toEqual({ attributes: { hp: { value: 3, max: 7 } } });
    expect(fishAt(fishSystem("attributes.hp", 3, 7), "attributes.hp")).toEqual({
      value: 3,
      max: 7,
    });
    expect(fishAt({ fish: { value: 1 } }, "fish")).toBeUndefined();
  });

  test("K4, K9: a system that refuses module actor types gets hazard swarms whose hit points are the fish", async () => {
    for (const refuses of [false, true]) {
      const t = await makeTable({ fishers: 2 });
      t.server.refusesModuleTypes = refuses;
      const { host, id } = await setUpLake(t, 6, 4);
      for (let round = 1; round <= 8; round++) {
        await declareAll(host, id, round);
        expect((await host.resolveRound(id)).ok).toBe(true);
      }
      const scene = t.players[0].scene(t.sceneId)!;
      const pub = publicLakeOf(scene, id)!;
      const actor = t.server.truth.actors.find((a) => a._id === pub.swarmActorId)!;
      expect(actor.type).toBe(refuses ? "hazard" : `${MODULE_ID}.swarm`);
      const bar = refuses ? "attributes.hp" : "fish";
      const session = host.cached(id)!;
      const swarms = scene.tokens.filter((x) => x.flags?.[MODULE_ID]);
      expect(swarms.length).toBeGreaterThan(0);
      for (const s of swarms) {
        expect(s.bar1).toEqual({ attribute: bar });
        const w = session.state.swarms.find(
          (x) => host.alias(id)(x.id) === (s.flags![MODULE_ID] as { swarm: string }).swarm,
        )!;
        expect(fishAt(s.delta?.system, bar)).toEqual({ value: w.fish, max: w.max });
      }
    }
  });
});

describe("the swarm sub-type where the system refuses it (issue 20 item 7)", () => {
  // pf2e's CONFIG.PF2E.Actor.documentClasses (src/module/config/index.ts)
  const pf2e = {
    PF2E: {
      Actor: {
        documentClasses: Object.fromEntries(
          ["army", "character", "npc", "hazard", "loot", "familiar", "party", "vehicle"].map(
            (t) => [t, class {}],
          ),
        ),
      },
    },
  };

  test("pf2e refuses it (its Actor proxy builds only its own types); dnd5e and a bare world do not", () => {
    expect(refusesModuleTypes(pf2e)).toBe(true);
    expect(refusesModuleTypes({ DND5E: {} })).toBe(false);
    expect(refusesModuleTypes({})).toBe(false);
    // a pf2e that registered the module's class would build it
    const classes = { ...pf2e.PF2E.Actor.documentClasses, [SWARM_TYPE]: class {} };
    const own = { PF2E: { Actor: { documentClasses: classes } } };
    expect(refusesModuleTypes(own)).toBe(false);
  });

  /** The Create Actor form as v13's createDialog fills it (templates/sidebar/document-create). */
  const createForm = (types: readonly string[]) =>
    new JSDOM(`<form class="dialog-form"><input name="name"><select name="folder">
      <option value="">-</option><option value="${SWARM_TYPE}">a folder named like it</option></select>
      <select name="type">${types.map((t) => `<option value="${t}">${t}</option>`).join("")}</select>
      <fieldset>${types.map((t) => `<label><input type="radio" name="type" value="${t}">${t}</label>`).join("")}</fieldset>
      </form>`).window.document.body;

  test("the Create Actor window offers it no more: its option and its radio go, nothing else", () => {
    const types = ["character", "hazard", SWARM_TYPE, "npc"];
    const body = createForm(types);
    expect(withoutTypes(body, [SWARM_TYPE])).toBe(2);
    const offered = [...body.querySelectorAll<HTMLOptionElement>("select[name=type] option")].map(
      (o) => o.value,
    );
    expect(offered).toEqual(["character", "hazard", "npc"]);
    const radios = [...body.querySelectorAll<HTMLInputElement>("input[name=type]")].map(
      (o) => o.value,
    );
    expect(radios).toEqual(["character", "hazard", "npc"]);
    expect(body.querySelectorAll("label")).toHaveLength(3);
    // another field that happens to hold the same value is left alone
    expect(body.querySelector(`select[name=folder] option[value="${SWARM_TYPE}"]`)).not.toBeNull();
    // a window without the type: nothing to do
    expect(withoutTypes(createForm(["character"]), [SWARM_TYPE])).toBe(0);
  });
});
