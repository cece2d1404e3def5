/**
 * Chat cards built from events (docs/architecture.md: chat uses eventsFor only). One public
 * card per round from `all` events; one GM whisper and one whisper per fisher with private
 * news, whose stored content is a fixed placeholder: the details are filled in when the message
 * is rendered on a client that may know them (render-chat-message.ts), because Foundry may
 * deliver a whisper to every client (docs/foundry.md, "What every client receives").
 */
import type { GameEvent, Viewer } from "../../rules/index.ts";
import { canSee, declarationTarget, eventsFor } from "../../rules/index.ts";
import type { CountKeys, SwarmCountKeys } from "../../ui/count-key.ts";
import { countKey, exploredKey, swarmCountKey, swarmsFish } from "../../ui/count-key.ts";
import { coordLabel } from "../../ui/handlebars-helpers.ts";
import { damageWords } from "../../ui/hazard-choice-view.ts";
import type { Alias } from "./aliases.ts";
import { IDENTITY, aliasEvents } from "./aliases.ts";
import { MODULE_ID } from "../core/constants.ts";
import type { ChatCreate, Port } from "../core/port.ts";
import type { Grant } from "../core/haul.ts";
import type { CardFairEntry } from "./fair-record.ts";
import { haulByFisher } from "../core/haul-card.ts";

export type CardKind = "round" | "gm" | "private" | "undo" | "end" | "import";

export interface CardFlag {
  readonly kind: CardKind;
  readonly lake: string;
  readonly round: number;
  readonly fisher?: string;
  /** Round and end cards: the public (`all`) events the card shows. */
  readonly events?: readonly GameEvent[];
  /** End cards of a lake with a catch: each character's whole haul (core/haul.ts, summed). */
  readonly haul?: readonly Grant[];
  /** Round cards of a lake with fair dice: each check's draw, for any client to check. */
  readonly fair?: readonly CardFairEntry[];
}

export function cardFlagOf(
  flags: Readonly<Record<string, unknown>> | undefined,
): CardFlag | undefined {
  const f = flags?.[MODULE_ID] as CardFlag | undefined;
  return f && typeof f.kind === "string" && typeof f.lake === "string" ? f : undefined;
}

type L = Port["localize"];

/** K4, K22: what an exploration found; its swarms one or several (ui/count-key.ts). */
const EXPLORED_KEY = { bad: "Explored.bad", empty: "Explored.empty" } as const;
const EXPLORED_FISH_KEY: SwarmCountKeys = {
  oneFish: "Explored.fishOne",
  oneSwarm: "Explored.fishOne",
  swarms: "Explored.fish",
};
/** K10: the fish a catch took, and the fish a swarm lost to it. */
const CAUGHT_KEY: CountKeys = { none: "CaughtNone", one: "CaughtOne", many: "Caught" };
const SWARM_CAUGHT_KEY: CountKeys = { one: "SwarmCaughtOne", many: "SwarmCaught" };
/** K12: the fish a Track learned of. */
const TRACKED_KEY: CountKeys = {
  none: "TrackedLearnedNone",
  one: "TrackedLearnedOne",
  many: "TrackedLearned",
};
/** K16, K18: the fish a Herd drove, and a swarm that flees. */
const HERDED_KEY: CountKeys = { one: "FishHerdedOne", many: "FishHerded" };
const FLED_KEY: CountKeys = { one: "FishFledOne", many: "FishFled" };
/** K8, K23: the squares explored so far, at the end of a round. */
const ROUND_END_KEY: CountKeys = { none: "RoundEndNone", one: "RoundEndOne", many: "RoundEnd" };
/** K20: the swarms that come into view, and their fish. */
const REVEALED_KEY: SwarmCountKeys = {
  oneFish: "RevealedOneFish",
  oneSwarm: "RevealedOne",
  swarms: "Revealed",
};

function sq(at: readonly number[]): string {
  return coordLabel(at);
}

/** One localized line per event; `name` maps fisher ids to names. */
export function eventLine(e: GameEvent, name: (id: string) => string, t: L): string {
  const k = (key: string, data: Record<string, unknown> = {}) =>
    t(`KOLIKOLY.Foundry.Event.${key}`, data);
  switch (e.type) {
    case "declared": {
      const d = e.declaration;
      const target = declarationTarget(d);
      return k("Declared", {
        fisher: name(e.fisher),
        action: t(`KOLIKOLY.Foundry.Action.${d.action}`),
        target: target ? sq(target) : "",
      });
    }
    case "noAction":
      return k("NoAction", {
        fisher: name(e.fisher),
        reason: t(`KOLIKOLY.Foundry.Reason.${e.reason}`),
      });
    case "revived":
      return k("Revived", { fisher: name(e.fisher) });
    case "check":
      return k("Check", {
        fisher: name(e.fisher),
        action: t(`KOLIKOLY.Foundry.Action.${e.action}`),
        total: e.total,
        band: t(`KOLIKOLY.Foundry.Band.${e.band}`),
      });
    case "initiative":
      return k("Initiative", { fisher: name(e.fisher), total: e.total });
    case "conflict":
      return k("Conflict", { at: sq(e.at), order: e.order.map(name).join(", ") });
    case "attack":
      return k(`Attack.${e.result}`, {
        fisher: name(e.fisher),
        at: sq(e.at),
        total: e.total ?? "",
      });
    case "caught":
      return k(countKey(CAUGHT_KEY, e.fish), {
        fisher: name(e.fisher),
        fish: e.fish,
        total: e.totalCaught,
      });
    case "swarmCaught":
      return k(countKey(SWARM_CAUGHT_KEY, e.fish), { fish: e.fish, left: e.left, at: sq(e.at) });
    case "tracked": {
      if (!e.learned) return k("TrackedNothing", { fisher: name(e.fisher), target: sq(e.target) });
      const fish = e.fish ?? 0;
      return (
        k(countKey(TRACKED_KEY, fish), { fisher: name(e.fisher), target: sq(e.target), fish }) +
        (e.avoidedHazard ? " " + k("Avoided", { hazard: e.avoidedHazard }) : "")
      );
    }
    case "moved":
      return k("Moved", { fisher: name(e.fisher), from: sq(e.from), to: sq(e.to) });
    case "explored":
      return k(exploredKey(e, EXPLORED_KEY, EXPLORED_FISH_KEY), {
        at: sq(e.at),
        roll: e.roll,
        swarms: e.swarms.length,
      });
    case "hazard":
      return (
        k("Hazard", { fisher: name(e.fisher), hazard: e.name }) +
        (e.hit === undefined
          ? ""
          : " " +
            k(e.hit ? "HazardHit" : "HazardMiss", {
              attack: e.attack ?? 0,
              defense: e.defense ?? 0,
            })) +
        hazardTaken(e, name, t) +
        (e.effect ? " " + t(`KOLIKOLY.Foundry.Effect.${e.effect}`) : "")
      );
    case "fishMoved":
      return k(countKey(e.cause === "herd" ? HERDED_KEY : FLED_KEY, e.fish), {
        from: sq(e.from),
        to: sq(e.to),
        fish: e.fish,
        by: e.by ? name(e.by) : "",
      });
    case "revealed": {
      const fish = swarmsFish(e.swarms);
      return k(swarmCountKey(REVEALED_KEY, e.swarms.length, fish), {
        count: e.swarms.length,
        fish,
      });
    }
    case "roundEnd":
      return k(countKey(ROUND_END_KEY, e.explored), { explored: e.explored });
    case "gameEnd":
      return k("GameEnd", {});
  }
}

/** A game continued from a file: the rounds played so far, in words (ui/count-key.ts). */
const IMPORTED_KEY: CountKeys = {
  one: "KOLIKOLY.Foundry.Chat.ImportedOne",
  many: "KOLIKOLY.Foundry.Chat.Imported",
};
const IMPORTED_OVER_KEY: CountKeys = {
  none: "KOLIKOLY.Foundry.Chat.ImportedOverNone",
  one: "KOLIKOLY.Foundry.Chat.ImportedOverOne",
  many: "KOLIKOLY.Foundry.Chat.ImportedOver",
};

/** The import card's line: how many rounds the file played, and which comes next or that it is over. */
export function importedLine(round: number, over: boolean, t: L): string {
  return t(countKey(over ? IMPORTED_OVER_KEY : IMPORTED_KEY, round), { round, next: round + 1 });
}

/**
 * H4, H5, H2 system: what a hazard's hit did, for the round card: the HP lost and left, or the
 * aim accepted instead, or the wound, its Constitution save against the DC and the condition.
 */
function hazardTaken(
  e: Extract<GameEvent, { type: "hazard" }>,
  name: (id: string) => string,
  t: L,
) {
  if (e.damage === undefined) return "";
  const h = (key: string, data: Record<string, unknown>) =>
    " " +
    t(`KOLIKOLY.Hazards.Event.${key}`, {
      fisher: name(e.fisher),
      damage: damageWords(e.damage!, t),
      ...data,
    });
  const condition = (c: string | undefined) => t(`KOLIKOLY.Hazards.Condition.${c ?? "ok"}`);
  if (e.took === "aim") return h("TookAim", {});
  if (e.wound !== undefined)
    return h("Wound", {
      wound: t(`KOLIKOLY.Hazards.Wound.${e.wound}`),
      save: e.save ?? "",
      dc: e.dc ?? "",
      condition: condition(e.condition),
    });
  return (
    h("TookHp", { hp: e.hp ?? 0 }) +
    (e.condition && e.condition !== "ok"
      ? h("Condition", { condition: condition(e.condition) })
      : "")
  );
}

// the card template both games draw their cards with (core/card.ts)
export type { CardContext } from "../core/card.ts";
export { renderCard } from "../core/card.ts";
import { renderCard } from "../core/card.ts";

export interface RoundMessagesInput {
  readonly lakeId: string;
  readonly lakeName: string;
  readonly round: number;
  readonly events: readonly GameEvent[];
  readonly fisherNames: (id: string) => string;
  /** Owners of each fisher's actor (user ids). */
  readonly ownersOf: (fisher: string) => string[];
  readonly gmIds: readonly string[];
  readonly publicRolls: readonly object[];
  /** The lake's public swarm ids, for the events the card carries (aliases.ts). */
  readonly alias?: Alias;
  /** Each character's whole haul (fishing/haul.ts), for the end card; absent: no catch setting. */
  readonly haul?: readonly Grant[];
  /** The round's fair draws (fair-record.ts cardFairEntries), checked on each client. */
  readonly fair?: readonly CardFairEntry[];
}

/** The round's messages: a public card, a GM whisper (always, so its presence says nothing), private whispers. */
export async function roundMessages(port: Port, m: RoundMessagesInput): Promise<ChatCreate[]> {
  const speaker = { alias: m.lakeName };
  const pub = aliasEvents(eventsFor(m.events, "player"), m.alias ?? IDENTITY);
  const content = await publicCardHtml(port, m.lakeName, m.round, pub, m.fisherNames, m.haul);
  const base = { lake: m.lakeId, round: m.round };
  const out: ChatCreate[] = [
    {
      content,
      speaker,
      ...(m.publicRolls.length ? { rolls: m.publicRolls } : {}),
      // the public events ride along, so each client shows the card in its own language
      flags: {
        [MODULE_ID]: {
          kind: "round",
          ...base,
          events: pub,
          ...(m.haul ? { haul: m.haul } : {}),
          ...(m.fair?.length ? { fair: m.fair } : {}),
        },
      },
    },
    await placeholderMessage(port, speaker, [...m.gmIds], { kind: "gm", ...base }),
  ];
  const privateFishers = new Set<string>();
  for (const e of m.events)
    if (typeof e.audience === "object") privateFishers.add(e.audience.fisher);
  for (const fisher of privateFishers) {
    const whisper = [...new Set([...m.ownersOf(fisher), ...m.gmIds])];
    out.push(
      await placeholderMessage(port, speaker, whisper, { kind: "private", ...base, fisher }),
    );
  }
  return out;
}

/** The public card of a round (or the final card), from `all` events only, in this client's language. */
export async function publicCardHtml(
  port: Port,
  lakeName: string,
  round: number,
  events: readonly GameEvent[],
  names: (id: string) => string,
  haul?: readonly Grant[],
): Promise<string> {
  const t = port.localize.bind(port);
  const hauls = haul && haulByFisher(port, haul);
  const end = events.find((e) => e.type === "gameEnd");
  return renderCard(port, {
    title: t("KOLIKOLY.Foundry.Chat.RoundTitle", { round, lake: lakeName }),
    lines: events.map((e) => eventLine(e, names, t)),
    ...(end && end.type === "gameEnd"
      ? {
          catches: end.catches.map((c) => ({
            name: names(c.fisher),
            caught: c.caught,
            ...(hauls ? { haul: hauls.get(c.fisher) ?? t("KOLIKOLY.Foundry.Haul.Nothing") } : {}),
          })),
        }
      : {}),
  });
}

async function placeholderMessage(
  port: Port,
  speaker: { alias: string },
  whisper: string[],
  flag: CardFlag,
): Promise<ChatCreate> {
  const key =
    flag.kind === "gm"
      ? "KOLIKOLY.Foundry.Chat.GmPlaceholder"
      : "KOLIKOLY.Foundry.Chat.PrivatePlaceholder";
  return {
    content: await renderCard(port, {
      title: port.localize(
        flag.kind === "gm" ? "KOLIKOLY.Foundry.Chat.GmTitle" : "KOLIKOLY.Foundry.Chat.PrivateTitle",
        { round: flag.round },
      ),
      lines: [],
      placeholder: port.localize(key),
    }),
    speaker,
    whisper,
    flags: { [MODULE_ID]: flag },
  };
}

/** The events a placeholder message stands for, for a viewer allowed to read them. */
export function detailEvents(
  log: readonly GameEvent[],
  flag: CardFlag,
  viewer: Viewer,
): GameEvent[] {
  return log.filter((e) => {
    if (e.round !== flag.round) return false;
    if (flag.kind === "gm") return e.audience === "gm" && canSee(e.audience, viewer);
    if (flag.kind === "private")
      return (
        typeof e.audience === "object" &&
        e.audience.fisher === flag.fisher &&
        canSee(e.audience, viewer)
      );
    return false;
  });
}

/** The details behind a GM or private placeholder, rendered for a client allowed to read them. */
export function detailsCard(
  port: Port,
  names: (id: string) => string,
  events: readonly GameEvent[],
): Promise<string> {
  const t = port.localize.bind(port);
  return renderCard(port, {
    title: t("KOLIKOLY.Foundry.Chat.DetailsTitle"),
    lines: events.length
      ? events.map((e) => eventLine(e, names, t))
      : [t("KOLIKOLY.Foundry.Chat.NothingSecret")],
  });
}
