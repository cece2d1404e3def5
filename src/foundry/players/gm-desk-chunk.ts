/**
 * The GM desk's chunk (issue 23: every client loads at most 60 KB at start, and only the active
 * GM answers the players): the players' query handler, the roll card's lock, the pick-up of
 * check rolls with their integrity checks (dice/roll-integrity.ts). Only gm-desk-load.ts
 * imports it, with import(), started at `init` on a GM client (module.ts); a test checks the
 * built entry has no static import of it (tests/foundry/build.test.ts).
 */
export { GmDesk } from "./desk.ts";
