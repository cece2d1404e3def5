/**
 * The players' port on Foundry: the core live port (src/foundry/core/live-port.ts) plus the calls
 * the players' side makes, one Foundry call each (named beside it).
 */
import { MODULE_ID } from "../core/constants.ts";
import type { Port } from "../core/port.ts";
import type { ActorLike, CoreRoller, RollModeName } from "../systems/types.ts";
import { outcomeOf } from "../systems/common.ts";
import { fromMessageMode, modeSettingKey, rollMessageOptions } from "../core/compat.ts";
import type { PlayerMessage, PlayerPort } from "./port.ts";

type Doc = {
  id: string;
  toObject(): Record<string, unknown>;
  rolls?: unknown[];
  author?: { id?: string } | null;
};

function asMessage(m: Doc): PlayerMessage {
  // The live document: rolls are Roll instances, author a User (v12+ `author`).
  const o = m as unknown as PlayerMessage & { content?: string };
  return o;
}

/**
 * The mode this user set, read from the generation's own setting only (core/compat.ts
 * modeSettingKey): v14's `core.messageMode` (reading `core.rollMode` there logs a deprecation,
 * and v16 removes it), v13's `core.rollMode`. Public when it holds nothing the module knows.
 */
function rollModeSetting(generation: number): RollModeName {
  const settings = game.settings as unknown as { get(n: string, k: string): unknown };
  return fromMessageMode(settings.get("core", modeSettingKey(generation))) ?? "publicroll";
}

export function livePlayerPort(base: Port): PlayerPort {
  const coreRoll: CoreRoller = async (formula, data, message, rollMode) => {
    const roll = new Roll(formula, data);
    await roll.evaluate();
    // Roll#toMessage: v14 `messageMode`, v13 `rollMode` (v14 warns on the old option)
    const created = (await roll.toMessage(
      message as never,
      rollMessageOptions(rollMode, base.generation) as never,
    )) as unknown as { id?: string } | undefined;
    return outcomeOf(roll as never, created?.id ?? undefined) ?? { total: roll.total ?? 0 };
  };
  return {
    ...base,
    // User#setFlag on game.user: the server lets a user update their own User document
    setOwnFlag: async (key, value) => {
      await (
        game.user as unknown as { setFlag(s: string, k: string, v: unknown): Promise<unknown> }
      ).setFlag(MODULE_ID, key, value);
    },
    // User#getFlag
    userFlag: (userId, key) =>
      (
        game.users!.get(userId) as unknown as { getFlag(s: string, k: string): unknown } | undefined
      )?.getFlag(MODULE_ID, key),
    // Hooks.on
    on: (name, fn) => void Hooks.on(name as never, fn as never),
    // game.messages.get
    message: (id) => {
      const m = game.messages!.get(id) as unknown as Doc | undefined;
      return m ? asMessage(m) : undefined;
    },
    // game.messages.contents (creation order)
    messageList: () => (game.messages!.contents as unknown as Doc[]).map(asMessage),
    // ChatMessage#update
    updateMessage: async (id, data) => {
      await (
        game.messages!.get(id) as unknown as { update(d: object): Promise<unknown> } | undefined
      )?.update(data);
    },
    // game.actors.get
    actor: (id) => game.actors!.get(id) as unknown as ActorLike | undefined,
    // game.settings.get("core", "messageMode") on v14, ("core", "rollMode") on v13
    rollMode: () => rollModeSetting(base.generation),
    // game.system.id
    systemId: () => game.system!.id,
    // game.system.version
    systemVersion: () => String((game.system as unknown as { version?: unknown }).version ?? ""),
    // ui.notifications.error
    notifyError: (message) => void ui.notifications?.error(message),
    alertGm: (message, line) => alertLine(message, line),
    coreRoll,
    fulfillDice() {
      throw new Error("not yet");
    },
    diceMethodFor() {
      throw new Error("not yet");
    },
  };
}

/** The GM's warning lines on screen, by name (PlayerPort#alertGm). */
const lines = new Map<string, { id: number; update?: (u: { message: string }) => void }>();

/**
 * A permanent warning (Notifications#notify's `permanent`, v13 and v14
 * client/applications/ui/notifications.mjs); a named line still on screen (Notifications#has)
 * gets the new text in place (the Notification's `update({message})`), else a new line shows.
 */
function alertLine(message: string, line: string | undefined): void {
  const n = ui.notifications;
  if (!n) return;
  const shown = line ? lines.get(line) : undefined;
  const has = (n as unknown as { has?: (id: number) => boolean }).has?.bind(n);
  if (shown?.update && has?.(shown.id)) return shown.update({ message });
  const made = n.warn(message, { permanent: true }) as unknown as {
    id: number;
    update?: (u: { message: string }) => void;
  };
  if (line && made) lines.set(line, made);
}
