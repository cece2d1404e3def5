/**
 * Kayanak's chat cards (issue 11): one line per public event, in the reader's language. Only
 * `all` events are ever written (eventsFor(…, "player")): the set-up's `dropped`, where the fish
 * lie, is the GM's alone and never reaches a card (J10).
 */
import type { KayanakEvent, Score } from "../../rules/kayanak/index.ts";
import { eventsFor } from "../../rules/kayanak/index.ts";
import { renderCard } from "../core/card.ts";
import { MODULE_ID } from "../core/constants.ts";
import type { ChatCreate, Port } from "../core/port.ts";
import { holeLabel } from "../../ui/handlebars-helpers.ts";
import type { CountKeys } from "../../ui/count-key.ts";
import { countKey } from "../../ui/count-key.ts";

type L = Port["localize"];
const K = "KOLIKOLY.Kayanak.Foundry";

/** A hole as every surface writes it: `[x,y]`, 0-based, as in a kayanak-scenario/1 file. */
export { holeLabel };

export function kayanakLine(e: KayanakEvent, name: (id: string) => string, t: L): string {
  switch (e.type) {
    case "setUp":
      return t(`${K}.Event.setUp`, {
        width: e.width,
        height: e.height,
        floes: e.floes.length,
        big: e.fish.big,
        small: e.fish.small,
      });
    case "dropped":
    case "shaken":
      return t(`${K}.Event.shaken`, { holes: e.holes.length });
    case "rolled":
      return t(`${K}.Event.rolled`, {
        name: name(e.fisher),
        // the face in words: a chat line is text, and an emoji is a box without an emoji font
        die: `${t(`${K}.Face.${e.die.face}`)} ${e.die.dots}`,
        temperature: e.temperature
          ? ` + ${t(`${K}.Face.${e.temperature.face}`)} ${e.temperature.dots}`
          : "",
        dots: e.dots,
      });
    case "moved":
      return t(`${K}.Event.moved`, { name: name(e.fisher), hole: holeLabel(e.to) });
    case "hacked":
      return t(`${K}.Event.hacked`, {
        name: name(e.fisher),
        hole: holeLabel(e.at),
        big: e.big,
        small: e.small,
      });
    case "fished": {
      // J6 setting: a failed landing check lets the fish get away (the hole keeps it)
      if (e.check && !e.landed && e.check.total < e.check.dc)
        return t(`${K}.Event.escaped`, {
          name: name(e.fisher),
          hole: holeLabel(e.at),
          total: e.check.total,
          dc: e.check.dc,
        });
      const line = e.landed
        ? t(`${K}.Event.landed`, {
            name: name(e.fisher),
            hole: holeLabel(e.at),
            size: t(`${K}.Size.${e.landed}`),
          })
        : t(`${K}.Event.nothing`, { name: name(e.fisher), hole: holeLabel(e.at) });
      return e.check
        ? `${line} ${t(`${K}.Event.checked`, { total: e.check.total, dc: e.check.dc })}`
        : line;
    }
    case "tile":
      return t(`${K}.Event.tile.${e.action}`, { name: name(e.fisher), floe: e.floe + 1 });
    case "crystal":
      return t(`${K}.Event.crystal.${e.action}`, { name: name(e.fisher), hole: holeLabel(e.at) });
    case "dotsLost":
      return t(`${K}.Event.dotsLost`, { name: name(e.fisher), dots: e.dots });
    case "turnEnd":
      return t(`${K}.Event.turnEnd`, { name: name(e.next) });
    case "gameEnd":
      return t(`${K}.Event.gameEnd`, {
        reason: t(`${K}.End.${e.reason}`),
        winners: e.winners.map(name).join(", "),
      });
  }
}

/** The flag on every Kayanak card: which board and turn (never anything secret). */
/** A game continued from a file: the turns played so far, in words (ui/count-key.ts). */
const IMPORTED_KEY: CountKeys = {
  one: "KOLIKOLY.Kayanak.Foundry.Chat.ImportedOne",
  many: "KOLIKOLY.Kayanak.Foundry.Chat.Imported",
};
export function importedTurnsLine(turns: number, t: L): string {
  return t(countKey(IMPORTED_KEY, turns), { turns });
}

export interface KayanakCardFlag {
  readonly kind: "kayanak";
  readonly card: "setup" | "roll" | "step" | "turn" | "end" | "undo";
  readonly lake: string;
  readonly round: number;
}

export async function kayanakCard(
  port: Port,
  o: {
    board: { id: string; name: string };
    card: KayanakCardFlag["card"];
    turn: number;
    title: string;
    events: readonly KayanakEvent[];
    name: (id: string) => string;
    rolls?: readonly object[];
    scores?: readonly Score[];
    extra?: readonly string[];
  },
): Promise<ChatCreate> {
  const t = port.localize.bind(port);
  const lines = [
    ...eventsFor(o.events, "player").map((e) => kayanakLine(e, o.name, t)),
    ...(o.extra ?? []),
  ];
  const content = await renderCard(port, {
    title: o.title,
    lines,
    ...(o.scores
      ? {
          catches: o.scores.map((s) => ({
            name: o.name(s.fisher),
            caught: t(`${K}.Score`, { big: s.big, small: s.small, score: s.score }) as never,
          })),
        }
      : {}),
  });
  const flag: KayanakCardFlag = { kind: "kayanak", card: o.card, lake: o.board.id, round: o.turn };
  return {
    content,
    speaker: { alias: o.board.name },
    ...(o.rolls?.length ? { rolls: o.rolls } : {}),
    flags: { [MODULE_ID]: flag },
  };
}
