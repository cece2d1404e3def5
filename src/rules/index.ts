/** The rules engine's public surface. Everything outside src/rules imports from here. */
export * from "./dice/formula.ts";
export * from "./dice/prng.ts";
export * from "./dice/requests.ts";
export * from "./lake/geometry.ts";
export * from "./lake/limits.ts";
export * from "./hazards/table.ts";
export {
  HAZARD_CHOICE,
  defenseOf,
  hazardAttackBonus,
  hazardChoiceOf,
  woundFor,
} from "./hazards/resolve.ts";
export * from "./kolikoly/types.ts";
export * from "./kolikoly/settings.ts";
export * from "./kolikoly/state.ts";
export {
  CHECK_FOR,
  band,
  attackHits,
  checkKey,
  checkKind,
  checkRequest,
} from "./kolikoly/checks.ts";
export type { GivenTotal, PendingRound } from "./kolikoly/pending.ts";
export {
  checkPendingDeclaration,
  checkPendingRound,
  pendingCannotAct,
  pendingRoundInput,
} from "./kolikoly/pending.ts";
export { takeFish } from "./kolikoly/catch.ts";
export { exploreOutcome } from "./kolikoly/explore.ts";
export {
  canRevive,
  cannotActReason,
  declarationTarget,
  parseDeclaration,
  reviveFirst,
  validateRoundInput,
} from "./kolikoly/declare.ts";
export { ROUND_STEPS, resolveRound } from "./kolikoly/round.ts";
export { checkSetup } from "./kolikoly/setup.ts";
export { lakeEmpty, endByGm } from "./kolikoly/end.ts";
export * from "./kolikoly/view.ts";
export * from "./kolikoly/session.ts";
export * from "./scenario/format.ts";
export * from "./scenario/json.ts";
export { playScenario, playScenarioText, exportScenario, formatError } from "./scenario/play.ts";
export * from "./scenario/replay.ts";
// Kayanak, the ice-fishing mode (J1-J12), has its own index, ./kayanak/index.ts (its names mirror
// the fishing game's). It is not re-exported here: whatever imports this index would take every
// Kayanak rule with it, and the Foundry module loads those only in its Kayanak chunk (issue 23).
