/**
 * H1: a lake's hazard table from a Foundry RollTable. Each result carries its hazard's stats in
 * `flags.kolikoly-fishing.hazard` (the module's own table in the kolikoly-hazards pack does);
 * the result's name is the hazard's name, the first paragraph of its description its flavour.
 */
import type { Hazard } from "../../rules/index.ts";
import { validateHazard } from "../../rules/index.ts";
import { MODULE_ID } from "../core/constants.ts";
import type { Result } from "./host.ts";
import { err } from "./host.ts";

export interface TableResultLike {
  readonly name?: string;
  readonly description?: string;
  readonly flags?: Readonly<Record<string, unknown>>;
}

function flavourOf(html: string | undefined): string {
  const first = /<p>([\s\S]*?)<\/p>/.exec(html ?? "")?.[1] ?? html ?? "";
  return first.replace(/<[^>]*>/g, "").trim();
}

export function hazardsFromResults(results: readonly TableResultLike[]): Result<Hazard[]> {
  const out: Hazard[] = [];
  for (const [i, r] of results.entries()) {
    const stats = (r.flags?.[MODULE_ID] as { hazard?: Record<string, unknown> } | undefined)
      ?.hazard;
    if (!stats) return err("badHazardTable", `results[${i}]`);
    const h = { ...stats, name: r.name ?? String(stats.id), flavour: flavourOf(r.description) };
    const problem = validateHazard(h, `results[${i}]`);
    if (problem) return err("badHazardTable", `results[${i}]`, problem);
    out.push(h as unknown as Hazard);
  }
  if (out.length === 0) return err("badHazardTable", "results");
  return { ok: true, value: out };
}
