/**
 * What the swarm's sheet shows (K4, issue 9): its name, fish left of its starting size, and the
 * lake it belongs to, for anyone who may open it; the GM also sees what only the GM store knows
 * (the swarm's square, whether players see it, the lake's unseen swarms). Pure, so it is tested
 * without Foundry; a player's context never holds the GM part, not even empty.
 */
import type { Coord, Session } from "../../rules/index.ts";
import { coordLabel } from "../../ui/handlebars-helpers.ts";
import type { PublicLake, SwarmFlag } from "../fishing/projection.ts";

export interface SwarmSheetInput {
  readonly name: string;
  readonly img: string;
  readonly fish: { readonly value: number; readonly max: number };
  /** The token's swarm flag (a swarm token's synthetic actor); absent for the lake's base actor. */
  readonly flag?: (SwarmFlag & { readonly at?: Coord }) | undefined;
  /** The public lake this swarm (or base actor) belongs to, if it still exists. */
  readonly lake?: PublicLake | undefined;
  /** The GM client's memory of the GM store for that lake; only passed on a GM's client. */
  readonly gm?: { readonly session: Session | undefined } | undefined;
}

export interface SwarmSheetContext {
  readonly name: string;
  readonly img: string;
  readonly fish: { readonly value: number; readonly max: number; readonly pct: number };
  readonly lake: string;
  readonly gm?: {
    readonly swarm: string;
    readonly square: string;
    readonly seen: boolean | undefined;
    readonly stale: boolean;
    readonly unseen: readonly { readonly label: string }[];
  };
}

export function swarmSheetContext(
  i: SwarmSheetInput,
  t: (key: string, data?: Readonly<Record<string, unknown>>) => string,
): SwarmSheetContext {
  const pct = i.fish.max > 0 ? Math.round((100 * i.fish.value) / i.fish.max) : 0;
  const base = {
    name: i.name,
    img: i.img,
    fish: { value: i.fish.value, max: i.fish.max, pct },
    lake: i.lake?.name ?? "",
  };
  if (!i.gm) return base;
  const state = i.gm.session?.state;
  const mine = i.flag && state?.swarms.find((w) => w.id === i.flag!.swarm);
  const at = mine?.at ?? i.flag?.at;
  return {
    ...base,
    gm: {
      swarm: i.flag?.swarm ?? "",
      square: at ? coordLabel(at) : "",
      seen: mine ? mine.seen : undefined,
      stale: i.flag?.stale === true,
      unseen: (state?.swarms ?? [])
        .filter((w) => !w.seen)
        .map((w) => ({
          label: t("KOLIKOLY.Foundry.Panel.UnseenSwarm", { fish: w.fish, at: coordLabel(w.at) }),
        })),
    },
  };
}
