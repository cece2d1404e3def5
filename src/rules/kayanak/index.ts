/**
 * Kayanak, the ice-fishing board game (rules J1-J12, docs/kayanak.md): the engine's public
 * surface for this mode. Everything outside src/rules/kayanak imports from here.
 *
 * The shape is the fishing game's (docs/architecture.md): state is plain data
 * (`KayanakState`), every rule is `(state, input) -> {ok, state, events} | {ok: false, error}`
 * and never changes its input, every die is a `RollRequest` answered by a driver
 * (`dice/requests.ts`), every event carries its audience, and a game is a record
 * (`KayanakSession`) that replays exactly.
 *
 * Starting a game
 * - `newGame(setup)`: checks a `KayanakSetup` (board, floes given or generated from the seed,
 *   fish dropped from the seed or placed, bears placed J11) and returns the first state and the
 *   set-up events (`setUp` to all, `dropped` to the GM, `shaken` to all with "shake the box").
 * - `startSession(setup)`: the same, as a session (a record with no turns yet).
 *
 * Playing a turn: either whole (`playTurn`), or step by step for a table or Foundry:
 * - `rollDice(state, {fisher})`: a program (`RollProgram`) asking for the action die, and the
 *   temperature die in the weather variant; the state then has `pending` (faces, dots).
 * - `takeStep(state, step)`: one move, hack, fish, tile or crystal; a program, since landing a
 *   fish from a hole holding both sizes asks a die (`land:x,y`).
 * - `endTurn(state)`: unused dots are lost (J2) and play passes on.
 * - `resolveTurn(state, turnInput)`: all three; errors name the field (`steps[2].fish`).
 * - `legalSteps(state)`: every step allowed now (to highlight holes, for bots).
 * Run a program with `runSync(program, driver)` / `runAsync` from dice/requests.ts; the session
 * helpers below do it with the seeded driver.
 *
 * Sessions (the record: set-up plus each turn with its dice forced as they came up)
 * - `playTurn(session, input)`, `playTurnAsync(session, input, driver)`, `undoTurn(session)`,
 *   `rebuild(setup, turns)`.
 * - `recordTurn(session, {fisher, events, steps, rolls, state})`: a turn played step by step
 *   (seeded, `runSync` keeping its `rolls`) appended as `playTurn` would, without replaying it.
 *
 * Secrecy (J10): `viewFor(state, viewer)` and `eventsFor(log, viewer)` are the only way
 * anything leaves the GM's side; a player's view has no `big`/`small` for covered holes.
 *
 * Files (`kayanak-scenario/1`, docs/scenario-format.md): `validateScenario`, `playScenario`,
 * `playScenarioText`, `exportScenario`, `replayLines`, `endState`.
 *
 * Bots and the simulator: `greedyBot`, `randomBot`, `botTurn` (a bot plays the current turn of
 * a session), `startBotGame` (the board and fish a file with the same seed plays, the bots'
 * bears on it), `playBotGame`, `simulate` (in-process, single-threaded), `summarize`.
 */
export * from "./types.ts";
export { DEFAULT_ACTION_DIE, DEFAULT_TEMPERATURE_DIE, DEFAULT_SETTINGS, faceOf } from "./dice.ts";
export { actionDieRequest, temperatureDieRequest, landRequest, faceIndex } from "./dice.ts";
export {
  DEFAULT_WIDTH,
  DEFAULT_HEIGHT,
  DEFAULT_FLOES,
  holeIndex,
  holeOf,
  holeKey,
  sameHole,
  isHole,
  onBoard,
  neighbourHoles,
  areNeighbours,
  lakeOf,
  coordOfHole,
  holeOfCoord,
  makeBoard,
  generateFloes,
} from "./board.ts";
export { newGame, dropFish, DEFAULT_FISH, KAYANAK_LIMITS } from "./setup.ts";
export {
  rollDice,
  takeStep,
  endTurn,
  resolveTurn,
  legalSteps,
  stepKind,
  checkStep,
} from "./turn.ts";
export { scoreOf, scores, winnersOf, endReasonOf, WIN_FISH, WEATHER_END_FISH } from "./end.ts";
export { viewFor, eventsFor, canSee } from "./view.ts";
export {
  startSession,
  playTurn,
  playTurnAsync,
  recordTurn,
  undoTurn,
  rebuild,
  resolveSeeded,
  turnInputOf,
} from "./session.ts";
export type { PlayedTurn, SessionResult } from "./session.ts";
export {
  KAYANAK_FORMAT,
  validateScenario,
  playScenario,
  playScenarioText,
  exportScenario,
} from "./scenario.ts";
export type { KayanakScenario, ScenarioTurn, PlayResult } from "./scenario.ts";
export { replayLines, endState } from "./replay.ts";
export type { EndState, EndLine } from "./replay.ts";
export { greedyBot, randomBot, BOTS } from "./bots.ts";
export type { KayanakBot, BotName } from "./bots.ts";
export {
  botTurn,
  gameSeed,
  playBotGame,
  simulate,
  startBotGame,
  summarize,
  SIM_DEFAULTS,
} from "./sim.ts";
export type { SimGame, SimOptions, SimSummary } from "./sim.ts";
