/**
 * The composition root's table part (issue 19 item 1): everything of one client that does not
 * touch Foundry's globals, built in one place and passed by constructor. Foundry builds it at
 * `init` (module.ts, from the live port), the behavioural fake at its own `init` (tests/foundry/
 * fake/client.ts, the fake client being the port): both run this same wiring.
 *
 * Built here, in this order:
 * - the table core (core/table-core.ts): authority, the sealed GM store and its keys, the commit,
 *   the one `QUERY.intent` channel, answered by the players' side;
 * - the fishing host (fishing/host.ts) on the core, with its dice-driver layers: the players'
 *   side's K7 initiative through the system (`GmDesk#driver`) and the rolls taken back after a
 *   resolution that did not commit (`GmDesk#settleResolution`), and this client's H4 choice window;
 * - the Kayanak host (kayanak/load.ts, its code loaded on first use) on the same core;
 * - the table check (core/table-check.ts) and the runtime (runtime.ts);
 * - the players' side (players/wire.ts), built on first use: it reads its settings as it starts
 *   listening, and Foundry registers them during `init`.
 */
import type { AsyncDriver } from "../rules/index.ts";
import type { Port } from "./core/port.ts";
import type { CheckEnv, TableReport } from "./core/table-check.ts";
import { TableCheck } from "./core/table-check.ts";
import { TableCore } from "./core/table-core.ts";
import type { ChoicePrompt } from "./fishing/hazard-choice.ts";
import { LakeHost } from "./fishing/host.ts";
import { LazyKayanak } from "./kayanak/load.ts";
import type { PlayerPort } from "./players/port.ts";
import { PlayerWiring } from "./players/wire.ts";
import { probeHiddenRoll } from "./players/probe.ts";
import { fisherStats } from "./systems/common.ts";
import type { Decorator } from "./runtime.ts";
import { Runtime, bareCheckEnv } from "./runtime.ts";

/** What a client gives the table besides its port. */
export interface TableEnv {
  /** The lakes on this world's scenes (their public flags). */
  readonly lakeIds?: () => readonly string[];
  /** The Kayanak boards on this world's scenes (their public flags). */
  readonly boardIds?: () => readonly string[];
  /** What the table check reads of this client. */
  readonly checkEnv?: CheckEnv;
  /** The players' side's port on this client; without it the client has no players' side. */
  readonly playerPort?: (port: Port) => PlayerPort;
  /** H4: this client's choice windows. */
  readonly choicePrompt?: ChoicePrompt;
  /** How an automatic table check with a problem is shown (the table-check window). */
  readonly showTableCheck?: (rt: Runtime, report: TableReport) => Promise<void> | void;
  /**
   * A forced-value layer over the dice of this client's resolutions (docs/architecture.md: forced
   * values on top of any driver), outside the players' layer: the behavioural fake's forced dice.
   */
  readonly forced?: (base: AsyncDriver, lakeId: string) => AsyncDriver;
  /** What else a card shows on this client, given the players' side (the declare button). */
  readonly decorators?: (players: () => PlayerWiring | undefined) => readonly Decorator[];
}

/** One client's table, as the root built it. */
export interface Table {
  readonly core: TableCore;
  readonly host: LakeHost;
  readonly kayanak: LazyKayanak;
  readonly table: TableCheck;
  readonly runtime: Runtime;
  /** The players' side, built on first use (undefined on a client without one). */
  players(): PlayerWiring | undefined;
}

export function composeTable(port: Port, env: TableEnv = {}): Table {
  let wiring: PlayerWiring | undefined;
  const players = (): PlayerWiring | undefined => {
    if (!wiring && env.playerPort)
      wiring = new PlayerWiring(env.playerPort(port), host, kayanak, runtime.live);
    return wiring;
  };
  const core = new TableCore(port, () => {
    const w = players();
    return w && ((data, options) => w.handle(data, options));
  });
  const forced = env.forced;
  // K7: initiative through the system when the lake host resolves a round on this client
  const system = env.playerPort
    ? (base: AsyncDriver, lakeId: string) => players()!.gm.driver(base, lakeId)
    : undefined;
  const host = new LakeHost(core, {
    wrapDriver:
      system && forced
        ? (base, lakeId) => forced(system(base, lakeId), lakeId)
        : (system ?? forced),
    afterResolution: env.playerPort
      ? (lakeId, committed) => players()!.gm.settleResolution(lakeId, committed)
      : undefined,
    choicePrompt: env.choicePrompt,
    // K6, K9, H2-H5: a fisher's values at set-up from the character, through the system adapter
    characterStats: env.playerPort
      ? (actorId) => {
          const w = players()!;
          const actor = w.port.actor(actorId);
          return actor ? fisherStats(w.adapter(), actor) : undefined;
        }
      : undefined,
  });
  const kayanak = new LazyKayanak(core);
  const show = env.showTableCheck;
  const checkEnv = env.checkEnv ?? bareCheckEnv();
  const table = new TableCheck(
    port,
    {
      ...checkEnv,
      // the hidden-roll probe: a blind check through the system, on a GM client with the players' side
      ...(env.playerPort && checkEnv.probeActor
        ? {
            probe: () =>
              probeHiddenRoll(
                players(),
                checkEnv.probeActor!(),
                port.localize("KOLIKOLY.Foundry.TableCheck.ProbeFlavor"),
              ),
          }
        : {}),
    },
    show && ((report) => show(runtime, report)),
  );
  const runtime: Runtime = new Runtime({
    core,
    host,
    kayanak,
    table,
    lakeIds: env.lakeIds,
    boardIds: env.boardIds,
    players,
    decorators: env.decorators?.(players),
  });
  // a record another GM client wrote, told by that client (TableCore#tellGms)
  core.onStorePoke = (gameId) => void runtime.storePoked(gameId);
  return { core, host, kayanak, table, runtime, players };
}
