/**
 * docs/rules.md and docs/scenario-format.md say what the engine does: every rule id has its
 * paragraph, the defaults and the hazard table written there are the engine's, and every error
 * code the scenario validator gives is in the format's table (and no code there is unknown to
 * the engine). A change to a default or a new code fails here until the docs say it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { DEFAULT_HAZARDS, DEFAULT_LAKE, DEFAULT_SETTINGS, sizeDie } from "../../src/rules/index.ts";
import { SCENARIO_FORMAT } from "../../src/rules/scenario/format.ts";
import { ROOT } from "./markdown.ts";

const read = (rel: string) => readFileSync(path.join(ROOT, rel), "utf8");
const rules = read("docs/rules.md");
const format = read("docs/scenario-format.md");
const ids = (letter: string, n: number) => Array.from({ length: n }, (_, i) => `${letter}${i + 1}`);

describe("docs/rules.md", () => {
  test("every rule id K1-K23, H1-H6 and J1-J12 has its own paragraph, in order", () => {
    for (const group of [ids("K", 23), ids("H", 6), ids("J", 12)]) {
      const at = group.map((id) => rules.search(new RegExp(`\\*\\*${id}\\b`)));
      expect(at.filter((i) => i < 0).length, `missing: ${group.filter((_, k) => at[k]! < 0)}`).toBe(
        0,
      );
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    }
  });

  test("the Kayanak chapter says plainly what plays it: engine, CLI, table and Foundry", () => {
    const chapter = rules.slice(rules.indexOf("## Kayanak"));
    const head = chapter.slice(0, 700);
    expect(head).toMatch(/\*\*Played everywhere the fishing game is\.\*\*/);
    for (const where of ["simulate --game kayanak", "sandbox.md#kayanak", "gm-guide.md#kayanak"])
      expect(head).toContain(where);
    expect(head).toContain("[docs/kayanak.md](kayanak.md)");
  });

  test("the defaults written are the engine's (K1, K4, K9, H2)", () => {
    const { width, height, levels } = DEFAULT_LAKE;
    expect(rules).toContain(`${width} x ${height} squares on ${levels} levels`);
    expect(rules).toContain(`against AC ${DEFAULT_SETTINGS.catchAC} _(setting)_`);
    expect(DEFAULT_SETTINGS.netDamage).toBe("1d6+@mod");
    expect(rules).toMatch(/damage is `1d6` plus the character's damage modifier/);
    expect(rules).toContain(`rolled as \`${DEFAULT_SETTINGS.swarmSize}\``);
    expect(rules).toContain(`\`${DEFAULT_SETTINGS.hazardMode}\` (the default`);
  });

  test("the hazard table written is the engine's (H1, H4)", () => {
    const reach = { hand: "hand to hand", reach: "at reach", range: "at range" } as const;
    const aim = {
      drawOut: "drag out",
      disarm: "disarm",
      pushBack: "push back",
      restrain: "restrain",
      seize: "seize",
      throw: "throw",
      wound: "wound",
    } as const;
    for (const h of DEFAULT_HAZARDS) {
      const mod = h.mod >= 0 ? `+${h.mod}` : `${h.mod}`;
      const row = new RegExp(
        `^\\| ${h.name} +\\| ${h.size} +\\| ${h.hp} +\\| ${mod.replace("+", "\\+")} +\\| ${reach[h.attacks]} +\\| ${aim[h.aim]} +\\|$`,
        "m",
      );
      expect(rules, h.name).toMatch(row);
    }
    const dice = [0, 1, 2, 3, 4, 5, 6, 7].map((s) => `d${sizeDie(s)}`);
    expect(rules).toMatch(
      new RegExp(`\\| die +\\| ${[dice[0], ...dice.slice(2)].join(" +\\| ")} +\\|`),
    );
  });
});

describe("docs/scenario-format.md", () => {
  test("names the format tag the validator takes", () => {
    expect(format).toContain(`\`${SCENARIO_FORMAT}\``);
  });

  test("its error table lists every code the validator gives, and only codes the engine has", () => {
    // a file's set-up is checked by the engine's set-up check (kolikoly/setup.ts)
    const src = [
      "src/rules/scenario/format.ts",
      "src/rules/kolikoly/setup.ts",
      "src/rules/kolikoly/declare.ts",
    ].map(read);
    const given = new Set([...src.join("\n").matchAll(/\bfail\(\s*"(\w+)"/g)].map((m) => m[1]!));
    for (const m of read("src/rules/scenario/json.ts").matchAll(/code: "(\w+)"/g)) given.add(m[1]!);
    // declare.ts's own checks of a declaration's shape cannot be reached from a file: the
    // validator has refused a non-object round or declaration first
    given.delete("badRound");
    given.delete("badDeclaration");
    const table = format.slice(
      format.indexOf("## Error codes"),
      format.indexOf("## What a replay"),
    );
    const listed = new Set([...table.matchAll(/^\| `(\w+)` /gm)].map((m) => m[1]!));
    expect([...given].filter((c) => !listed.has(c))).toEqual([]);
    const engine =
      read("src/rules/scenario/format.ts") + src.join("\n") + read("src/rules/scenario/json.ts");
    expect([...listed].filter((c) => !engine.includes(`"${c}"`))).toEqual([]);
  });
});
