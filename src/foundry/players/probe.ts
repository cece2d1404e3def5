/**
 * The table check's hidden-roll probe: the GM's client makes one blind check through the world's
 * system, as the module makes every check (the adapter, the mode in the words of the version
 * running), and reads how the created message came out. Every player's client is then asked
 * whether it can read it (table-check-gm.ts), and the message is taken back. A system that posts
 * the module's blind check for everyone to read fails here, at the real table, before a secret
 * round does.
 */
import type { PlayerWiring } from "./wire.ts";
import { rollWords } from "./port.ts";

export type { ProbeOutcome } from "../core/table-check-types.ts";
import type { ProbeOutcome } from "../core/table-check-types.ts";

/** The request mark of the probe: a resolution's roll, which no roll card ever counts. */
const PROBE_REQUEST = {
  round: 1,
  fisher: "tablecheck",
  kind: "survival",
  resolving: true,
} as const;

export async function probeHiddenRoll(
  w: PlayerWiring | undefined,
  actorId: string | undefined,
  flavor: string,
): Promise<ProbeOutcome> {
  if (!w) return { skipped: "noSystem" };
  const actor = actorId ? w.port.actor(actorId) : undefined;
  if (!actor) return { skipped: "noActor" };
  try {
    const out = await w.adapter().roll(actor, "survival", {
      ...rollWords(w.port),
      fastForward: true,
      rollMode: "blindroll",
      request: PROBE_REQUEST,
      flavor,
      core: w.port.coreRoll,
    });
    const m = out?.messageId ? w.port.message(out.messageId) : undefined;
    if (!m) return { skipped: "noMessage" };
    return { messageId: m.id, whisper: [...(m.whisper ?? [])], blind: m.blind === true };
  } catch (e) {
    return { skipped: "failed", detail: String((e as Error).message) };
  }
}
