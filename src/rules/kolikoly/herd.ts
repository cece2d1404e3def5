/** K16: Herd (Animal Handling) from the fisher's square S toward an adjacent square H. */
import type { RoundContext } from "./context.ts";
import { SquareMap, canAct, fisher, idx } from "./context.ts";

/**
 * 1-5: S's swarms scatter (flee, but not into H). 6-10: nothing. 11+: at the end of the round
 * S's swarms move into H and the herder follows. Several successful herds of one square are a
 * conflict (K7): they are kept highest initiative first, and the first wins (K17).
 */
export function recordHerds(ctx: RoundContext): void {
  const herders: string[] = [];
  const fishers = ctx.g.fishers;
  for (let i = 0; i < fishers.length; i++)
    if (ctx.acting[i]?.action === "herd" && canAct(fishers[i]!)) herders.push(fishers[i]!.id);
  if (herders.length === 0) return;
  for (const f of orderByInitiative(ctx, herders)) {
    const i = fishers.findIndex((x) => x.id === f);
    const decl = ctx.acting[i]!;
    if (decl.action !== "herd") continue;
    const band = ctx.checks[i]!.band;
    const s = idx(ctx, fisher(ctx, f).at);
    if (band === "scatter") {
      const scatter = (ctx.scatter ??= new SquareMap());
      const list = scatter.get(s) ?? [];
      list.push(decl.toward);
      scatter.set(s, list);
    } else if (band === "herd") {
      const herds = (ctx.herds ??= new SquareMap());
      const list = herds.get(s) ?? [];
      list.push({ fisher: f, toward: decl.toward });
      herds.set(s, list);
    }
  }
}

function orderByInitiative(ctx: RoundContext, ids: string[]): string[] {
  const rank = new Map<string, number>();
  if (ctx.conflictOrder)
    for (const order of ctx.conflictOrder.values()) order.forEach((id, i) => rank.set(id, i));
  return [...ids].sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
}
