// Child process entry for `kolikoly simulate`: workers need tsx too, so register it, then run the TS worker.
import { register } from "tsx/esm/api";

register();
await import("./sim-worker.ts");
