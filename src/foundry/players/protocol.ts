/**
 * Player -> active GM messages of the players' side (issue 4), sent with User#query under one
 * name and checked field by field on the GM's client. Every reply is a typed result; an error's
 * stable `code` is its i18n key suffix (KOLIKOLY.Players.Error.<code>, else the engine's
 * KOLIKOLY.Error.<code>), so the player reads it in their language.
 */
import type { Declaration, LakeView } from "../../rules/index.ts";
import { QUERY } from "../core/constants.ts";
import type { CheckKind } from "../systems/types.ts";
import { isCheckKind } from "../systems/types.ts";
import type { Auth } from "./attest.ts";
import type { Reply } from "../core/reply.ts";
import { fail } from "../core/reply.ts";

// the replies and error keys both games and the windows share (core/reply.ts)
export type { Reply } from "../core/reply.ts";
export { UNKNOWN_ERROR_KEY, errorKey, fail } from "../core/reply.ts";

/**
 * The player -> active GM channel (`QUERY.intent`), registered once, answered by the players'
 * desk (desk.ts `GmDesk#handle`): one union of every request of both games, one parser.
 */
export const PLAYER_QUERY = QUERY.intent;

export type PlayerIntent =
  /** K5: a fisher's declaration for the coming round. */
  | {
      readonly type: "declare";
      readonly lake: string;
      readonly fisher: string;
      readonly round: number;
      readonly declaration: unknown;
    }
  /** K5: the declaration taken back. */
  | {
      readonly type: "withdraw";
      readonly lake: string;
      readonly fisher: string;
      readonly round: number;
    }
  | { readonly type: "view"; readonly lake: string; readonly fisher: string }
  | { readonly type: "checks"; readonly lake: string; readonly round: number }
  | {
      readonly type: "rolled";
      readonly lake: string;
      readonly round: number;
      readonly messageId: string;
      /**
       * The check the system's own roll hook named on the author's client (dnd5e
       * rollSkillV2 / rollAttackV2): read when the message itself stores the roll in a shape the
       * adapter does not know.
       */
      readonly kind?: CheckKind;
    }
  /**
   * Fair dice (fair-dice.ts): the player's client commits to a secret for its fisher's check of
   * the locked round, for a roll of this dice shape; the GM's client records it and answers with
   * its nonce (FairNonce).
   */
  | {
      readonly type: "draw";
      readonly lake: string;
      readonly fisher: string;
      readonly round: number;
      readonly commit: string;
      readonly shape: string;
    }
  /**
   * Issue 11: a Kayanak request (roll, a step, end the turn) for the fisher whose turn it is;
   * `lake` is the board, `round` the turns played so far (a request for an older board is stale).
   */
  | {
      readonly type: "kayanak";
      readonly lake: string;
      readonly fisher: string;
      readonly round: number;
      readonly request: unknown;
    };

export type Signed<T> = T & { readonly auth?: Auth };

/** What the dialog shows for one fisher: the lake as that fisher's player may know it (viewFor). */
export interface FisherDesk {
  readonly view: LakeView;
  /** The round being declared (resolved rounds + 1). */
  readonly round: number;
  /** The GM locked the round: declarations are closed, checks are rolled. */
  readonly locked: boolean;
  /** This fisher's own declaration, if any (sent only to that fisher's owners). */
  readonly mine?: Declaration;
  /**
   * Why this fisher cannot declare in the coming round (the engine's `pendingCannotAct`, the
   * GM's revivals applied first); absent when they can. Sent only to the fisher's owners.
   */
  readonly cannotAct?: string;
}

/** A check the sender owes for a fisher they own (K6), after the round locks. */
export interface OwedCheck {
  readonly fisher: string;
  readonly actorId: string;
  readonly kind: CheckKind;
  readonly rolled: boolean;
}

/** The GM's answer to a draw: its nonce, and when it drew it. */
export interface FairNonce {
  readonly nonce: string;
  readonly at: number;
}

const TYPES = new Set(["view", "declare", "withdraw", "checks", "rolled", "draw", "kayanak"]);
/** A roll's dice shape (dice/fair.ts shapeOf): dice terms with their modifiers, comma-separated. */
const SHAPE = /^[0-9a-z=<>,]{0,200}$/;
/** A fair commitment (dice/fair.ts `commitOf`): a SHA-256 digest in lower-case hex. */
const COMMIT = /^[0-9a-f]{64}$/;
const ID = /^[A-Za-z0-9_.-]{1,64}$/;

/** Checks an intent's shape (not its meaning). The `auth` field is left for the attestor. */
export function parseIntent(raw: unknown): Reply<PlayerIntent> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return fail("badIntent");
  const o = raw as Record<string, unknown>;
  if (typeof o.type !== "string" || !TYPES.has(o.type)) return fail("badIntent", "type");
  if (typeof o.lake !== "string" || !ID.test(o.lake)) return fail("badIntent", "lake");
  if (
    o.type !== "checks" &&
    o.type !== "rolled" &&
    (typeof o.fisher !== "string" || !ID.test(o.fisher))
  )
    return fail("badIntent", "fisher");
  if (o.type === "kayanak") {
    if (!Number.isInteger(o.round) || (o.round as number) < 0) return fail("badIntent", "round");
    if (typeof o.request !== "object" || o.request === null) return fail("badIntent", "request");
  } else if (o.type !== "view" && (!Number.isInteger(o.round) || (o.round as number) < 1))
    return fail("badIntent", "round");
  if (o.type === "rolled" && (typeof o.messageId !== "string" || !ID.test(o.messageId)))
    return fail("badIntent", "messageId");
  if (o.type === "rolled" && "kind" in o && !isCheckKind(o.kind)) return fail("badIntent", "kind");
  if (o.type === "declare" && !("declaration" in o)) return fail("badIntent", "declaration");
  if (o.type === "draw" && (typeof o.commit !== "string" || !COMMIT.test(o.commit)))
    return fail("badIntent", "commit");
  if (o.type === "draw" && (typeof o.shape !== "string" || !SHAPE.test(o.shape)))
    return fail("badIntent", "shape");
  const keep = ["type", "lake", "fisher", "round", "declaration", "messageId", "request"];
  if (o.type === "rolled") keep.push("kind");
  if (o.type === "draw") keep.push("commit", "shape");
  return {
    ok: true,
    value: Object.fromEntries(
      keep.filter((k) => k in o).map((k) => [k, o[k]]),
    ) as unknown as PlayerIntent,
  };
}
