/**
 * The chat-like log: the viewer's events (`eventsFor` only) as localized lines. A whisper (an
 * event for the GM or for one fisher) is marked with its audience; it is only ever in the list
 * because `eventsFor` let it through for this viewer.
 */
import type { ActionKind, Band, Coord, Declaration, GameEvent, LakeView } from "../rules/index.ts";
import type { Localize } from "../ui/handlebars-helpers.ts";
import { coordLabel } from "../ui/handlebars-helpers.ts";
import type { CountKeys, SwarmCountKeys } from "../ui/count-key.ts";
import { countKey, exploredKey, swarmCountKey, swarmsFish } from "../ui/count-key.ts";
import { damageWords } from "../ui/hazard-choice-view.ts";
import { escapeXml } from "../ui/lake-svg.ts";

export interface LogLine {
  readonly round: number;
  readonly text: string;
  /** "" for public lines; else who it is whispered to (localized). */
  readonly whisper: string;
  readonly kind: GameEvent["type"];
}

const ACTION_KEY: Readonly<Record<ActionKind, string>> = {
  catch: "KOLIKOLY.Sandbox.Log.ActionCatch",
  track: "KOLIKOLY.Sandbox.Log.ActionTrack",
  move: "KOLIKOLY.Sandbox.Log.ActionMove",
  herd: "KOLIKOLY.Sandbox.Log.ActionHerd",
};
/** The check each action calls for (K6): the same strings as the declaration form. */
const CHECK_KEY: Readonly<Record<ActionKind, string>> = {
  catch: "KOLIKOLY.Declare.CheckAttack",
  track: "KOLIKOLY.Declare.CheckSurvival",
  move: "KOLIKOLY.Declare.CheckStealth",
  herd: "KOLIKOLY.Declare.CheckAnimalHandling",
};
const BAND_KEY: Readonly<Record<Band, string>> = {
  none: "KOLIKOLY.Sandbox.Band.None",
  count: "KOLIKOLY.Sandbox.Band.Count",
  catch: "KOLIKOLY.Sandbox.Band.Catch",
  noisy: "KOLIKOLY.Sandbox.Band.Noisy",
  quiet: "KOLIKOLY.Sandbox.Band.Quiet",
  swift: "KOLIKOLY.Sandbox.Band.Swift",
  scatter: "KOLIKOLY.Sandbox.Band.Scatter",
  stay: "KOLIKOLY.Sandbox.Band.Stay",
  herd: "KOLIKOLY.Sandbox.Band.Herd",
  hit: "KOLIKOLY.Sandbox.Band.Hit",
  miss: "KOLIKOLY.Sandbox.Band.Miss",
};
export const REASON_KEY: Readonly<Record<string, string>> = {
  undeclared: "KOLIKOLY.Sandbox.Reason.Undeclared",
  restrained: "KOLIKOLY.Sandbox.Reason.Restrained",
  seized: "KOLIKOLY.Sandbox.Reason.Seized",
  disarmed: "KOLIKOLY.Sandbox.Reason.Disarmed",
  unconscious: "KOLIKOLY.Sandbox.Reason.Unconscious",
  dying: "KOLIKOLY.Sandbox.Reason.Dying",
  dead: "KOLIKOLY.Sandbox.Reason.Dead",
};
const ATTACK_KEY = {
  hit: "KOLIKOLY.Sandbox.Log.AttackHit",
  miss: "KOLIKOLY.Sandbox.Log.AttackMiss",
  noFish: "KOLIKOLY.Sandbox.Log.AttackNoFish",
  skipped: "KOLIKOLY.Sandbox.Log.AttackSkipped",
} as const;
const OUTCOME_KEY = {
  bad: "KOLIKOLY.Sandbox.Log.ExploredBad",
  empty: "KOLIKOLY.Sandbox.Log.ExploredEmpty",
  fish: "KOLIKOLY.Sandbox.Log.ExploredFish",
} as const;
/** K13, K4: a count of swarms in words (ui/count-key.ts). */
const TRACKED_KEY: SwarmCountKeys = {
  none: "KOLIKOLY.Sandbox.Log.TrackedNoFish",
  oneFish: "KOLIKOLY.Sandbox.Log.TrackedOneFish",
  oneSwarm: "KOLIKOLY.Sandbox.Log.TrackedOneSwarm",
  swarms: "KOLIKOLY.Sandbox.Log.TrackedSwarms",
};
const EXPLORED_KEY: SwarmCountKeys = {
  none: OUTCOME_KEY.empty,
  oneFish: "KOLIKOLY.Sandbox.Log.ExploredOneFish",
  oneSwarm: "KOLIKOLY.Sandbox.Log.ExploredOneSwarm",
  swarms: OUTCOME_KEY.fish,
};
/** K20: a sighting of one swarm or of several. */
const REVEALED_KEY: CountKeys = {
  one: "KOLIKOLY.Sandbox.Log.RevealedOne",
  many: "KOLIKOLY.Sandbox.Log.Revealed",
};
/** K10: the fish a catch took, and the fish a swarm lost to it. */
const CAUGHT_KEY: CountKeys = {
  none: "KOLIKOLY.Sandbox.Log.CaughtNone",
  one: "KOLIKOLY.Sandbox.Log.CaughtOne",
  many: "KOLIKOLY.Sandbox.Log.Caught",
};
const SWARM_CAUGHT_KEY: CountKeys = {
  one: "KOLIKOLY.Sandbox.Log.SwarmCaughtOne",
  many: "KOLIKOLY.Sandbox.Log.SwarmCaught",
};
/** K8: the squares explored so far, at the end of a round. */
const ROUND_END_KEY: CountKeys = {
  none: "KOLIKOLY.Sandbox.Log.RoundEndNone",
  one: "KOLIKOLY.Sandbox.Log.RoundEndOne",
  many: "KOLIKOLY.Sandbox.Log.RoundEnd",
};
/** H4: what a hazard's aim did to the fisher. */
const EFFECT_KEY: Readonly<Record<string, string>> = {
  disarmed: "KOLIKOLY.Sandbox.Effect.Disarmed",
  restrained: "KOLIKOLY.Sandbox.Effect.Restrained",
  seized: "KOLIKOLY.Sandbox.Effect.Seized",
  drawnDown: "KOLIKOLY.Sandbox.Effect.DrawnDown",
  noDeeper: "KOLIKOLY.Sandbox.Effect.NoDeeper",
  thrown: "KOLIKOLY.Sandbox.Effect.Thrown",
  pushed: "KOLIKOLY.Sandbox.Effect.Pushed",
};
/** H4: what a hazard aims at when the fisher takes that instead of losing HP. */
const AIM_KEY: Readonly<Record<string, string>> = {
  drawOut: "KOLIKOLY.Sandbox.Aim.DrawOut",
  disarm: "KOLIKOLY.Sandbox.Aim.Disarm",
  pushBack: "KOLIKOLY.Sandbox.Aim.PushBack",
  restrain: "KOLIKOLY.Sandbox.Aim.Restrain",
  seize: "KOLIKOLY.Sandbox.Aim.Seize",
  throw: "KOLIKOLY.Sandbox.Aim.Throw",
  wound: "KOLIKOLY.Sandbox.Aim.Wound",
};
/** H5: how bad a wound is. */
const WOUND_KEY: Readonly<Record<string, string>> = {
  light: "KOLIKOLY.Sandbox.Wound.Light",
  serious: "KOLIKOLY.Sandbox.Wound.Serious",
  critical: "KOLIKOLY.Sandbox.Wound.Critical",
};
/** H5: the fisher's condition after a wound's save. */
const CONDITION_KEY: Readonly<Record<string, string>> = {
  ok: "KOLIKOLY.Sandbox.Condition.Ok",
  unconscious: "KOLIKOLY.Sandbox.Reason.Unconscious",
  dying: "KOLIKOLY.Sandbox.Reason.Dying",
  dead: "KOLIKOLY.Sandbox.Reason.Dead",
};
const CAUSE_KEY = {
  herd: "KOLIKOLY.Sandbox.Cause.Herd",
  catch: "KOLIKOLY.Sandbox.Cause.Catch",
  noisy: "KOLIKOLY.Sandbox.Cause.Noisy",
  scatter: "KOLIKOLY.Sandbox.Cause.Scatter",
} as const;

export function declarationText(d: Declaration, localize: Localize): string {
  const sq = (c: Coord) => coordLabel(c);
  switch (d.action) {
    case "catch":
      return localize(ACTION_KEY.catch);
    case "track":
      return localize(ACTION_KEY.track, { square: sq(d.target) });
    case "move":
      return (
        localize(ACTION_KEY.move, { square: sq(d.to) }) +
        (d.attack === false ? " " + localize("KOLIKOLY.Sandbox.Log.NoAttack") : "")
      );
    case "herd":
      return localize(ACTION_KEY.herd, { square: sq(d.toward) });
  }
}

export function eventText(e: GameEvent, names: (id: string) => string, localize: Localize): string {
  const L = localize;
  const sq = coordLabel;
  switch (e.type) {
    case "declared":
      return L("KOLIKOLY.Sandbox.Log.Declared", {
        name: names(e.fisher),
        action: declarationText(e.declaration, L),
      });
    case "noAction":
      return L("KOLIKOLY.Sandbox.Log.NoAction", {
        name: names(e.fisher),
        reason: L(REASON_KEY[e.reason] ?? REASON_KEY.undeclared!),
      });
    case "revived":
      return L("KOLIKOLY.Sandbox.Log.Revived", { name: names(e.fisher) });
    case "check":
      return L(
        e.natural === undefined
          ? "KOLIKOLY.Sandbox.Log.Check"
          : "KOLIKOLY.Sandbox.Log.CheckNatural",
        {
          name: names(e.fisher),
          action: L(CHECK_KEY[e.action]),
          total: e.total,
          natural: e.natural ?? "",
          band: L(BAND_KEY[e.band]),
        },
      );
    case "initiative":
      return L("KOLIKOLY.Sandbox.Log.Initiative", { name: names(e.fisher), total: e.total });
    case "conflict":
      return L("KOLIKOLY.Sandbox.Log.Conflict", {
        square: sq(e.at),
        order: e.order.map(names).join(", "),
      });
    case "attack":
      return (
        L(ATTACK_KEY[e.result], {
          name: names(e.fisher),
          square: sq(e.at),
          total: e.total ?? "",
        }) + (e.critical ? " " + L("KOLIKOLY.Sandbox.Log.Critical") : "")
      );
    case "caught":
      return L(countKey(CAUGHT_KEY, e.fish), {
        name: names(e.fisher),
        fish: e.fish,
        total: e.totalCaught,
      });
    case "swarmCaught":
      return L(countKey(SWARM_CAUGHT_KEY, e.fish), {
        square: sq(e.at),
        fish: e.fish,
        left: e.left,
      });
    case "tracked": {
      if (!e.learned)
        return L("KOLIKOLY.Sandbox.Log.TrackedNothing", {
          name: names(e.fisher),
          square: sq(e.target),
        });
      const fish = e.fish ?? 0;
      const swarms = e.swarms?.length ?? 0;
      const found = L(swarmCountKey(TRACKED_KEY, swarms, fish), {
        name: names(e.fisher),
        square: sq(e.target),
        fish,
        swarms,
      });
      return e.avoidedHazard
        ? `${found} ${L("KOLIKOLY.Sandbox.Log.TrackedAvoided", { hazard: e.avoidedHazard })}`
        : found;
    }
    case "moved":
      return L(
        e.via === "hazard" ? "KOLIKOLY.Sandbox.Log.MovedHazard" : "KOLIKOLY.Sandbox.Log.Moved",
        {
          name: names(e.fisher),
          from: sq(e.from),
          to: sq(e.to),
        },
      );
    case "explored":
      return L(exploredKey(e, OUTCOME_KEY, EXPLORED_KEY), {
        square: sq(e.at),
        face: e.face,
        roll: e.roll,
        swarms: e.swarms.length,
        fish: swarmsFish(e.swarms),
      });
    case "hazard":
      return hazardText(e, names(e.fisher), L);
    case "fishMoved":
      return L("KOLIKOLY.Sandbox.Log.FishMoved", {
        fish: e.fish,
        max: e.max,
        from: sq(e.from),
        to: sq(e.to),
        cause: L(CAUSE_KEY[e.cause]),
      });
    case "revealed":
      return L(countKey(REVEALED_KEY, e.swarms.length), {
        swarms: e.swarms.length,
        squares: [...new Set(e.swarms.map((s) => sq(s.at)))].join(", "),
      });
    case "roundEnd":
      return L(countKey(ROUND_END_KEY, e.explored), { round: e.round, explored: e.explored });
    case "gameEnd":
      return L("KOLIKOLY.Sandbox.Log.GameEnd", {
        catches: e.catches.map((c) => `${names(c.fisher)} ${c.caught}`).join(", "),
      });
  }
}

/** A word the engine gives as a code, localized (the code itself when unknown). */
function word(keys: Readonly<Record<string, string>>, code: string | undefined, L: Localize) {
  if (code === undefined) return "";
  return Object.hasOwn(keys, code) ? L(keys[code]!) : code;
}

/**
 * Every outcome of a hazard the CLI's play-by-play tells (src/cli/text.ts): who met (or avoided)
 * what where; its attack against the fisher's defence, hit or miss (H3); the damage and what it
 * did: HP left (H4), the aim taken instead of the HP (H4), or a wound with its save against the
 * DC and the condition it left (H5); and the aim's effect.
 */
export function hazardText(
  e: Extract<GameEvent, { type: "hazard" }>,
  name: string,
  L: Localize,
): string {
  const parts = [
    L(e.avoided ? "KOLIKOLY.Sandbox.Log.HazardAvoided" : "KOLIKOLY.Sandbox.Log.Hazard", {
      name,
      hazard: e.name,
      square: coordLabel(e.at),
    }),
  ];
  if (e.attack !== undefined)
    parts.push(
      L(e.hit ? "KOLIKOLY.Sandbox.Log.HazardAttackHit" : "KOLIKOLY.Sandbox.Log.HazardAttackMiss", {
        name,
        hazard: e.name,
        attack: e.attack,
        defense: e.defense ?? "",
      }),
    );
  if (e.damage !== undefined) {
    const damage = damageWords(e.damage, L);
    if (e.wound !== undefined)
      parts.push(
        L("KOLIKOLY.Sandbox.Log.HazardWound", {
          name,
          damage,
          wound: word(WOUND_KEY, e.wound, L),
          save: e.save ?? "",
          dc: e.dc ?? "",
          condition: word(CONDITION_KEY, e.condition, L),
        }),
      );
    else if (e.took === "aim")
      parts.push(
        L("KOLIKOLY.Sandbox.Log.HazardAim", {
          name,
          damage,
          aim: word(AIM_KEY, e.aim, L),
        }),
      );
    else
      parts.push(
        L("KOLIKOLY.Sandbox.Log.HazardHp", { name, damage, hp: e.hp ?? 0 }) +
          (e.condition && e.condition !== "ok" ? ` (${word(CONDITION_KEY, e.condition, L)})` : ""),
      );
  }
  if (e.effect) parts.push(EFFECT_KEY[e.effect] ? L(EFFECT_KEY[e.effect]!, { name }) : e.effect);
  return parts.join(" ");
}

export function logLines(
  view: LakeView,
  events: readonly GameEvent[],
  localize: Localize,
): LogLine[] {
  const byId = new Map(view.fishers.map((f) => [f.id, f.name]));
  const names = (id: string) => byId.get(id) ?? id;
  return events.map((e) => ({
    round: e.round,
    kind: e.type,
    text: eventText(e, names, localize),
    whisper:
      e.audience === "all"
        ? ""
        : e.audience === "gm"
          ? localize("KOLIKOLY.Sandbox.Log.ToGm")
          : localize("KOLIKOLY.Sandbox.Log.ToFisher", { name: names(e.audience.fisher) }),
  }));
}

/** The log as HTML list items, newest round last; whispers carry their audience. */
export function logHtml(lines: readonly LogLine[], localize: Localize): string {
  const out: string[] = [];
  let round = -1;
  for (const l of lines) {
    if (l.round !== round) {
      round = l.round;
      out.push(
        `<li class="kolikoly-log__round" role="presentation">${escapeXml(localize("KOLIKOLY.Sandbox.Log.RoundHeading", { round }))}</li>`,
      );
    }
    out.push(
      `<li class="kolikoly-log__line kolikoly-log__line--${l.kind}${l.whisper ? " kolikoly-log__line--whisper" : ""}" data-kind="${l.kind}">` +
        (l.whisper ? `<span class="kolikoly-log__whisper">${escapeXml(l.whisper)}</span> ` : "") +
        `${escapeXml(l.text)}</li>`,
    );
  }
  return out.join("");
}
