/**
 * `replay --format text`: a readable play-by-play, round by round, of what one viewer may
 * know: only the events `eventsFor` lets through and a map from `viewFor` after each round.
 */
import type { Session } from "../rules/kolikoly/session.ts";
import { playRound, startSession, tableOf } from "../rules/kolikoly/session.ts";
import type { Declaration, GameEvent, GameState, SwarmFacts } from "../rules/kolikoly/types.ts";
import type { Viewer } from "../rules/kolikoly/view.ts";
import { eventsFor, viewFor } from "../rules/kolikoly/view.ts";
import { fisherLetter, renderMap } from "./map.ts";
import { t } from "./i18n.ts";
import { coordLabel } from "../ui/handlebars-helpers.ts";
import type { CountKeys, SwarmCountKeys } from "../ui/count-key.ts";
import { countKey, exploredKey, swarmCountKey } from "../ui/count-key.ts";

/** The state after each round of a recorded session (the engine replays it with every roll forced). */
export function statesByRound(session: Session): GameState[] {
  const out: GameState[] = [];
  let s = startSession(session.setup);
  for (const rec of session.rounds) {
    const r = playRound(s, rec.input, tableOf(rec.rolls));
    if (!r.ok) throw new Error(`a recorded round no longer resolves: ${r.error.message}`);
    s = rec.rng ? { ...r.session, state: { ...r.session.state, rng: rec.rng } } : r.session;
    out.push(s.state);
  }
  return out;
}

export function viewerLabel(viewer: Viewer, names: ReadonlyMap<string, string>): string {
  if (viewer === "gm") return t("KOLIKOLY.Cli.Viewer.Gm");
  if (viewer === "player") return t("KOLIKOLY.Cli.Viewer.Player");
  return t("KOLIKOLY.Cli.Viewer.Fisher", { name: names.get(viewer.fisher) ?? viewer.fisher });
}

function declaration(d: Declaration): string {
  switch (d.action) {
    case "catch":
      return t("KOLIKOLY.Cli.Action.catch");
    case "track":
      return t("KOLIKOLY.Cli.Action.track", { at: coordLabel(d.target) });
    case "move":
      return d.attack === false
        ? t("KOLIKOLY.Cli.Action.moveNoAttack", { at: coordLabel(d.to) })
        : t("KOLIKOLY.Cli.Action.move", { at: coordLabel(d.to) });
    case "herd":
      return t("KOLIKOLY.Cli.Action.herd", { at: coordLabel(d.toward) });
  }
}

const CHECK = {
  catch: "KOLIKOLY.Cli.Check.catch",
  track: "KOLIKOLY.Cli.Check.track",
  move: "KOLIKOLY.Cli.Check.move",
  herd: "KOLIKOLY.Cli.Check.herd",
} as const;
const BAND = {
  none: "KOLIKOLY.Cli.Band.none",
  count: "KOLIKOLY.Cli.Band.count",
  catch: "KOLIKOLY.Cli.Band.catch",
  noisy: "KOLIKOLY.Cli.Band.noisy",
  quiet: "KOLIKOLY.Cli.Band.quiet",
  swift: "KOLIKOLY.Cli.Band.swift",
  scatter: "KOLIKOLY.Cli.Band.scatter",
  stay: "KOLIKOLY.Cli.Band.stay",
  herd: "KOLIKOLY.Cli.Band.herd",
  hit: "KOLIKOLY.Cli.Band.hit",
  miss: "KOLIKOLY.Cli.Band.miss",
} as const;
const ATTACK = {
  hit: "KOLIKOLY.Cli.Event.attackHit",
  miss: "KOLIKOLY.Cli.Event.attackMiss",
  noFish: "KOLIKOLY.Cli.Event.attackNoFish",
  skipped: "KOLIKOLY.Cli.Event.attackSkipped",
} as const;
const EXPLORED = {
  bad: "KOLIKOLY.Cli.Event.exploredBad",
  empty: "KOLIKOLY.Cli.Event.exploredEmpty",
  fish: "KOLIKOLY.Cli.Event.exploredFish",
} as const;
/** K4: the swarms an exploration made, counted in words (ui/count-key.ts). */
const EXPLORED_FISH: SwarmCountKeys = {
  oneFish: "KOLIKOLY.Cli.Event.exploredOneFish",
  oneSwarm: "KOLIKOLY.Cli.Event.exploredOneSwarm",
  swarms: EXPLORED.fish,
};
/** K13: what a Track learned, counted in words. */
const TRACKED: SwarmCountKeys = {
  none: "KOLIKOLY.Cli.Event.trackedNone",
  oneFish: "KOLIKOLY.Cli.Event.trackedOneFish",
  oneSwarm: "KOLIKOLY.Cli.Event.trackedOneSwarm",
  swarms: "KOLIKOLY.Cli.Event.tracked",
};
/** K10: the fish a catch took, and its damage (a net's, or a hazard's: H4), in words. */
const CAUGHT: CountKeys = {
  none: "KOLIKOLY.Cli.Event.caughtNone",
  one: "KOLIKOLY.Cli.Event.caughtOne",
  many: "KOLIKOLY.Cli.Event.caught",
};
const DAMAGE: CountKeys = {
  none: "KOLIKOLY.Cli.Event.damageNone",
  one: "KOLIKOLY.Cli.Event.damageOne",
  many: "KOLIKOLY.Cli.Event.damage",
};
/** K16, K18: a swarm of one fish or several, herded or on the move. */
const HERDED: CountKeys = {
  one: "KOLIKOLY.Cli.Event.fishHerdedOne",
  many: "KOLIKOLY.Cli.Event.fishHerded",
};
const FISH_MOVED: CountKeys = {
  one: "KOLIKOLY.Cli.Event.fishMovedOne",
  many: "KOLIKOLY.Cli.Event.fishMoved",
};
/** K8: the squares explored so far, at the end of a round. */
const ROUND_END: CountKeys = {
  none: "KOLIKOLY.Cli.Event.roundEndNone",
  one: "KOLIKOLY.Cli.Event.roundEndOne",
  many: "KOLIKOLY.Cli.Event.roundEnd",
};

function damageText(damage: number): string {
  return t(countKey(DAMAGE, damage), { damage });
}

const VIA = {
  move: "KOLIKOLY.Cli.Via.move",
  track: "KOLIKOLY.Cli.Via.track",
  herd: "KOLIKOLY.Cli.Via.herd",
  hazard: "KOLIKOLY.Cli.Via.hazard",
} as const;
const CAUSE = {
  herd: "KOLIKOLY.Cli.Cause.herd",
  catch: "KOLIKOLY.Cli.Cause.catch",
  noisy: "KOLIKOLY.Cli.Cause.noisy",
  scatter: "KOLIKOLY.Cli.Cause.scatter",
} as const;
const REASON = {
  undeclared: "KOLIKOLY.Cli.Reason.undeclared",
  restrained: "KOLIKOLY.Cli.Reason.restrained",
  seized: "KOLIKOLY.Cli.Reason.seized",
  disarmed: "KOLIKOLY.Cli.Reason.disarmed",
  unconscious: "KOLIKOLY.Cli.Reason.unconscious",
  dying: "KOLIKOLY.Cli.Reason.dying",
  dead: "KOLIKOLY.Cli.Reason.dead",
} as const;
const CONDITION = {
  ok: "KOLIKOLY.Cli.Condition.ok",
  unconscious: "KOLIKOLY.Cli.Condition.unconscious",
  dying: "KOLIKOLY.Cli.Condition.dying",
  dead: "KOLIKOLY.Cli.Condition.dead",
} as const;
const WOUND = {
  light: "KOLIKOLY.Cli.Wound.light",
  serious: "KOLIKOLY.Cli.Wound.serious",
  critical: "KOLIKOLY.Cli.Wound.critical",
} as const;
const AIM = {
  drawOut: "KOLIKOLY.Cli.Aim.drawOut",
  disarm: "KOLIKOLY.Cli.Aim.disarm",
  pushBack: "KOLIKOLY.Cli.Aim.pushBack",
  restrain: "KOLIKOLY.Cli.Aim.restrain",
  seize: "KOLIKOLY.Cli.Aim.seize",
  throw: "KOLIKOLY.Cli.Aim.throw",
  wound: "KOLIKOLY.Cli.Aim.wound",
} as const;
const EFFECT = {
  disarmed: "KOLIKOLY.Cli.Effect.disarmed",
  restrained: "KOLIKOLY.Cli.Effect.restrained",
  seized: "KOLIKOLY.Cli.Effect.seized",
  drawnDown: "KOLIKOLY.Cli.Effect.drawnDown",
  noDeeper: "KOLIKOLY.Cli.Effect.noDeeper",
  thrown: "KOLIKOLY.Cli.Effect.thrown",
  pushed: "KOLIKOLY.Cli.Effect.pushed",
} as const;

/** A word the engine gives as a code, in the viewer's language (the code itself if unknown). */
function word(table: Readonly<Record<string, string>>, code: string | undefined): string {
  if (code === undefined) return "";
  return Object.hasOwn(table, code) ? t(table[code]!) : code;
}

function swarmList(swarms: readonly SwarmFacts[]): string {
  return swarms
    .map((s) =>
      t("KOLIKOLY.Cli.Event.swarmFacts", { id: s.id, at: coordLabel(s.at), fish: s.fish }),
    )
    .join(", ");
}

/** One event as lines of text. */
export function eventLines(e: GameEvent, name: (id: string) => string): string[] {
  switch (e.type) {
    case "declared":
      return [
        t("KOLIKOLY.Cli.Event.declared", {
          name: name(e.fisher),
          action: declaration(e.declaration),
        }),
      ];
    case "noAction":
      return [
        t("KOLIKOLY.Cli.Event.noAction", {
          name: name(e.fisher),
          reason: word(REASON, e.reason),
        }),
      ];
    case "revived":
      return [t("KOLIKOLY.Cli.Event.revived", { name: name(e.fisher) })];
    case "check":
      return [
        t("KOLIKOLY.Cli.Event.check", {
          name: name(e.fisher),
          check: t(CHECK[e.action]),
          total: e.total,
          natural:
            e.natural === undefined ? "" : t("KOLIKOLY.Cli.Event.natural", { natural: e.natural }),
          band: t(BAND[e.band]),
        }),
      ];
    case "initiative":
      return [
        e.rollOffs
          ? t("KOLIKOLY.Cli.Event.rollOffs", {
              name: name(e.fisher),
              total: e.total,
              offs: e.rollOffs.join(", "),
            })
          : t("KOLIKOLY.Cli.Event.initiative", { name: name(e.fisher), total: e.total }),
      ];
    case "conflict":
      return [
        t("KOLIKOLY.Cli.Event.conflict", {
          at: coordLabel(e.at),
          order: e.order.map(name).join(", "),
        }),
      ];
    case "attack":
      return [
        t(e.critical ? "KOLIKOLY.Cli.Event.attackCritical" : ATTACK[e.result], {
          name: name(e.fisher),
          at: coordLabel(e.at),
          total: e.total ?? "",
        }),
      ];
    case "caught":
      return [
        t(countKey(CAUGHT, e.fish), {
          name: name(e.fisher),
          fish: e.fish,
          damage: damageText(e.damage),
          totalCaught: e.totalCaught,
        }),
      ];
    case "swarmCaught":
      return [t("KOLIKOLY.Cli.Event.swarmCaught", { swarm: e.swarm, fish: e.fish, left: e.left })];
    case "tracked": {
      if (!e.learned)
        return [
          t("KOLIKOLY.Cli.Event.trackedNothing", {
            name: name(e.fisher),
            at: coordLabel(e.target),
          }),
        ];
      const fish = e.fish ?? 0;
      const swarms = e.swarms?.length ?? 0;
      const tracked = t(swarmCountKey(TRACKED, swarms, fish), {
        name: name(e.fisher),
        at: coordLabel(e.target),
        fish,
        swarms,
      });
      // K13, H6: a hazard found there was avoided
      return [
        e.avoidedHazard
          ? t("KOLIKOLY.Cli.Event.trackedAvoided", { tracked, hazard: e.avoidedHazard })
          : tracked,
      ];
    }
    case "moved":
      return [
        t("KOLIKOLY.Cli.Event.moved", {
          name: name(e.fisher),
          from: coordLabel(e.from),
          to: coordLabel(e.to),
          via: word(VIA, e.via),
        }),
      ];
    case "explored":
      return [
        t(exploredKey(e, EXPLORED, EXPLORED_FISH), {
          at: coordLabel(e.at),
          name: name(e.by),
          face: e.face,
          roll: e.roll,
          count: e.swarms.length,
          sizes: e.swarms.map((s) => s.fish).join(" + "),
        }),
      ];
    case "hazard":
      return hazardLines(e, name);
    case "fishMoved":
      return [
        e.cause === "herd"
          ? t(countKey(HERDED, e.fish), {
              swarm: e.swarm,
              fish: e.fish,
              from: coordLabel(e.from),
              to: coordLabel(e.to),
              name: name(e.by ?? ""),
            })
          : t(countKey(FISH_MOVED, e.fish), {
              swarm: e.swarm,
              fish: e.fish,
              from: coordLabel(e.from),
              to: coordLabel(e.to),
              cause: word(CAUSE, e.cause),
            }),
      ];
    case "revealed":
      return [t("KOLIKOLY.Cli.Event.revealed", { swarms: swarmList(e.swarms) })];
    case "roundEnd":
      return [t(countKey(ROUND_END, e.explored), { round: e.round, explored: e.explored })];
    case "gameEnd":
      return [
        t(e.reason === "gm" ? "KOLIKOLY.Cli.Event.gameEndGm" : "KOLIKOLY.Cli.Event.gameEndLake", {
          catches: e.catches.map((c) => `${name(c.fisher)} ${c.caught}`).join(", "),
        }),
      ];
  }
}

function hazardLines(e: Extract<GameEvent, { type: "hazard" }>, name: (id: string) => string) {
  const who = name(e.fisher);
  const lines = [
    t(e.avoided ? "KOLIKOLY.Cli.Event.hazardAvoided" : "KOLIKOLY.Cli.Event.hazard", {
      hazard: e.name,
      at: coordLabel(e.at),
      name: who,
    }),
  ];
  if (e.attack !== undefined)
    lines.push(
      t("KOLIKOLY.Cli.Event.hazardAttack", {
        attack: e.attack,
        defense: e.defense ?? "",
        result: t(e.hit ? "KOLIKOLY.Cli.Event.hazardHit" : "KOLIKOLY.Cli.Event.hazardMiss"),
      }),
    );
  if (e.damage !== undefined) {
    const took =
      e.wound !== undefined
        ? t("KOLIKOLY.Cli.Event.hazardWound", {
            wound: word(WOUND, e.wound),
            save: e.save ?? "",
            dc: e.dc ?? "",
            condition: word(CONDITION, e.condition),
          })
        : e.took === "aim"
          ? t("KOLIKOLY.Cli.Event.hazardAim", { name: who, aim: word(AIM, e.aim) })
          : t("KOLIKOLY.Cli.Event.hazardHp", { name: who, hp: e.hp ?? 0 });
    lines.push(t("KOLIKOLY.Cli.Event.hazardDamage", { damage: damageText(e.damage), took }));
  }
  if (e.effect)
    lines.push(t("KOLIKOLY.Cli.Event.hazardEffect", { effect: word(EFFECT, e.effect) }));
  return lines;
}

/** The whole replay as text for one viewer. */
export function replayText(session: Session, viewer: Viewer): string[] {
  const states = statesByRound(session);
  const names = new Map(session.state.fishers.map((f) => [f.id, f.name]));
  const name = (id: string) => names.get(id) ?? id;
  const lake = session.state.lake;
  const out = [
    // The seed decides every unexplored square's contents: only the GM's transcript names it.
    t(viewer === "gm" ? "KOLIKOLY.Cli.Replay.Header" : "KOLIKOLY.Cli.Replay.HeaderNoSeed", {
      lake: `${lake.width}x${lake.height}x${lake.levels}`,
      seed: session.setup.seed,
      viewer: viewerLabel(viewer, names),
    }),
    t("KOLIKOLY.Cli.Replay.Legend", {
      fishers: session.state.fishers.map((f, i) => `${fisherLetter(i)} = ${f.name}`).join(", "),
    }),
    "",
    ...renderMap(viewFor(startSession(session.setup).state, viewer)),
  ];
  let round = 0;
  for (const e of eventsFor(session.log, viewer)) {
    if (e.type !== "gameEnd" && e.round !== round) {
      round = e.round;
      out.push("", t("KOLIKOLY.Cli.Replay.Round", { round }));
    }
    for (const line of eventLines(e, name)) out.push(`  ${line}`);
    if (e.type === "roundEnd") {
      const state = states[e.round - 1];
      if (state) out.push("", ...renderMap(viewFor(state, viewer)).map((l) => `  ${l}`));
    }
  }
  const final = session.state;
  out.push(
    "",
    t("KOLIKOLY.Cli.Replay.Final", {
      round: final.round,
      caught: final.fishers
        .map((f) => t("KOLIKOLY.Cli.Replay.Caught", { name: f.name, caught: f.caught }))
        .join(", "),
    }),
  );
  if (final.over) out.push(t("KOLIKOLY.Cli.Replay.Over"));
  return out;
}
