#!/usr/bin/env node
// The `kolikoly` command: TypeScript sources run through tsx, no build step.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli/main.ts");
const { endQuietlyOnClosedPipes } = await import("../src/cli/io.ts");
endQuietlyOnClosedPipes();
process.exitCode = await main(process.argv.slice(2));
