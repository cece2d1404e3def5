/**
 * The declaration window's templates, loaded at `init` on every client (hooks/players.ts): their
 * names only, so that what every client loads at start does not take the window's code with them
 * (declare-windows.ts).
 */
import { TEMPLATE_ROOT } from "../core/constants.ts";

export const DIALOG_TEMPLATE = `${TEMPLATE_ROOT}/players/declare-dialog.hbs`;
/** The shared declaration form (sandbox and module), registered as a partial under this name. */
export const DECLARE_PARTIAL = "modules/kolikoly-fishing/templates/declare-action.hbs";
