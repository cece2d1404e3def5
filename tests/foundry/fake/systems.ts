/**
 * Stand-ins for the game systems' combat turn automation (issue 20 item 7): what dnd5e and pf2e
 * do to actors when a started Combat's turn or round changes, reduced to the writes they make,
 * each from the system's own source. A stand-in is installed on every client of a table, acts
 * on the client the system would act on, and writes through FakeServer#updateActor, so a test
 * sees any change a Kayanak game would cause in the world's actors.
 *
 * What both build on, core v13 (client/documents/combat.mjs): Combat#_onUpdate runs the turn
 * events when `round` or `turn` changed on a started combat (Combat#started: `round > 0` with
 * combatants), moving forward only (an earlier turn or round fires none); Combat#turns sorts the
 * combatants by initiative, highest first (Combat#_sortCombatants). A combatant's actor is its
 * token's (Combatant#actor: `token.actor`, the world actor for a linked token), else
 * `game.actors.get(actorId)`.
 */
import type { ActorDoc, CombatDoc, FakeServer } from "./server.ts";
import type { FakeClient } from "./client.ts";

type Combatant = CombatDoc["combatants"][number];
type Item = NonNullable<ActorDoc["items"]>[number];

/** Combat#turns: initiative highest first, the id breaking ties. */
function turnsOf(c: CombatDoc): Combatant[] {
  return [...c.combatants].sort((a, b) => b.initiative - a.initiative || (a._id > b._id ? 1 : -1));
}

/** Combatant#actor, as the server holds it (a linked token's actor is the world actor). */
function actorOf(server: FakeServer, c: Combatant): ActorDoc | undefined {
  const scene = server.truth.scenes.find((s) => s._id === c.sceneId);
  const id = scene?.tokens.find((t) => t._id === c.tokenId)?.actorId ?? c.actorId;
  return id ? server.truth.actors.find((a) => a._id === id) : undefined;
}

interface TurnEvents {
  /** The combatant whose turn ended, the one whose turn starts, and whether a round started. */
  readonly ended?: Combatant;
  readonly started?: Combatant;
  readonly newRound: boolean;
}

/**
 * Listens to `updateCombat` on a client and works out the turn events of each change, as core's
 * Combat#_onUpdate does from `previous` and `current` (forward moves of a started combat only).
 */
function onTurnEvents(client: FakeClient, fn: (c: CombatDoc, e: TurnEvents) => Promise<void>) {
  const seen = new Map<string, { round: number; turn: number }>();
  client.hooks.on("updateCombat", (combat, changed) => {
    const c = combat as CombatDoc;
    const ch = changed as { round?: unknown; turn?: unknown };
    const before = seen.get(c._id);
    seen.set(c._id, { round: c.round, turn: c.turn });
    if (typeof ch.round !== "number" && typeof ch.turn !== "number") return;
    if (!(c.round > 0 && c.combatants.length > 0)) return;
    const forward =
      !before || c.round > before.round || (c.round === before.round && c.turn > before.turn);
    if (!forward) return;
    const turns = turnsOf(c);
    void fn(c, {
      ...(before && before.round > 0 && turns[before.turn] ? { ended: turns[before.turn] } : {}),
      ...(turns[c.turn] ? { started: turns[c.turn] } : {}),
      newRound: !before || c.round > before.round,
    });
  });
}

/**
 * dnd5e 5.3 (module/documents/combat.mjs, Combat5e): #_onEndTurn(combatant) ->
 * _recoverUses({turnEnd: combatant}); #_onStartRound -> _recoverUses({round: true});
 * #_onStartTurn(combatant) -> _recoverUses({turn: true, turnStart: combatant}); _recoverUses
 * calls Combatant5e#recoverCombatUses(periods) for every combatant the periods concern
 * (module/documents/combatant.mjs), which applies the actor's own (npc.mjs recoverCombatUses:
 * legendary actions spent back to 0 on `turnEnd`) and each item's (activities.mjs recoverUses ->
 * shared/uses-field.mjs UsesField.recoverUses: the first recovery profile whose period is one of
 * them; `recoverAll` sets `uses.spent` to 0, `loseAll` to `uses.max`). Core runs the turn events
 * on the active GM's client only (Combat#_onUpdate). Recharge and formula recoveries roll dice;
 * the stand-in leaves them out (what it keeps is enough to see any change).
 */
export function dnd5eTurns(server: FakeServer, client: FakeClient): void {
  const recover = async (c: Combatant, periods: readonly string[]) => {
    const a = actorOf(server, c);
    if (!a) return;
    const update: Record<string, unknown> = {};
    const npc = a.system as
      { resources?: { legact?: { max?: number; spent?: number } } } | undefined;
    if (a.type === "npc" && npc?.resources?.legact?.max && periods.includes("turnEnd"))
      update["system.resources.legact.spent"] = 0;
    for (const item of a.items ?? []) {
      const uses = (item as Item).system.uses as
        { spent: number; max: number; recovery: { period: string; type: string }[] } | undefined;
      const profile = periods
        .map((p) => uses?.recovery.find((r) => r.period === p))
        .find((r) => r !== undefined);
      if (!uses || !profile) continue;
      const spent =
        profile.type === "recoverAll" ? 0 : profile.type === "loseAll" ? uses.max : null;
      if (spent !== null && spent !== uses.spent)
        update[`items.${item._id}.system.uses.spent`] = spent;
    }
    if (Object.keys(update).length) server.updateActor(client.userId, a._id, update);
  };
  onTurnEvents(client, async (combat, e) => {
    if (client.activeGmId() !== client.userId) return;
    if (e.ended) await recover(e.ended, ["turnEnd"]);
    if (e.newRound) for (const c of combat.combatants) await recover(c, ["round"]);
    for (const c of combat.combatants)
      await recover(c, c === e.started ? ["turn", "turnStart"] : ["turn"]);
  });
}

/**
 * pf2e (src/module/encounter/document.ts, EncounterPF2e#_onUpdate): on a forward turn or round
 * change of a started encounter, the previous combatant's CombatantPF2e#endTurn and the current
 * one's #startTurn run on the client of that actor's `primaryUpdater` (the active GM, else the
 * active player whose character it is, else the first user who may update it:
 * src/module/actor/base.ts ActorPF2e#primaryUpdater).
 * combatant.ts #endTurn calls each active condition's onEndTurn (src/module/item/condition/
 * document.ts: frightened goes down by 1 at the end of the turn, gone at 0); #startTurn runs
 * the rule elements' onTurnStart, then the effect tracker expires effects whose duration ran
 * out. The stand-in keeps frightened going down (enough to see any change).
 */
export function pf2eTurns(server: FakeServer, client: FakeClient): void {
  // the fake's users have no assigned character: an active owner stands for the second choice
  const primaryUpdater = (a: ActorDoc): string | undefined =>
    client.activeGmId() ??
    client.users().find((u) => u.active && (a.ownership[u.id] ?? 0) >= 3)?.id;
  onTurnEvents(client, async (_combat, e) => {
    const a = e.ended && actorOf(server, e.ended);
    if (!a || primaryUpdater(a) !== client.userId) return;
    const update: Record<string, unknown> = {};
    for (const item of a.items ?? []) {
      const v = (item.system.value as { value?: unknown } | undefined)?.value;
      if (item.type === "condition" && item.system.slug === "frightened" && typeof v === "number")
        update[`items.${item._id}.system.value.value`] = Math.max(0, v - 1);
    }
    if (Object.keys(update).length) server.updateActor(client.userId, a._id, update);
  });
}

/**
 * test-only: a GM's own encounter of a table's fishers (FakeServer#createCombat), not started
 * (round 0), the first fisher first in the turn order.
 */
export function combatOfFishers(t: {
  readonly server: FakeServer;
  readonly userIds: { readonly gm: string };
  readonly sceneId: string;
  readonly tokenIds: readonly string[];
  readonly actorIds: readonly string[];
}): string {
  return t.server.createCombat(t.userIds.gm, {
    scene: t.sceneId,
    active: true,
    round: 0,
    turn: 0,
    combatants: t.tokenIds.map((tokenId, i) => ({
      tokenId,
      sceneId: t.sceneId,
      actorId: t.actorIds[i]!,
      initiative: t.tokenIds.length - i,
    })),
    flags: {},
  });
}
