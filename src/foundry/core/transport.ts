/**
 * Typed messages between clients, over Foundry's User#query (docs/foundry.md: the one
 * targeted channel; the server hands a query to one user and the answer to the caller only).
 * - GM -> player (`QUERY.private`): a fisher's private news, kept in the player's memory.
 * - player -> active GM (`QUERY.intent`): intents, one handler per type, validated; the sender
 *   is who Foundry says it is (an Attestor), never a field in the payload.
 */
import type { GameEvent, RuleError } from "../../rules/index.ts";
import { QUERY } from "./constants.ts";
import type { Port } from "./port.ts";
import type { LakeHost, Result } from "../fishing/host.ts";
import { err } from "../fishing/host.ts";

export interface PrivateNews {
  readonly lake: string;
  readonly fisher: string;
  readonly events: readonly GameEvent[];
}

/** What this player's client was told privately, by lake, round and fisher. Memory only. */
export class PrivateCache {
  private readonly byKey = new Map<string, GameEvent[]>();

  private static key(lake: string, round: number, fisher: string): string {
    return `${lake}|${round}|${fisher}`;
  }

  /** The `QUERY.private` handler's body: accepts only well-formed news. */
  accept(raw: unknown): boolean {
    if (typeof raw !== "object" || raw === null) return false;
    const n = raw as Partial<PrivateNews>;
    if (typeof n.lake !== "string" || typeof n.fisher !== "string" || !Array.isArray(n.events))
      return false;
    for (const e of n.events as GameEvent[]) {
      if (typeof e !== "object" || e === null || typeof e.round !== "number") return false;
      if (typeof e.audience !== "object" || e.audience.fisher !== n.fisher) return false;
      const k = PrivateCache.key(n.lake, e.round, n.fisher);
      const list = this.byKey.get(k) ?? [];
      if (!list.some((x) => JSON.stringify(x) === JSON.stringify(e))) list.push(e);
      this.byKey.set(k, list);
    }
    return true;
  }

  get(lake: string, round: number, fisher: string): readonly GameEvent[] | undefined {
    return this.byKey.get(PrivateCache.key(lake, round, fisher));
  }

  reset(): void {
    this.byKey.clear();
  }
}

/** Player -> GM intents. Issue 4 adds types here (and a handler for each in `INTENT_HANDLERS`). */
export type Intent =
  | {
      readonly type: "declare";
      readonly lake: string;
      readonly fisher: string;
      readonly round: number;
      readonly declaration: unknown;
    }
  | {
      readonly type: "withdraw";
      readonly lake: string;
      readonly fisher: string;
      readonly round: number;
    };

export type IntentReply = { readonly ok: true } | { readonly ok: false; readonly error: RuleError };

/**
 * Who sent a query, as Foundry attests it. v14 passes the calling user to the handler
 * (compat.queryCaller); v13 does not, and issue 4 supplies an attestor for it. An intent whose
 * sender cannot be established is refused.
 */
export type Attestor = (
  intent: Intent,
  options: unknown,
) => Promise<string | undefined> | string | undefined;

function parseIntent(raw: unknown): Result<Intent> {
  if (typeof raw !== "object" || raw === null) return err("badIntent", "");
  const o = raw as Record<string, unknown>;
  if (o.type !== "declare" && o.type !== "withdraw") return err("badIntent", "type");
  if (typeof o.lake !== "string") return err("badIntent", "lake");
  if (typeof o.fisher !== "string") return err("badIntent", "fisher");
  if (!Number.isInteger(o.round)) return err("badIntent", "round");
  return { ok: true, value: o as unknown as Intent };
}

type Handler = (host: LakeHost, intent: Intent, sender: string) => Promise<Result<unknown>>;

async function ownsFisher(
  host: LakeHost,
  lake: string,
  fisher: string,
  user: string,
  round: number,
): Promise<Result<true>> {
  const l = await host.load(lake);
  if (!l.ok) return l;
  const f = l.value.pub.fishers.find((x) => x.id === fisher);
  if (!f) return err("unknownFisher", "fisher");
  if (!f.actorId || !host.port.ownersOf(f.actorId).includes(user)) return err("notOwner", "fisher");
  if (round !== l.value.session.state.round + 1) return err("staleRound", "round");
  return { ok: true, value: true };
}

export const INTENT_HANDLERS: Record<Intent["type"], Handler> = {
  async declare(host, intent, sender) {
    const own = await ownsFisher(host, intent.lake, intent.fisher, sender, intent.round);
    if (!own.ok) return own;
    return host.setDeclaration(
      intent.lake,
      intent.fisher,
      (intent as Extract<Intent, { type: "declare" }>).declaration,
    );
  },
  async withdraw(host, intent, sender) {
    const own = await ownsFisher(host, intent.lake, intent.fisher, sender, intent.round);
    if (!own.ok) return own;
    return host.setDeclaration(intent.lake, intent.fisher, null);
  },
};

/** The GM's `QUERY.intent` handler: validate, establish the sender, dispatch. */
export async function handleIntent(
  host: LakeHost,
  raw: unknown,
  options: unknown,
  attest: Attestor,
): Promise<IntentReply> {
  if (!host.isAuthority()) return err("notActiveGm");
  const parsed = parseIntent(raw);
  if (!parsed.ok) return parsed;
  const sender = await attest(parsed.value, options);
  if (!sender) return err("unattested", "");
  const r = await INTENT_HANDLERS[parsed.value.type](host, parsed.value, sender);
  return r.ok ? { ok: true } : { ok: false, error: r.error };
}

/** A player's client sends an intent to the active GM. */
export async function sendIntent(port: Port, intent: Intent): Promise<IntentReply> {
  const gm = port.activeGmId();
  if (!gm) return err("noActiveGm");
  return (await port.query(gm, QUERY.intent, intent)) as IntentReply;
}
