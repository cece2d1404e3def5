/**
 * A fair check's roll at its first die, on a player's client (fair-dice.ts decides which roll
 * it is; this file, loaded with the first such roll, does the rest): the owed check it is for,
 * the secret and its commitment for the roll's shape, the GM's nonce, and the reveal put in the
 * roll, which carries it to the chat message.
 */
import type { FairCheck, FairStream } from "../../dice/fair.ts";
import { SECRET_HEX, commitOf, isSecret, randomHex, rollJson, shapeOf } from "../../dice/fair.ts";
import { FairStream as Stream } from "../../dice/fair.ts";
import { MODULE_ID } from "../core/constants.ts";
import type { CheckKind } from "../systems/types.ts";
import type { PlayerPort } from "./port.ts";
import type { FairNonce, OwedCheck, PlayerIntent, Reply } from "./protocol.ts";
import { checksFlagOf } from "./roll-card.ts";

/** What the players' desk does for the fair dice: its requests to the GM, its error line. */
export interface FairSender {
  send<T>(intent: PlayerIntent): Promise<Reply<T>>;
  report<T>(reply: Reply<T>): Reply<T>;
}

/** A roll recognised as a check before its dice: which check, for which actor if known. */
export interface Candidate {
  readonly kind: CheckKind;
  readonly actorId?: string;
  /** The check exactly (the roll card's button knows it). */
  readonly check?: FairCheck;
}

export type Options = Record<string, unknown>;
export type Root = { options?: Options };

/** What a start needs of the player's side. */
export interface StartEnv {
  readonly port: PlayerPort;
  readonly desk: FairSender;
  readonly secrets: SecretShelf;
}

/** The owed fair check a candidate roll is for: the card's, else asked of the GM. */
async function checkOf(env: StartEnv, c: Candidate): Promise<FairCheck | undefined> {
  if (c.check) return c.check;
  for (const card of env.port.messageList()) {
    const flag = checksFlagOf(card);
    if (!flag || flag.closed || !flag.fair) continue;
    const owed = await env.desk.send<OwedCheck[]>({
      type: "checks",
      lake: flag.lake,
      round: flag.round,
    });
    if (!owed.ok) continue;
    const o = owed.value.find(
      (x) => x.kind === c.kind && !x.rolled && (!c.actorId || x.actorId === c.actorId),
    );
    if (o) return { lake: flag.lake, round: flag.round, fisher: o.fisher, kind: o.kind };
  }
  return undefined;
}

/** A fair check's roll starts: commit, ask the GM for its nonce, reveal in the roll. */
export async function startFairRoll(
  env: StartEnv,
  root: Root,
  c: Candidate,
): Promise<FairStream | null> {
  const check = await checkOf(env, c);
  if (!check) return null;
  // the roll's shape as it is now, its first die about to be rolled (dice/fair.ts shapeOf)
  const shape = shapeOf(rollJson(root));
  const key = JSON.stringify([check.lake, check.round, check.fisher, check.kind, shape]);
  const secret = env.secrets.get(key) ?? randomHex(SECRET_HEX);
  const reply = await env.desk.send<FairNonce>({
    type: "draw",
    lake: check.lake,
    round: check.round,
    fisher: check.fisher,
    commit: commitOf(check, shape, secret),
    shape,
  });
  if (!reply.ok) {
    env.desk.report(reply);
    return null;
  }
  env.secrets.set(key, secret);
  const options = (root.options ??= {});
  const mine = (options[MODULE_ID] as Options | undefined) ?? {};
  const { lake, round, fisher, kind } = check;
  options[MODULE_ID] = { ...mine, fair: { lake, round, fisher, kind, secret } };
  return new Stream(secret, reply.value.nonce, check);
}

/**
 * Secrets by check and shape: rolling the same check the same way again (a message that failed
 * to post, a page reloaded mid-roll) commits to the same secret, gets the same nonce, and so the
 * same dice. Kept in this tab's `sessionStorage` (it outlives a reload, not the tab), else in the
 * page's memory.
 */
export class SecretShelf {
  private readonly memory = new Map<string, string>();

  private storage(): Storage | undefined {
    try {
      return globalThis.sessionStorage ?? undefined;
    } catch {
      return undefined; // a browser that refuses storage to this page
    }
  }

  get(key: string): string | undefined {
    const stored = this.storage()?.getItem(`${MODULE_ID}.fair.${key}`);
    return isSecret(stored) ? stored : this.memory.get(key);
  }

  set(key: string, secret: string): void {
    this.memory.set(key, secret);
    try {
      this.storage()?.setItem(`${MODULE_ID}.fair.${key}`, secret);
    } catch {
      // full or refused: the page's memory keeps it until a reload
    }
  }
}
