/** The module's chat card template (`templates/card.hbs`), which both games draw their cards with. */
import { TEMPLATE_ROOT } from "./constants.ts";
import type { Port } from "./port.ts";

export interface CardContext {
  readonly title: string;
  readonly lines: readonly string[];
  /** The end card's catches; `haul`: what the character took home (core/haul-card.ts). */
  readonly catches?: readonly { name: string; caught: number; haul?: string }[];
  readonly placeholder?: string;
}

export async function renderCard(port: Port, ctx: CardContext): Promise<string> {
  return port.render(`${TEMPLATE_ROOT}/card.hbs`, ctx);
}
