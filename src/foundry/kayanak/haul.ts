/**
 * J6, J9: the fish a Kayanak turn landed, as items in the fishers' characters (core/haul.ts). A
 * fish is worth its points in draws (J9: a big fish two, a small one one), placed by board, turn
 * and fisher, so a turn's haul follows from the record: the turn's card grants it, undo takes the
 * same back, the end card sums it.
 */
import type { KayanakEvent } from "../../rules/kayanak/types.ts";
import type { CatchSetting, Grant } from "../core/haul.ts";
import { haulGrants } from "../core/haul.ts";
import { changeHaulCard, haulByFisher } from "../core/haul-card.ts";
import type { ChatCreate, Port } from "../core/port.ts";
import type { PublicBoard } from "./flags.ts";
import { kayanakCard } from "./cards.ts";

/** J9: draws a landed fish is worth. */
const DRAWS = { big: 2, small: 1 } as const;

/** What finished turn `turn` (1 for the first) grants, from the turn's own events (J6). */
export function turnGrants(
  setting: CatchSetting | undefined,
  pub: Pick<PublicBoard, "id" | "fishers">,
  turn: number,
  events: readonly KayanakEvent[],
): Grant[] {
  // a turn played before the board came to this table (a file's) was paid elsewhere
  if (!setting || turn <= (setting.since ?? 0)) return [];
  const draws = new Map<string, number>();
  for (const e of events)
    if (e.type === "fished" && e.landed)
      draws.set(e.fisher, (draws.get(e.fisher) ?? 0) + DRAWS[e.landed]);
  return haulGrants(
    setting,
    `${pub.id}|turn|${turn}`,
    pub.fishers.map((f) => ({ fisher: f.id, actor: f.actorId, draws: draws.get(f.id) ?? 0 })),
  );
}

/**
 * Every finished turn's grants, from the board's log: a turn's events end at its `turnEnd` (or
 * the `gameEnd` a step ended the game with); the set-up's come before the first.
 */
export function boardGrants(
  setting: CatchSetting | undefined,
  pub: Pick<PublicBoard, "id" | "fishers">,
  log: readonly KayanakEvent[],
): Grant[] {
  if (!setting) return [];
  const out: Grant[] = [];
  let turn = 1;
  let events: KayanakEvent[] = [];
  for (const e of log) {
    events.push(e);
    if (e.type === "turnEnd" || e.type === "gameEnd") {
      out.push(...turnGrants(setting, pub, turn, events));
      if (e.type === "turnEnd") turn++;
      events = [];
    }
  }
  return out;
}

/** Each fisher's whole haul in words (the end card), by fisher id. */
export function boardHauls(
  port: Port,
  setting: CatchSetting | undefined,
  pub: Pick<PublicBoard, "id" | "fishers">,
  log: readonly KayanakEvent[],
): Map<string, string> {
  return haulByFisher(port, boardGrants(setting, pub, log));
}

/**
 * The cards a finished turn adds for the catch: the turn's haul card, and, when the game ended,
 * each fisher's whole haul as lines for the end card.
 */
export async function finishedTurnHaul(
  port: Port,
  setting: CatchSetting | undefined,
  pub: Pick<PublicBoard, "id" | "name" | "fishers">,
  turn: number,
  events: readonly KayanakEvent[],
  names: (id: string) => string,
): Promise<ChatCreate[]> {
  const grants = turnGrants(setting, pub, turn, events);
  const card = await changeHaulCard(port, pub, { kind: "turn", n: turn }, grants, names);
  return card ? [card] : [];
}

/** The end card's lines of each fisher's haul (none without a catch setting). */
export function haulLines(
  port: Port,
  setting: CatchSetting | undefined,
  pub: Pick<PublicBoard, "id" | "fishers">,
  log: readonly KayanakEvent[],
  names: (id: string) => string,
): string[] {
  return [...boardHauls(port, setting, pub, log)].map(([f, items]) =>
    port.localize("KOLIKOLY.Foundry.Haul.Line", { fisher: names(f), items }),
  );
}

/** J11: the end card: the winners, each fisher's score (J9) and, with a catch, their haul. */
export function endCard(
  port: Port,
  pub: Pick<PublicBoard, "id" | "name" | "fishers">,
  turn: number,
  end: Extract<KayanakEvent, { type: "gameEnd" }>,
  name: (id: string) => string,
  setting: CatchSetting | undefined,
  log: readonly KayanakEvent[],
): Promise<ChatCreate> {
  const t = port.localize.bind(port);
  return kayanakCard(port, {
    board: pub,
    card: "end",
    turn,
    title: t("KOLIKOLY.Kayanak.Foundry.Chat.End", { board: pub.name }),
    events: [end],
    name,
    extra: [
      ...end.scores.map((s) =>
        t("KOLIKOLY.Kayanak.Foundry.Score", {
          name: name(s.fisher),
          big: s.big,
          small: s.small,
          score: s.score,
        }),
      ),
      ...haulLines(port, setting, pub, log, name),
    ],
  });
}
