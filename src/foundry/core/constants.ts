/** Names the module shares with Foundry: its id, the swarm sub-type, flag scopes, query names. */
export const MODULE_ID = "kolikoly-fishing";
/** Module sub-types are namespaced by the module id at runtime (docs/foundry.md, "Documents"). */
export const SWARM_TYPE = `${MODULE_ID}.swarm`;
/** The world compendium holding GM-only lake records (docs/foundry.md, "Where secrets live"). */
export const STORE_PACK_NAME = "kolikoly-gm-store";
export const STORE_PACK_ID = `world.${STORE_PACK_NAME}`;
export const TEMPLATE_ROOT = `modules/${MODULE_ID}/templates/foundry`;
export const SWARM_ICON = `modules/${MODULE_ID}/assets/swarm.svg`;
/** Token bars shown to everyone (CONST.TOKEN_DISPLAY_MODES.ALWAYS). */
export const DISPLAY_ALWAYS = 50;

/** `User#query` names, registered in `CONFIG.queries` (must be prefixed with the package id). */
export const QUERY = {
  /** GM -> one player: private news for fishers that player owns (K12 track results). */
  private: `${MODULE_ID}.private`,
  /** Player -> active GM: typed intents (issue 4 builds declarations on this). */
  intent: `${MODULE_ID}.intent`,
  /** Player -> active GM, at the player's ready: "send me my private news again". */
  news: `${MODULE_ID}.news`,
  /** GM client -> another GM client: "send me these GM store keys" (store/handover.ts). */
  keysWanted: `${MODULE_ID}.keysWanted`,
  /** GM client -> one GM user: the keys asked for (never in an answer, which goes to the asker). */
  keysGiven: `${MODULE_ID}.keysGiven`,
  /**
   * GM client -> the GM user a `keysGiven` names as its sender: "which of these key ids do you
   * hold?" The answer, which only the asker receives, is what makes an offered key believed.
   */
  keysHeld: `${MODULE_ID}.keysHeld`,
  /** GM -> every client: the table check (table-check.ts): store traffic, version, handlers. */
  check: `${MODULE_ID}.check`,
  /** Player -> active GM: "this client received GM store traffic" (the GM checks the table). */
  leak: `${MODULE_ID}.leak`,
  /** Active GM -> a fisher's owner, during resolution: HP or the hazard's aim? (H4, hazard-choice.ts) */
  hazardChoice: `${MODULE_ID}.hazardChoice`,
  /**
   * GM client -> every other GM user, after it wrote a game's record: "read the store again"
   * (table-core.ts). Nothing travels but the game's id: the receiver reads the store itself.
   */
  storeWritten: `${MODULE_ID}.storeWritten`,
} as const;

/** Hooks the module fires (docs/foundry.md). */
export const HOOK = {
  preResolveRound: "kolikoly.preResolveRound",
  roundResolved: "kolikoly.roundResolved",
  fishCaught: "kolikoly.fishCaught",
  gameEnded: "kolikoly.gameEnded",
  preRoll: "kolikoly.preRoll",
  roll: "kolikoly.roll",
  /** H4: a fisher's HP-or-aim choice was made ({lakeId, round, fisher, choice, by}). */
  hazardChoice: "kolikoly.hazardChoice",
} as const;
