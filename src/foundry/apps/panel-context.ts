/**
 * What the GM control panel shows (issue 3 item 4), computed from the GM's session: round,
 * per fisher whether they declared, the check needed (K6) and its total, the legal targets, and
 * the hidden truth (unseen swarms, swarms in unexplored squares), which only a GM client builds.
 */
import type { ActionKind, Coord, Session } from "../../rules/index.ts";
import {
  CHECK_FOR,
  canRevive,
  checkRequest,
  declarationTarget,
  indexOf,
  neighbours,
  pendingCannotAct,
} from "../../rules/index.ts";
import { coordLabel } from "../../ui/handlebars-helpers.ts";
import type { PublicLake } from "../fishing/projection.ts";
import { withheldTotal } from "../fishing/fair-record.ts";
import type { Pending } from "../fishing/record.ts";
import type { SceneData } from "../core/port.ts";
import { boardFlags } from "../kayanak/flags.ts";

type L = (key: string, data?: Readonly<Record<string, unknown>>) => string;

export interface PanelFisher {
  readonly id: string;
  readonly name: string;
  readonly at: string;
  readonly caught: number;
  readonly condition: string;
  readonly canAct: boolean;
  readonly declared: boolean;
  readonly action: ActionKind | "";
  readonly actions: { value: string; label: string; selected: boolean }[];
  readonly targets: { value: string; label: string; selected: boolean }[];
  /** Whether the declared action takes a square (Track, Move, Herd): else the square is blank. */
  readonly needsTarget: boolean;
  readonly check: string;
  readonly modifier: string;
  /**
   * Whether the total boxes apply: a declared action has a check (K6); a total already typed
   * stays shown so that it can be cleared.
   */
  readonly asksTotal: boolean;
  readonly total: number | "";
  readonly natural: number | "";
  readonly revive: boolean;
  readonly down: boolean;
  /** Fair dice: what became of this fisher's draw this round, for the GM; empty when none. */
  readonly fair: string;
}

export interface PanelContext {
  readonly lakeId: string;
  readonly name: string;
  readonly round: string;
  /** The round the panel's Resolve button means (LakeHost#resolveRound compares it). */
  readonly next: number;
  readonly over: boolean;
  readonly fishers: PanelFisher[];
  readonly hidden: { label: string }[];
}

export function coordValue(c: Coord): string {
  return c.join(",");
}

export function parseCoordValue(v: unknown): Coord | undefined {
  if (typeof v !== "string") return undefined;
  const p = v.split(",").map((x) => Number(x));
  return p.length === 3 && p.every((n) => Number.isInteger(n)) ? [p[0]!, p[1]!, p[2]!] : undefined;
}

function targetOf(d: Pending["actions"][string] | undefined): Coord | undefined {
  return d ? declarationTarget(d) : undefined;
}

/** A draw's time as the GM's clock shows it (hours and minutes). */
const clock = (at: number) =>
  new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/**
 * Fair dice, for the GM (players/fair-draws.ts): the roll of a draw was checked; or its dice were
 * drawn and no roll has come, so the round counts the worst roll unless the GM types a total
 * (fishing/fair-record.ts withheldTotal); or the GM typed one over it.
 */
function fairLine(s: Session["state"], pending: Pending, fisher: string, t: L): string {
  const d = pending.draws?.[fisher];
  if (!d) return "";
  const time = clock(d.at);
  if (d.secret) return t("KOLIKOLY.Foundry.Panel.FairChecked", { time });
  if (pending.totals[fisher]) return t("KOLIKOLY.Foundry.Panel.FairTyped", { time });
  const worst = withheldTotal(s, pending, fisher);
  return t("KOLIKOLY.Foundry.Panel.FairWithheld", { time, total: String(worst?.total ?? "?") });
}

export function panelContext(
  session: Session,
  pending: Pending,
  pub: PublicLake,
  t: L,
): PanelContext {
  const s = session.state;
  const fishers = s.fishers.map((f): PanelFisher => {
    const d = pending.actions[f.id];
    const action = d?.action ?? "";
    const target = targetOf(d);
    const mod = action ? checkRequest(f, action).modifier : 0; // H4: the engine's check
    const total = pending.totals[f.id];
    return {
      id: f.id,
      name: f.name,
      at: coordLabel(f.at),
      caught: f.caught,
      condition: f.condition,
      // the engine's answer, the GM's revivals for the round applied first (H5 before K5)
      canAct: pendingCannotAct(s, pending, f.id) === undefined,
      declared: Boolean(d),
      action,
      actions: (["", "catch", "track", "move", "herd"] as const).map((a) => ({
        value: a,
        label: a ? t(`KOLIKOLY.Foundry.Action.${a}`) : t("KOLIKOLY.Foundry.Panel.None"),
        selected: a === action,
      })),
      // a blank first: no square is shown chosen where none is (no action, or a Catch)
      targets: [
        { value: "", label: "—", selected: !target },
        ...neighbours(s.lake, f.at).map((c) => ({
          value: coordValue(c),
          label: coordLabel(c),
          selected: Boolean(target && coordValue(target) === coordValue(c)),
        })),
      ],
      needsTarget: action !== "" && action !== "catch",
      check: action ? t(`KOLIKOLY.Foundry.Check.${CHECK_FOR[action]}`) : "",
      modifier: action ? (mod >= 0 ? `+${mod}` : `${mod}`) : "",
      asksTotal: action !== "" || total !== undefined,
      total: total?.total ?? "",
      natural: total?.natural ?? "",
      revive: pending.revive.includes(f.id),
      down: canRevive(f),
      fair: fairLine(s, pending, f.id, t),
    };
  });
  const hidden = s.swarms
    .filter((w) => !w.seen)
    .map((w) => ({
      label:
        t("KOLIKOLY.Foundry.Panel.UnseenSwarm", { fish: w.fish, at: coordLabel(w.at) }) +
        (s.explored[indexOf(s.lake, w.at)] === 1
          ? ""
          : ` ${t("KOLIKOLY.Foundry.Panel.InUnexplored")}`),
    }));
  return {
    lakeId: pub.id,
    name: pub.name,
    round: t("KOLIKOLY.Foundry.Panel.Round", { round: s.round + 1 }),
    next: s.round + 1,
    over: s.over,
    fishers,
    hidden,
  };
}

// ------------------------------------------------------------------ Kayanak boards (issue 11)

/** One Kayanak board of the viewed scene, as the GM panel lists it. */
export interface PanelBoard {
  readonly id: string;
  readonly name: string;
  /** Whose turn it is ("Turn 4: Ana"), or the end with its winners. */
  readonly status: string;
  readonly over: boolean;
  /** The turn in play has its dice rolled (undo then drops that turn, not the last finished one). */
  readonly inPlay: boolean;
  /** The scene's active board (the one the canvas draws). */
  readonly active: boolean;
}

/**
 * The scene's Kayanak boards for the GM panel, from their public flag only (board.ts: the
 * player view, J10), so nothing here needs the GM store: whose turn it is, or the winners.
 * The panel offers each board the host's Undo and Export. It offers no End: the rules end a
 * Kayanak game only by J7/J9 (every hole open, ten or fifteen fish, every floe open) and have
 * no end by the GM to score.
 */
export function kayanakPanelBoards(scene: Pick<SceneData, "flags">, t: L): PanelBoard[] {
  const f = boardFlags(scene);
  return Object.values(f.boards ?? {}).map((b) => {
    const name = (id: string | null) => b.fishers.find((x) => x.id === id)?.name ?? id ?? "";
    const v = b.view;
    return {
      id: b.id,
      name: b.name,
      status: v.over
        ? t("KOLIKOLY.Kayanak.Foundry.Board.Over", { winners: v.winners.map(name).join(", ") })
        : t("KOLIKOLY.Kayanak.Foundry.Board.TurnOf", { turn: v.turn + 1, name: name(v.next) }),
      over: v.over,
      inPlay: v.inPlay !== null && v.inPlay !== undefined,
      active: f.activeBoard === b.id,
    };
  });
}
