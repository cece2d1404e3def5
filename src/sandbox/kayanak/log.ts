/**
 * The Kayanak log: one viewer's events (`eventsFor` only) as localized lines, grouped by turn,
 * holes written `[x,y]` 0-based as in the scenario file. The GM-only `dropped` event (where the
 * fish fell, J1) is marked as a whisper; it is only in the list because `eventsFor` let it through.
 */
import type {
  EndReason,
  FishSize,
  KayanakEvent,
  TileAction,
  Variant,
} from "../../rules/kayanak/index.ts";
import type { Localize } from "../../ui/handlebars-helpers.ts";
import { escapeXml } from "../../ui/lake-svg.ts";
import { faceText } from "./dice-view.ts";
import { holeLabel } from "../../ui/ice-svg.ts";

export interface KayanakLogLine {
  readonly turn: number;
  /** Who played the turn (empty for the set-up). */
  readonly fisher: string;
  readonly text: string;
  readonly whisper: string;
  readonly kind: KayanakEvent["type"];
}

export const END_REASON_KEY: Readonly<Record<EndReason, string>> = {
  tenFish: "KOLIKOLY.Sandbox.Kayanak.End.tenFish",
  allOpen: "KOLIKOLY.Sandbox.Kayanak.End.allOpen",
  everyFloeOpen: "KOLIKOLY.Sandbox.Kayanak.End.everyFloeOpen",
  fifteenFish: "KOLIKOLY.Sandbox.Kayanak.End.fifteenFish",
};

export const VARIANT_KEY: Readonly<Record<Variant, string>> = {
  basic: "KOLIKOLY.Sandbox.Kayanak.Variant.basic",
  weather: "KOLIKOLY.Sandbox.Kayanak.Variant.weather",
};
const LANDED_KEY: Readonly<Record<FishSize | "none", string>> = {
  big: "KOLIKOLY.Sandbox.Kayanak.Log.Landed.big",
  small: "KOLIKOLY.Sandbox.Kayanak.Log.Landed.small",
  none: "KOLIKOLY.Sandbox.Kayanak.Log.Landed.none",
};
const TILE_KEY: Readonly<Record<TileAction, string>> = {
  place: "KOLIKOLY.Sandbox.Kayanak.Log.Tile.place",
  remove: "KOLIKOLY.Sandbox.Kayanak.Log.Tile.remove",
};
const CRYSTAL_KEY: Readonly<Record<TileAction, string>> = {
  place: "KOLIKOLY.Sandbox.Kayanak.Log.Crystal.place",
  remove: "KOLIKOLY.Sandbox.Kayanak.Log.Crystal.remove",
};

/** One event as a sentence. `name` turns a fisher id into the name shown. */
export function kayanakEventText(
  e: KayanakEvent,
  name: (id: string) => string,
  localize: Localize,
): string {
  const fish = (big: number, small: number) =>
    big + small === 0
      ? localize("KOLIKOLY.Sandbox.Kayanak.Log.NoFish")
      : localize("KOLIKOLY.Sandbox.Kayanak.Log.FishCount", { big, small });
  switch (e.type) {
    case "setUp":
      return localize("KOLIKOLY.Sandbox.Kayanak.Log.SetUp", {
        width: e.width,
        height: e.height,
        floes: e.floes.length,
        big: e.fish.big,
        small: e.fish.small,
        variant: localize(VARIANT_KEY[e.variant]),
        bears: e.fishers.map((f) => `${name(f.id)} ${holeLabel(f.at)}`).join(", "),
      });
    case "dropped":
      return localize("KOLIKOLY.Sandbox.Kayanak.Log.Dropped", {
        holes: e.holes.length,
        big: e.big,
        small: e.small,
      });
    case "shaken":
      return localize("KOLIKOLY.Sandbox.Kayanak.Log.Shaken", {
        list: e.holes.map((h) => `${holeLabel(h.at)} ${h.big}/${h.small}`).join(", "),
      });
    case "rolled":
      return e.temperature
        ? localize("KOLIKOLY.Sandbox.Kayanak.Log.RolledWeather", {
            name: name(e.fisher),
            die: faceText(e.die, localize),
            temperature: faceText(e.temperature, localize),
            dots: e.dots,
          })
        : localize("KOLIKOLY.Sandbox.Kayanak.Log.Rolled", {
            name: name(e.fisher),
            die: faceText(e.die, localize),
            dots: e.dots,
          });
    case "moved":
      return localize("KOLIKOLY.Sandbox.Kayanak.Log.Moved", {
        name: name(e.fisher),
        from: holeLabel(e.from),
        to: holeLabel(e.to),
      });
    case "hacked":
      return localize("KOLIKOLY.Sandbox.Kayanak.Log.Hacked", {
        name: name(e.fisher),
        hole: holeLabel(e.at),
        fish: fish(e.big, e.small),
      });
    case "fished":
      // J6 setting: a failed landing check leaves the fish in the hole
      if (e.check && e.check.total < e.check.dc)
        return localize("KOLIKOLY.Sandbox.Kayanak.Log.GetsAway", {
          name: name(e.fisher),
          hole: holeLabel(e.at),
          total: e.check.total,
          dc: e.check.dc,
        });
      return localize(LANDED_KEY[e.landed ?? "none"], {
        name: name(e.fisher),
        hole: holeLabel(e.at),
        left: fish(e.big, e.small),
        big: e.caught.big,
        small: e.caught.small,
      });
    case "tile":
      return localize(TILE_KEY[e.action], { name: name(e.fisher), floe: e.floe });
    case "crystal":
      return localize(CRYSTAL_KEY[e.action], { name: name(e.fisher), hole: holeLabel(e.at) });
    case "dotsLost":
      return localize("KOLIKOLY.Sandbox.Kayanak.Log.DotsLost", {
        name: name(e.fisher),
        dots: e.dots,
      });
    case "turnEnd":
      return localize("KOLIKOLY.Sandbox.Kayanak.Log.TurnEnd", {
        name: name(e.fisher),
        next: name(e.next),
      });
    case "gameEnd":
      return localize("KOLIKOLY.Sandbox.Kayanak.Log.GameEnd", {
        reason: localize(END_REASON_KEY[e.reason]),
        winners: e.winners.map(name).join(", "),
        scores: e.scores
          .map((s) =>
            localize("KOLIKOLY.Sandbox.Kayanak.Log.ScoreOf", {
              name: name(s.fisher),
              big: s.big,
              small: s.small,
              score: s.score,
            }),
          )
          .join("; "),
      });
  }
}

/** The viewer's events as lines (the events must already be `eventsFor` that viewer). */
export function kayanakLogLines(
  events: readonly KayanakEvent[],
  names: ReadonlyMap<string, string>,
  localize: Localize,
): KayanakLogLine[] {
  const name = (id: string) => names.get(id) ?? id;
  const whoseTurn = new Map<number, string>();
  for (const e of events) if (e.type === "rolled") whoseTurn.set(e.turn, e.fisher);
  return events.map((e) => ({
    turn: e.turn,
    fisher: whoseTurn.get(e.turn) ?? "",
    text: kayanakEventText(e, name, localize),
    whisper: e.audience === "all" ? "" : localize("KOLIKOLY.Sandbox.Kayanak.Log.GmOnly"),
    kind: e.type,
  }));
}

/** The lines as list items, a heading before each turn ("Set-up", "Turn 3: Ana"). */
export function kayanakLogHtml(
  lines: readonly KayanakLogLine[],
  names: ReadonlyMap<string, string>,
  localize: Localize,
): string {
  const out: string[] = [];
  let turn = -1;
  for (const l of lines) {
    if (l.turn !== turn) {
      turn = l.turn;
      const heading =
        turn === 0
          ? localize("KOLIKOLY.Sandbox.Kayanak.Log.SetUpHeading")
          : localize("KOLIKOLY.Sandbox.Kayanak.Log.TurnHeading", {
              turn,
              name: names.get(l.fisher) ?? l.fisher,
            });
      out.push(
        `<li class="kolikoly-log__round" role="presentation" data-turn="${turn}">${escapeXml(heading)}</li>`,
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
