/**
 * The composition root of the Foundry module (issue 19 item 1; docs/architecture.md, "How the
 * module is composed"). `createModule` builds the whole module from the port and returns one
 * list of hook listeners, one per Foundry hook name; main.ts only registers them.
 *
 * Nothing is built before `init`: the live port reads `game`, which Foundry fills in before it
 * calls `init` (v13 client/game.mjs, Game#initialize). At the first `init` part the table is
 * composed (compose.ts: the table core, the fishing host with its dice-driver layers, the lazy
 * Kayanak host, the table check, the runtime, the players' side on first use), then the windows
 * (apps/windows.ts, players/declare-windows.ts) with what each works with. Every dependency is
 * passed by constructor or argument: no class's static field is assigned from outside it
 * (tests/foundry/composition.test.ts scans for it).
 */
import type { Port } from "./core/port.ts";
import { MODULE_ID } from "./core/constants.ts";
import type { CheckEnv } from "./core/table-check.ts";
import { cardFlagOf } from "./fishing/cards.ts";
import type { PlayerSend } from "./kayanak/layer.ts";
import type { PlayerPort } from "./players/port.ts";
import type { PlayerWiring } from "./players/wire.ts";
import { DeclareWindows, preloadDeclare } from "./players/declare-windows.ts";
import { SquarePicks } from "./players/square-pick.ts";
import { dexMod } from "./systems/common.ts";
import type { Table } from "./compose.ts";
import { composeTable } from "./compose.ts";
import type { Runtime } from "./runtime.ts";
import { makeApi } from "./api.ts";
import { GmWindows } from "./apps/windows.ts";
import { preloadGmCrypto } from "./core/store/crypto.ts";
import { preloadGmDesk } from "./players/gm-desk-load.ts";
import { preloadCreate } from "./fishing/host.ts";
import { liveChoicePrompt } from "./apps/hazard-choice-dialog.ts";
import type { HookListener } from "./hooks/hook-list.ts";
import { HookParts } from "./hooks/hook-list.ts";
import * as init from "./hooks/init.ts";
import * as setup from "./hooks/setup.ts";
import * as ready from "./hooks/ready.ts";
import * as controls from "./hooks/get-scene-controls.ts";
import * as chat from "./hooks/render-chat-message.ts";
import * as store from "./hooks/update-store.ts";
import * as live from "./hooks/live.ts";
import * as players from "./hooks/players.ts";
import { addDeclareButton } from "./hooks/players.ts";
import * as tableCheck from "./hooks/table-check.ts";
import * as hazardChoice from "./hooks/hazard-choice.ts";
import * as kayanakDice from "./hooks/kayanak-dice.ts";
import * as gmPreload from "./hooks/gm-preload.ts";
import * as playerPreload from "./hooks/player-preload.ts";
import * as packLabels from "./hooks/pack-labels.ts";

/** What the module reads of Foundry besides the port (the live ones: `liveModuleEnv`). */
export interface ModuleEnv {
  readonly lakeIds: () => readonly string[];
  readonly boardIds: () => readonly string[];
  readonly checkEnv: () => CheckEnv;
  readonly playerPort: (port: Port) => PlayerPort;
}

/** The module, as the root built it. */
export interface FoundryModule {
  /** One listener per Foundry hook name, in the order main.ts registers them. */
  readonly hooks: readonly HookListener[];
  /** The table of this client, composed at `init` (undefined before). */
  table(): Table | undefined;
}

/** Everything the module is made of on this client, built once at `init`. */
interface Built {
  readonly table: Table;
  readonly windows: GmWindows;
  readonly declare: DeclareWindows;
  /** The declaration window's square pick, which the Escape keybinding cancels. */
  readonly picks: SquarePicks;
  readonly asPlayer: PlayerSend;
}

export function createModule(port: () => Port, env: ModuleEnv): FoundryModule {
  let built: Built | undefined;

  const build = (): Built => {
    const p = port();
    // the players' side, asked for lazily: it is built on first use (compose.ts)
    const w = (): PlayerWiring => table.players()!;
    const picks = new SquarePicks();
    const declare = new DeclareWindows(() => table.players(), picks);
    const table: Table = composeTable(p, {
      lakeIds: env.lakeIds,
      boardIds: env.boardIds,
      checkEnv: env.checkEnv(),
      playerPort: env.playerPort,
      // H4: this client's HP-or-aim window
      choicePrompt: liveChoicePrompt(p),
      showTableCheck: (rt, report) => windows.showTableCheck(rt, report),
      // the round card's declare button, added once the core has put the card's content in place
      decorators: (wiring) => [
        (message, html) => {
          const card = cardFlagOf(message.flags);
          const pw = wiring();
          // the lake from the cards' index (issue 20 item 6), not from every scene
          if (card?.kind === "round" && pw)
            addDeclareButton(
              pw,
              declare,
              html,
              table.runtime.lakes.find(card.lake, () => game.scenes!.contents.map((x) => x.id!)),
            );
        },
        // fair dice: each check of the round checked on this client (players/fair-proof.ts)
        (message, html) => {
          const card = cardFlagOf(message.flags);
          const pw = wiring();
          if (card?.kind !== "round" || !card.fair?.length || !pw) return;
          const pub = table.runtime.lakes.find(card.lake, () =>
            game.scenes!.contents.map((x) => x.id!),
          )?.pub;
          const name = (id: string) => pub?.fishers.find((f) => f.id === id)?.name ?? id;
          const t = (k: string, d?: Readonly<Record<string, string>>) => pw.port.localize(k, d);
          const fair = card.fair;
          // the check's code is loaded with the first fair card (not at start)
          void import("./players/fair-proof.ts").then(({ appendFairProof, fairProofLines }) =>
            appendFairProof(
              html,
              t("KOLIKOLY.Players.FairProof.Heading"),
              fairProofLines(fair, card.lake, card.round, (id) => pw.port.message(id), name, t),
            ),
          );
        },
      ],
    });
    const runtime = table.runtime;
    const windows = new GmWindows(
      {
        runtime,
        // issue 4: the panel's lock posts the roll card through the players' side
        lock: async (lakeId) => {
          w().player.report(await w().gm.lock(lakeId));
        },
      },
      {
        runtime,
        // Kayanak's landing check (J6 setting): the fisher's Dexterity modifier from the actor
        dexFor: (actorId) => {
          const actor = w().port.actor(actorId);
          return actor ? dexMod(actor) : undefined;
        },
      },
    );
    // a click on a Kayanak hole (or the bar's roll/end) from a player: the players' query
    const asPlayer: PlayerSend = async (lake, fisher, round, request) => {
      w().player.report(await w().player.kayanak({ lake, fisher, round, request }));
    };
    return { table, windows, declare, picks, asPlayer };
  };
  const root = (): Built => (built ??= build());
  const rt = (): Runtime => root().table.runtime;
  const windows = () => root().windows;
  const wiring = () => rt().players as PlayerWiring;

  const parts = new HookParts();
  init.listen(rt, parts.part("core: swarm model and sheet, settings, queries, panel key"), windows);
  setup.listen(parts.part("swarm token bar; the swarm type hidden where the system refuses it"));
  ready.listen(rt, parts.part("store, keys, reconcile, boards drawn, news"), (...a) =>
    root().asPlayer(...a),
  );
  controls.listen(parts.part("GM panel and wizard tools"), windows);
  chat.listen(rt, parts.part("cards filled in for this client; their lake index follows scenes"));
  store.listen(rt, parts.part("GM cards redrawn from the store"));
  // issue 20 item 3: the changes the windows follow (scene flags, module cards, users)
  live.listen(rt, parts.part("windows follow scene flags, cards and users"));
  // issue 10 item 1: the store-traffic listener from init, the table check, the leak warning
  tableCheck.listen(rt, parts.part("table check and leak watch"), windows);
  // the players' side: their settings, keybindings and templates, the roll card, the token HUD
  players.listen(
    rt,
    wiring,
    parts.part("players: settings, roll card, HUD, declare window"),
    () => root().declare,
    () => root().picks,
  );
  // H4: the HP-or-effect choice's settings and template
  hazardChoice.listen(parts.part("H4 choice settings"));
  // issue 11: Kayanak's dice terms and their Dice So Nice faces
  kayanakDice.listen(parts.part("Kayanak dice"));
  // the compendium packs' labels in the user's language, before Foundry builds the packs
  packLabels.listen(parts.part("pack labels localized"));
  // the GM chunks (windows, the store's cipher, the GM desk, the lake set-up and scenario files)
  // start loading on a GM client once Foundry has made game.user, at setup; a player's never
  // loads them
  gmPreload.listen(parts.part("GM chunks preloaded"), () => game.user?.isGM === true, [
    () => windows().preload(),
    preloadGmCrypto,
    preloadGmDesk,
    preloadCreate,
  ]);
  // the declaration window's code on a player's client, after ready when the browser is idle
  playerPreload.listen(parts.part("declaration window preloaded"), () => game.user?.isGM === true, [
    preloadDeclare,
  ]);
  // the public API, at init: game.modules.get(id).api (the players' part adds to it at ready)
  parts.part("public API").once("init", () => {
    const mod = game.modules!.get(MODULE_ID) as unknown as { api?: unknown } | undefined;
    if (mod)
      mod.api = makeApi(rt(), {
        panel: () => void windows().panel(),
        wizard: (s, t, m) => void windows().wizard(s, t, m),
        tableCheck: (show) => windows().tableCheck(rt(), show),
      });
  });

  return { hooks: parts.listeners(), table: () => built?.table };
}
