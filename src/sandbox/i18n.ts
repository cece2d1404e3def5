/** The sandbox's localize: lang/en.json bundled into the page (no fetch, works offline). */
import en from "../../lang/en.json";
import { makeLocalize } from "../ui/handlebars-helpers.ts";

export const localize = makeLocalize(en);
