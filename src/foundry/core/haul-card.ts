/**
 * The haul card (core/haul.ts): what a change of either game gave the fishers' characters, or took
 * back, one line a fisher, and the end card's haul, in the GM's words. The card's flag carries
 * the grants: it is their receipt (core/commit.ts writes the items with it).
 */
import { MODULE_ID } from "./constants.ts";
import { renderCard } from "./card.ts";
import type { ChatCreate, Port } from "./port.ts";
import type { Grant, HaulFlag } from "./haul.ts";
import { summed } from "./haul.ts";

/** "2 × Lake trout, 1 × Old boot" for one fisher's grants (taken back: "-2 × Lake trout"). */
export function haulText(port: Pick<Port, "localize">, grants: readonly Grant[]): string {
  return grants
    .map((g) => port.localize("KOLIKOLY.Foundry.Haul.Item", { qty: g.qty, name: g.name }))
    .join(", ");
}

/** Each fisher's haul in words, by fisher id (fishers with nothing are left out). */
export function haulByFisher(
  port: Pick<Port, "localize">,
  grants: readonly Grant[],
): Map<string, string> {
  const all = summed(grants);
  const out = new Map<string, string>();
  for (const f of new Set(all.map((g) => g.fisher)))
    out.set(
      f,
      haulText(
        port,
        all.filter((g) => g.fisher === f),
      ),
    );
  return out;
}

export interface HaulCardInput {
  readonly lakeId: string;
  readonly lakeName: string;
  /** The card's title, already in words (a round's or a turn's catch, or one taken back). */
  readonly title: string;
  readonly grants: readonly Grant[];
  readonly names: (fisher: string) => string;
}

/** The card of one change's grants: public (a catch is public), none when nothing is granted. */
export async function haulCard(port: Port, c: HaulCardInput): Promise<ChatCreate | undefined> {
  if (!c.grants.length) return undefined;
  const lines = [...haulByFisher(port, c.grants)].map(([f, items]) =>
    port.localize("KOLIKOLY.Foundry.Haul.Line", { fisher: c.names(f), items }),
  );
  const told = [...new Set(c.grants.filter((g) => !g.uuid).map((g) => g.name))];
  if (told.length)
    lines.push(port.localize("KOLIKOLY.Foundry.Haul.CardOnly", { names: told.join(", ") }));
  const flag: HaulFlag = { kind: "haul", lake: c.lakeId, grants: c.grants };
  return {
    content: await renderCard(port, { title: c.title, lines }),
    speaker: { alias: c.lakeName },
    flags: { [MODULE_ID]: flag },
  };
}

/** A change's card title, given and taken back. */
const TITLES = {
  round: ["KOLIKOLY.Foundry.Haul.RoundTitle", "KOLIKOLY.Foundry.Haul.UndoneTitle"],
  turn: ["KOLIKOLY.Foundry.Haul.TurnTitle", "KOLIKOLY.Foundry.Haul.TurnUndoneTitle"],
} as const;

/** The haul card of one change of a game: a round's or a turn's catch, or one taken back. */
export function changeHaulCard(
  port: Port,
  game: { readonly id: string; readonly name: string },
  change: { readonly kind: "round" | "turn"; readonly n: number; readonly undone?: boolean },
  grants: readonly Grant[],
  names: (fisher: string) => string,
): Promise<ChatCreate | undefined> {
  const title = TITLES[change.kind][change.undone ? 1 : 0];
  return haulCard(port, {
    lakeId: game.id,
    lakeName: game.name,
    title: port.localize(title, {
      round: change.n,
      turn: change.n,
      lake: game.name,
    }),
    grants,
    names,
  });
}
