/**
 * The fake Foundry client's entry (bundled by the boot test into one IIFE, loaded before the
 * system's and the module's scripts). It publishes the globals Foundry's `foundry.mjs` defines
 * (`foundry`, `CONFIG`, `CONST`, `Hooks`, the document classes, `Roll`, `PIXI`, `Handlebars`,
 * `fromUuid`), then, once the page's module scripts have run (DOMContentLoaded, which waits for
 * `<script type="module">`), connects and starts the game (game.ts). The page tells it the
 * Foundry generation (13 or 14) and a dice seed in `window.__kkBoot`.
 */
import {
  ActorSheet,
  ActorSheetV2,
  ApplicationV2,
  DialogV2,
  DocumentSheetConfig,
  DocumentSheetV2,
  HandlebarsApplicationMixin,
  instances,
} from "./applications.ts";
import { FakeCanvas, PIXI, PrimarySpriteMesh, SORT_LAYERS } from "./canvas.ts";
import { CONST } from "./constants.ts";
import { DataModel, TypeDataModel, fields } from "./data-model.ts";
import {
  DiceTerm,
  Die,
  NumericTerm,
  OperatorTerm,
  Roll,
  coreFulfillment,
  seedRandomBytes,
  seededUniform,
} from "./dice.ts";
import {
  FakeActor,
  FakeChatMessage,
  FakeItem,
  FakeJournalEntry,
  FakeCombat,
  FakeScene,
  FakeSetting,
  FakeTokenDocument,
  FakeUser,
  WorldCollection,
  fromUuidSync,
} from "./documents.ts";
import { env } from "./env.ts";
import { FormDataExtended } from "./form-data.ts";
import { createGame } from "./game.ts";
import {
  Handlebars,
  getTemplate,
  loadTemplates,
  registerCoreHelpers,
  renderTemplate,
  templateUse,
} from "./handlebars.ts";
import { FakeHooks } from "./hooks.ts";
import { CompendiumCollection } from "./packs.ts";
import { ClientSocket } from "./socket.ts";
import { SettingsConfig, tokenResourceChoices } from "./ui.ts";
import * as utils from "./utils.ts";

interface Boot {
  generation: 13 | 14;
  seed: number;
}

const boot = (window as unknown as { __kkBoot?: Boot }).__kkBoot ?? { generation: 13, seed: 1 };
// the page's random bytes from its seed too, before any script draws from them (dice.ts)
seedRandomBytes(boot.seed);
const g = globalThis as unknown as Record<string, unknown>;

const docConfig = (documentClass: unknown, extra: Record<string, unknown> = {}) => ({
  documentClass,
  dataModels: {},
  sheetClasses: {},
  typeLabels: {},
  ...extra,
});

env.CONFIG = {
  Actor: docConfig(FakeActor, { trackableAttributes: {}, collection: WorldCollection }),
  Item: docConfig(FakeItem),
  Scene: docConfig(FakeScene),
  Token: docConfig(FakeTokenDocument),
  ChatMessage: docConfig(
    FakeChatMessage,
    boot.generation >= 14
      ? {
          // v14 CONFIG.ChatMessage.modes (API docs v14 CONFIG.ChatMessage): public, gm, blind, self
          modes: {
            public: { label: "CHAT.Public" },
            gm: { label: "CHAT.GM" },
            blind: { label: "CHAT.Blind" },
            self: { label: "CHAT.Self" },
          },
        }
      : {},
  ),
  User: docConfig(FakeUser),
  JournalEntry: docConfig(FakeJournalEntry),
  Combat: docConfig(FakeCombat),
  Setting: docConfig(FakeSetting),
  Dice: {
    rolls: [Roll],
    termTypes: { DiceTerm, Die, NumericTerm, OperatorTerm },
    // v13 client/config.mjs CONFIG.Dice.terms: denominations to DiceTerm classes (modules add theirs)
    terms: { d: Die },
    randomUniform: seededUniform(boot.seed),
    // v13 client/config.mjs CONFIG.Dice.fulfillment: core's methods, no default method
    fulfillment: coreFulfillment(),
    // v13 CONFIG.Dice.rollModes (facts §11)
    ...(boot.generation < 14
      ? {
          rollModes: {
            publicroll: "CHAT.RollPublic",
            gmroll: "CHAT.RollPrivate",
            blindroll: "CHAT.RollBlind",
            selfroll: "CHAT.RollSelf",
          },
        }
      : {}),
  },
  // CONFIG.queries: the core's own handlers (fvtt-types client/config.d.mts CONFIG.Queries)
  queries: {
    dialog: (config: unknown) => DialogV2.wait(config as Record<string, unknown>),
    confirmTeleportToken: () => true,
  },
  debug: { i18n: false },
} as unknown as typeof env.CONFIG;

env.canvas = new FakeCanvas();

const socket = new ClientSocket();

// v13 client/utils/helpers.mjs#fromUuid
async function fromUuid(uuid: string): Promise<unknown> {
  const parts = uuid.split(".");
  if (parts[0] === "Compendium")
    return (
      (await env.game.packs.get(`${parts[1]}.${parts[2]}`)?.getDocument(parts[4] ?? "")) ?? null
    );
  return fromUuidSync(uuid);
}

const documents = {
  Actor: FakeActor,
  Item: FakeItem,
  Scene: FakeScene,
  TokenDocument: FakeTokenDocument,
  ChatMessage: FakeChatMessage,
  User: FakeUser,
  JournalEntry: FakeJournalEntry,
  Combat: FakeCombat,
  Setting: FakeSetting,
  collections: { CompendiumCollection, Actors: WorldCollection },
  // v14 only (facts §9): foundry.documents.modifyBatch
  ...(boot.generation >= 14
    ? { modifyBatch: (ops: Record<string, unknown>[]) => env.game.modifyBatch(ops) }
    : {}),
};

Object.assign(g, {
  CONFIG: env.CONFIG,
  CONST,
  Hooks: FakeHooks,
  Handlebars,
  PIXI,
  Roll,
  Actor: FakeActor,
  Item: FakeItem,
  Scene: FakeScene,
  TokenDocument: FakeTokenDocument,
  ChatMessage: FakeChatMessage,
  User: FakeUser,
  JournalEntry: FakeJournalEntry,
  Combat: FakeCombat,
  fromUuid,
  fromUuidSync,
  canvas: env.canvas,
  foundry: {
    utils,
    abstract: { DataModel, TypeDataModel },
    data: { fields },
    dice: { Roll, terms: { DiceTerm, Die, NumericTerm, OperatorTerm } },
    documents,
    applications: {
      api: { ApplicationV2, HandlebarsApplicationMixin, DialogV2, DocumentSheetV2 },
      sheets: { ActorSheetV2 },
      apps: { DocumentSheetConfig },
      settings: { SettingsConfig },
      handlebars: { renderTemplate, loadTemplates, getTemplate },
      ux: { FormDataExtended },
      instances,
    },
    appv1: { sheets: { ActorSheet } },
    canvas: {
      primary: { PrimarySpriteMesh },
      groups: { PrimaryCanvasGroup: { SORT_LAYERS } },
    },
  },
});

registerCoreHelpers();

/** What the boot test reads from a page (never used by the module). */
g.__kk = {
  env,
  hooks: FakeHooks,
  templateUse,
  missingKeys: () => [...(env.game?.i18n.missing ?? [])],
  tokenResourceChoices: (actorId: string) =>
    tokenResourceChoices(env.game.actors.get(actorId, { strict: true })!),
  socket,
  stageListeners: (ev: string) => env.canvas.stageListeners(ev),
  drawOrder: () => env.canvas.drawOrder().map((c) => c.name),
};

// foundry.mjs reports what no one caught (window "error"/"unhandledrejection" listeners that log
// through Hooks.onError, client/helpers/hooks.mjs; UNCONFIRMED for v13): the boot test fails on them
window.addEventListener("unhandledrejection", (e) =>
  FakeHooks.onError("unhandledrejection", e.reason, { msg: "Unhandled promise rejection" }),
);

document.addEventListener("DOMContentLoaded", () => {
  void (async () => {
    const game = await createGame(socket);
    g.game = game;
    g.ui = env.ui;
    await game.initialize();
    document.body.dataset.ready = "true";
  })();
});
