/**
 * The GM windows' chunk (issue 23: every client loads at most 60 KB at start, and only a GM
 * opens these): the GM panel, the lake wizard with its form and length estimate, the table
 * check's window. Only apps/windows.ts imports it, with import(), started at `init` on a GM
 * client (module.ts); a test checks the built entry has no static import of it
 * (tests/foundry/build.test.ts).
 */
export { GmPanel } from "./gm-panel.ts";
export { LakeWizard } from "./lake-wizard.ts";
export { runTableCheck, showTableCheck } from "./table-check-dialog.ts";
