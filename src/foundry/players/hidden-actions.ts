/**
 * Issue 10 item 6: the world setting for tables that want the declared action hidden until the
 * round resolves. A check rolled in public mode names its skill (Survival is a Track...), so from
 * the lock on every player's chat would show each fisher's action. With the setting, the checks
 * the module asks for (roll card buttons, the GM rolling for an absent player) and the checks a
 * player rolls from a sheet while a roll card is open are posted in a private mode:
 * - `gmroll` (Private GM roll): whispered to the GMs; Foundry v13 shows the roller their own roll
 *   in full and every other player "<name> privately rolled some dice", formula "???", total "?"
 *   (ChatMessage#isContentVisible: a whispered roll's content is visible to the whisper list and,
 *   unless it is blind, to its author; Roll#render with isPrivate);
 * - `blindroll` (Blind GM roll): the same, and blind: the roller sees the same "privately rolled"
 *   line as everyone else, without skill, die or total; only GMs see them.
 * A roll is only ever made more private (public < private GM < blind); a self roll is left to the
 * player (the GM cannot count it and the player is told). The GM's client still counts both
 * private modes: they are whispered to the GMs.
 */
import type { MessageLike, RollModeName } from "../systems/types.ts";

/** The setting's values: off, or the roll mode the module's checks are made in. */
export type HiddenMode = "gmroll" | "blindroll";
export const HIDDEN_ACTION_CHOICES = ["off", "gmroll", "blindroll"] as const;

export function hiddenModeOf(value: unknown): HiddenMode | undefined {
  return value === "gmroll" || value === "blindroll" ? value : undefined;
}

/** The roll mode a check is made in: the player's, or the setting's when that is more private. */
export function moreHidden(mode: RollModeName, hidden: HiddenMode | undefined): RollModeName {
  if (!hidden || mode === "selfroll" || mode === "blindroll") return mode;
  return hidden === "blindroll" ? "blindroll" : "gmroll";
}

/** The roll mode a message's whisper and blind fields say it was made in (ChatMessage.applyRollMode). */
export function modeOfMessage(
  message: Pick<MessageLike, "whisper" | "blind">,
  me: { id: string; isGM: boolean },
): RollModeName {
  const w = message.whisper ?? [];
  if (w.length === 0) return "publicroll";
  if (message.blind) return "blindroll";
  if (w.length === 1 && w[0] === me.id && !me.isGM) return "selfroll";
  return "gmroll";
}

/**
 * The whisper and blind fields that post a message in `mode` (v13 ChatMessage.applyRollMode:
 * gmroll and blindroll whisper every GM, blindroll sets blind).
 */
export function fieldsOf(
  mode: HiddenMode,
  gmIds: readonly string[],
): { whisper: string[]; blind: boolean } {
  return { whisper: [...gmIds], blind: mode === "blindroll" };
}
