/**
 * The Kayanak chunk's entry (issue 23): what the rest of the module reaches of Kayanak once
 * kayanak/load.ts has imported it. Nothing outside load.ts imports this file.
 */
export { KayanakHost } from "./host.ts";
export { drawKayanak, tearDownKayanak } from "./layer.ts";
export type { BoardRuntime, PlayerSend } from "./layer.ts";
