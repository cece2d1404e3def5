/**
 * `CONST`: the constants the module and this fake read, with Foundry's values (v13
 * common/constants.mjs, as declared in fvtt-types 13.345.1 common/constants.d.mts).
 */
export const USER_ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;
export type RoleName = keyof typeof USER_ROLES;

export const DOCUMENT_OWNERSHIP_LEVELS = {
  INHERIT: -1,
  NONE: 0,
  LIMITED: 1,
  OBSERVER: 2,
  OWNER: 3,
} as const;
export type OwnershipName = keyof typeof DOCUMENT_OWNERSHIP_LEVELS;

/** TOKEN_DISPLAY_MODES (constants.mjs): ALWAYS is 50. */
export const TOKEN_DISPLAY_MODES = {
  NONE: 0,
  CONTROL: 10,
  OWNER_HOVER: 20,
  HOVER: 30,
  OWNER: 40,
  ALWAYS: 50,
} as const;

/** DICE_ROLL_MODES (constants.mjs, v13). */
export const DICE_ROLL_MODES = {
  PUBLIC: "publicroll",
  PRIVATE: "gmroll",
  BLIND: "blindroll",
  SELF: "selfroll",
} as const;

/**
 * USER_PERMISSIONS default roles (constants.d.mts defaultValue blocks): only the permissions
 * the fake checks.
 */
export const USER_PERMISSIONS: Record<string, { defaultRole: number }> = {
  ACTOR_CREATE: { defaultRole: USER_ROLES.ASSISTANT },
  SETTINGS_MODIFY: { defaultRole: USER_ROLES.ASSISTANT },
  TOKEN_CREATE: { defaultRole: USER_ROLES.ASSISTANT },
  TOKEN_DELETE: { defaultRole: USER_ROLES.ASSISTANT },
  MESSAGE_WHISPER: { defaultRole: USER_ROLES.PLAYER },
  MANUAL_ROLLS: { defaultRole: USER_ROLES.TRUSTED },
  QUERY_USER: { defaultRole: USER_ROLES.PLAYER },
};

/** CHAT_MESSAGE_STYLES (constants.mjs, v12+). */
export const CHAT_MESSAGE_STYLES = { OTHER: 0, OOC: 1, IC: 2, EMOTE: 3 } as const;

/** KEYBINDING_PRECEDENCE (constants.mjs): lower runs first. */
export const KEYBINDING_PRECEDENCE = { PRIORITY: 0, NORMAL: 1, DEFERRED: 2 } as const;

export const CONST = {
  USER_ROLES,
  DOCUMENT_OWNERSHIP_LEVELS,
  TOKEN_DISPLAY_MODES,
  DICE_ROLL_MODES,
  USER_PERMISSIONS,
  CHAT_MESSAGE_STYLES,
  KEYBINDING_PRECEDENCE,
};
