/**
 * A fake Foundry client: one user's browser. It holds only what the fake server sent it (the
 * world at login, then each change), records every payload in `received` for the secrecy
 * tests, and implements the module's Port the way live-port.ts does in Foundry.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";
import type {
  ModuleCard,
  Port,
  RollResult,
  SceneData,
  StoreEntry,
  UserInfo,
  WriteOp,
} from "../../../src/foundry/core/port.ts";
import type { KeyStorage } from "../../../src/foundry/core/store/keyring.ts";
import type { ChoiceView, OpenPrompt } from "../../../src/foundry/fishing/hazard-choice.ts";
import type { AsyncDriver, HazardChoice } from "../../../src/rules/index.ts";
import type { StoreEntryDoc } from "./server.ts";
import type { Runtime } from "../../../src/foundry/runtime.ts";
import { composeTable } from "../../../src/foundry/compose.ts";
import type { PlayerPort } from "../../../src/foundry/players/port.ts";
import { BatchReach, writeV14 } from "../../../src/foundry/core/batch.ts";
import type { SwarmBody } from "../../../src/foundry/core/swarm-body.ts";
import { swarmBody } from "../../../src/foundry/core/swarm-body.ts";
import { emptyOp } from "../../../src/foundry/core/compat.ts";
import { cardFlagOf } from "../../../src/foundry/fishing/cards.ts";
import { WriteError } from "../../../src/foundry/core/write-error.ts";
import { HOOK, MODULE_ID, TEMPLATE_ROOT } from "../../../src/foundry/core/constants.ts";
import { LEAK_SETTING } from "../../../src/foundry/core/table-check.ts";
import { LIVE_HOOKS } from "../../../src/foundry/core/live-feed.ts";
import type { Notice } from "./store-traffic.ts";
import { FakePage, fakeCheckEnv } from "./store-traffic.ts";
import { Xoshiro128, seedState } from "../../../src/rules/index.ts";
import { lookup, format, registerKolikolyHelpers } from "../../../src/ui/handlebars-helpers.ts";
import type { CombatDoc, ItemDoc, MessageDoc, Payload, WorldSnapshot } from "./server.ts";
import type { CatchDoc, HeldItem } from "../../../src/foundry/core/documents.ts";
import { catchDocOf, heldItemOf } from "../../../src/foundry/core/haul-source.ts";
import type { FakeServer } from "./server.ts";
import { activeGmOf } from "./server.ts";
import { clone, deepFreeze, expandObject, mergeObject } from "./util.ts";
import type { RollEnv } from "./dice.ts";
import { ClientDice, Die, FakeRoll } from "./dice.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const LANG: unknown = JSON.parse(readFileSync(`${ROOT}lang/en.json`, "utf8"));

/** Hooks: `call` stops at the first listener returning false (API docs v13, Hooks.call); `callAll` runs all. */
export class FakeHooks {
  private readonly listeners = new Map<string, ((...args: unknown[]) => unknown)[]>();
  readonly fired: { name: string; args: unknown[] }[] = [];

  /**
   * Hooks.on (v13 client/helpers/hooks.mjs): listeners run in the order registered (Foundry also
   * returns an id).
   */
  on(name: string, fn: (...args: unknown[]) => unknown): void {
    const list = this.listeners.get(name) ?? [];
    list.push(fn);
    this.listeners.set(name, list);
  }

  /** Listener errors, as Foundry logs them (Hooks.onError) instead of throwing to the caller. */
  readonly errors: { name: string; error: unknown }[] = [];

  /**
   * One listener, as v13 client/helpers/hooks.mjs Hooks.#call runs it: an error is caught and
   * logged (Hooks.onError) and counts as no answer; the next listener still runs.
   */
  private run(name: string, fn: (...args: unknown[]) => unknown, args: unknown[]): unknown {
    try {
      return fn(...args);
    } catch (error) {
      this.errors.push({ name, error });
      return undefined;
    }
  }

  /** Hooks.call (v13 client/helpers/hooks.mjs): stops at the first listener returning false. */
  call(name: string, ...args: unknown[]): boolean {
    this.fired.push({ name, args });
    for (const fn of this.listeners.get(name) ?? [])
      if (this.run(name, fn, args) === false) return false;
    return true;
  }

  /** Hooks.callAll (v13 client/helpers/hooks.mjs): every listener, whatever the others did. */
  callAll(name: string, ...args: unknown[]): void {
    this.fired.push({ name, args });
    for (const fn of this.listeners.get(name) ?? []) this.run(name, fn, args);
  }

  /** test-only: forgets listeners and the record of fired hooks. */
  reset(): void {
    this.listeners.clear();
    this.fired.length = 0;
    this.errors.length = 0;
  }
}

/** Real Handlebars, templates from the repository, helpers as the module registers them. */
export function makeHandlebars(): typeof Handlebars {
  const hb = Handlebars.create();
  registerKolikolyHelpers(hb, { localize: strictLocalize });
  // Foundry registers `concat` among its own Handlebars helpers (API docs v13, HandlebarsHelpers.concat).
  hb.registerHelper("concat", (...args: unknown[]) => args.slice(0, -1).join(""));
  return hb;
}

/**
 * game.i18n.format over lang/en.json (v13 client/helpers/localization.mjs, Localization#format);
 * the fake throws on a missing key where Foundry returns the key itself.
 */
export function strictLocalize(key: string, data?: Readonly<Record<string, unknown>>): string {
  const s = lookup(LANG, key);
  if (s === undefined) throw new Error(`fake i18n: missing key ${key}`);
  return format(s, data);
}

const templates = new Map<string, Handlebars.TemplateDelegate>();
const hbs = makeHandlebars();

/**
 * renderTemplate (v13 client/applications/handlebars.mjs): getTemplate compiles a template once,
 * keyed by its path; the fake reads the file from the repository and takes module templates only.
 */
export function renderTemplateFile(path: string, context: object): string {
  if (!path.startsWith(`${TEMPLATE_ROOT}/`))
    throw new Error(`fake render: not a module template ${path}`);
  let t = templates.get(path);
  if (!t) {
    const file = `${ROOT}templates/foundry/${path.slice(TEMPLATE_ROOT.length + 1)}`;
    t = hbs.compile(readFileSync(file, "utf8"), { strict: false });
    templates.set(path, t);
  }
  return t(context);
}

/**
 * One trip over the socket: each database request and each query reaches the server on a later
 * turn of the event loop than the code that sent it (v13 client/helpers/socket-interface.mjs,
 * SocketInterface.dispatch awaits the server's answer), so what other clients do in between
 * (a query answered, a hook fired) interleaves as it does at a real table.
 */
export function hop(): Promise<void> {
  return new Promise((r) => setImmediate(r));
}

export class FakeClient implements Port {
  readonly received: Payload[] = [];
  /** As live-port.ts: whether this page's v14 batches reach the other clients (core/batch.ts). */
  reach = new BatchReach();
  readonly hooks = new FakeHooks();
  /** This page's socket listeners and its copy of the GM store pack (store-traffic.ts). */
  readonly page = new FakePage();
  /** What ui.notifications showed on this client (store-traffic.ts, fakeCheckEnv). */
  readonly notifications: Notice[] = [];
  private world: WorldSnapshot | undefined;
  private queries: Record<string, (data: unknown, options?: unknown) => Promise<unknown>> = {};
  runtime: Runtime | undefined;
  /** test-only: forced dice over this client's resolutions (compose.ts `forced`). */
  forcedDice: ((base: AsyncDriver, lakeId: string) => AsyncDriver) | undefined;
  private rng: Xoshiro128;
  /** Roll formulas evaluated on this client, in order (what Foundry's dice produced). */
  readonly rolls: string[] = [];
  private rollFailure: number | undefined;

  /** test-only: the roll after `after` more rolls throws, as a broken dice module would. */
  failRoll(after: number): void {
    this.rollFailure = after;
  }

  /** test-only: one user's client on the fake server, its dice seeded so that runs repeat. */
  constructor(
    readonly server: FakeServer,
    readonly userId: string,
    seed = 1,
  ) {
    this.rng = new Xoshiro128(seedState(seed));
    const role = server.allUsers().find((u) => u.id === userId)?.role ?? 1;
    this.clientDice = new ClientDice((faces) => this.rng.die(faces), role);
  }

  /**
   * This client's dice (fake/dice.ts): CONFIG.Dice.fulfillment, the user's core.diceConfiguration
   * and MANUAL_ROLLS (by the user's role unless a test sets it), the RollResolver's entries
   * (`typed`), every face drawn (`draws`); its random faces are this client's seeded dice.
   */
  readonly clientDice: ClientDice;

  /** game.release.generation (v13 common/config.mjs, ReleaseData#generation): the server's. */
  get generation(): number {
    return this.server.generation;
  }

  /**
   * Login, then the module's start-up as Foundry runs it. The socket connects first: the server
   * marks the user active and every other client hears of it at once (Users#_handleUserActivity
   * fires `userConnected`, v13 client/documents/collections/users.mjs), while this client still
   * loads its scripts; only then do `init` (CONFIG.queries) and `ready` run here (main.ts).
   */
  async connect(): Promise<void> {
    this.page.reset(); // a new page: nothing in memory
    this.clientDice.reload(); // CONFIG is built anew; the client setting stays
    this.reach = new BatchReach(); // nor what it learnt of batches
    const snapshot = this.server.connect(this);
    this.received.push({ channel: "world", data: clone(snapshot) });
    this.world = snapshot;
    this.loaded();
    await new Promise((r) => setTimeout(r, 5)); // the page loads its scripts: several socket trips
    this.init();
    await this.ready();
  }

  /**
   * test-only: a seam for subclasses, run once the login data is in place; Game.create fetches the
   * world data before Game#initialize runs `init` (v13 client/game.mjs).
   */
  protected loaded(): void {}

  /**
   * `init` (API docs v13, hookEvents.init; the module's hooks/init.ts): the table built by the
   * module's own composition root (src/foundry/compose.ts, as module.ts builds it at init), and
   * its CONFIG.queries handlers.
   */
  protected init(): void {
    this.runtime = composeTable(this, {
      lakeIds: () => this.lakeIds(),
      boardIds: () => this.boardIds(),
      checkEnv: fakeCheckEnv(this),
      playerPort: this.playerPort(),
      forced: (base, lakeId) => (this.forcedDice ? this.forcedDice(base, lakeId) : base),
      // as module.ts gives the host: this client's choice window (here the scripted person at it)
      choicePrompt: {
        open: (view) => this.openChoice(view),
        inform: (text) => void this.informed.push(text),
      },
    }).runtime;
    this.runtime.host.store.cipher = this.server.cipher; // test-only: the leak check's control
    this.queries = this.runtime.queries();
    // as hooks/table-check.ts: the store-traffic listener on game.socket, the check after round 1
    const table = this.runtime.table;
    this.page.on("modifyDocument", table.watch.listener);
    this.hooks.on(HOOK.roundResolved, (payload) => void table.afterRound(payload));
    // as hooks/live.ts: the changes the windows follow (issue 20 item 3)
    const live = this.runtime.live;
    for (const name of LIVE_HOOKS) this.hooks.on(name, (...args) => live.fromHook(name, args));
  }

  /**
   * test-only: the players' side's port, from which the root builds the players' side (module.ts
   * passes players/live-port.ts); the core fake has none, fake-players.ts adds it.
   */
  protected playerPort(): ((port: Port) => PlayerPort) | undefined {
    return undefined;
  }

  /** test-only: this client's handler of a query never answers (a stalled or hostile client). */
  stallQuery(name: string): void {
    this.queries[name] = () => new Promise(() => undefined);
  }

  /**
   * test-only: this client's handler of a query replaced, as a player's console can
   * (CONFIG.queries is a plain object on every client, v13 client/config.mjs).
   */
  replaceQuery(name: string, fn: (data: unknown, options?: unknown) => Promise<unknown>): void {
    this.queries[name] = fn;
  }

  /** Object.keys(CONFIG.queries) on this client (fvtt-types client/config.d.mts, CONFIG.queries). */
  queryNames(): string[] {
    return Object.keys(this.queries);
  }

  /**
   * The system adapter's id on this client (game.system.id and the module's setting, API docs v13
   * Game#system): the core fake has no players' side, so none; fake-players.ts overrides it.
   */
  adapterId(): string {
    return "";
  }

  /**
   * `ready` (hooks/ready.ts): a GM client asks for the store keys it lacks; private news asked
   * for, or sent to everyone by the active GM; the
   * chat log draws the messages the client was sent at login (ChatLog renders at ready).
   * API docs v13, hookEvents.ready; hookEvents.renderChatMessageHTML for each message drawn.
   */
  protected async ready(): Promise<void> {
    for (const m of this.w.messages) this.draw(m);
    await this.runtime!.host.keys.askForMissing();
    await this.runtime!.reconcileAll(); // hooks/ready.ts: the active GM's games in line with their records
    await this.runtime!.askForNews();
    await this.runtime!.newsForAll();
    await this.runtime!.table.alarmIfLeaked(); // hooks/table-check.ts, at ready
  }

  /**
   * This client's chat log: each message as it is drawn. Foundry draws a message the moment this
   * client receives it (ChatLog#postOne on createChatMessage, v13 client/applications/sidebar/
   * tabs/chat.mjs) and again on ChatLog#updateMessage; renderChatMessageHTML fires each time
   * (the module's listener: Runtime#messageHtml). Nothing redraws it otherwise.
   */
  readonly chatLog = new Map<string, string>();
  private readonly drawing = new Set<Promise<void>>();

  /**
   * Draws one message: ChatMessage#_onCreate posts it with ui.chat.postOne (v13
   * client/documents/chat-message.mjs), whose renderHTML fires renderChatMessageHTML; a message
   * deleted before its HTML is ready is not added.
   */
  private draw(m: MessageDoc): void {
    const rt = this.runtime;
    if (!rt) return;
    const p = rt
      .messageHtml(m, () => this.w.scenes.map((s) => s._id))
      .then((html) => {
        if (this.world?.messages.some((x) => x._id === m._id)) this.chatLog.set(m._id, html);
      })
      .finally(() => this.drawing.delete(p));
    this.drawing.add(p);
  }

  /** test-only: waits until every message drawn so far is in the chat log. */
  async drawn(): Promise<Map<string, string>> {
    while (this.drawing.size) await Promise.all([...this.drawing]);
    return this.chatLog;
  }

  /**
   * As live-port.ts: ui.chat.updateMessage on the rounds' gm and private cards, which renders each
   * again in place and fires renderChatMessageHTML (v13 client/applications/sidebar/tabs/chat.mjs).
   */
  rerenderCards(lakeId: string, rounds: readonly number[]): void {
    for (const m of this.w.messages) {
      const f = cardFlagOf(m.flags);
      if (
        f?.lake === lakeId &&
        (f.kind === "gm" || f.kind === "private") &&
        rounds.includes(f.round)
      )
        this.draw(m);
    }
  }

  /**
   * Whether CONFIG.queries on this client holds the name (User#query checks it on the sender, v13
   * client/documents/user.mjs).
   */
  hasQuery(name: string): boolean {
    return name in this.queries;
  }

  /**
   * test-only: forgets what this client recorded (payloads, rolls, hooks, its language); the login
   * stays.
   */
  reset(): void {
    this.chatLog.clear();
    this.received.length = 0;
    this.rolls.length = 0;
    this.rollFailure = undefined;
    this.language.clear();
    this.hooks.reset();
  }

  /**
   * A browser reload: everything in memory is gone; the client logs in again. The others see the
   * user go and come back (v13 client/documents/collections/users.mjs, #handleUserActivity).
   */
  async reload(): Promise<void> {
    this.life++;
    this.server.disconnect(this.userId);
    this.world = undefined;
    this.runtime = undefined;
    this.queries = {};
    this.hooks.reset();
    await this.connect();
  }

  /**
   * The tab closes: the socket goes, the others hear it (v13
   * client/documents/collections/users.mjs, #handleUserActivity).
   */
  disconnect(): void {
    this.life++;
    this.server.disconnect(this.userId);
    this.world = undefined;
    this.runtime = undefined;
  }

  /** test-only: the world data, throwing when this client is not connected. */
  private get w(): WorldSnapshot {
    if (!this.world) throw new Error("fake client: not connected");
    return this.world;
  }

  /**
   * This client's socket. "userActivity" as Users #handleUserActivity (v13
   * client/documents/collections/users.mjs): mark the user, fire userConnected(user, active).
   * Foundry ignores an unknown user id; the fake reloads the user list instead. "modifyDocument"
   * as ClientDatabaseBackend applies a broadcast change (v13 client/data/client-backend.mjs).
   */
  receive(p: Payload): void {
    this.received.push(p);
    if (!this.world) return;
    this.page.receive(p);
    if (p.channel === "userActivity") {
      this.world.users = this.world.users.map((u) =>
        u.id === p.data.userId ? { ...u, active: p.data.active } : u,
      );
      if (!this.world.users.some((u) => u.id === p.data.userId))
        this.world.users = this.server.allUsers();
      // Hooks.callAll("userConnected", user, active) on this client (Users#_handleUserActivity)
      const user = this.world.users.find((u) => u.id === p.data.userId);
      this.hooks.callAll("userConnected", user, p.data.active);
      return;
    }
    if (p.channel !== "modifyDocument") return;
    const w = this.world;
    const d = p.data as never;
    switch (p.op) {
      case "tokens.create": {
        const c = d as unknown as { sceneId: string; tokens: SceneData["tokens"] };
        w.scenes = w.scenes.map((s) =>
          s._id === c.sceneId ? { ...s, tokens: [...s.tokens, ...c.tokens] } : s,
        );
        break;
      }
      case "tokens.update": {
        const c = d as unknown as { sceneId: string; updates: { _id: string }[] };
        w.scenes = w.scenes.map((s) =>
          s._id !== c.sceneId
            ? s
            : {
                ...s,
                tokens: s.tokens.map((t) => {
                  const u = c.updates.find((x) => x._id === t._id);
                  return u ? mergeObject(t, u as Record<string, unknown>) : t;
                }),
              },
        );
        break;
      }
      case "tokens.delete": {
        const c = d as unknown as { sceneId: string; ids: string[] };
        w.scenes = w.scenes.map((s) =>
          s._id === c.sceneId
            ? { ...s, tokens: s.tokens.filter((t) => !c.ids.includes(t._id)) }
            : s,
        );
        break;
      }
      case "scene.update": {
        const u = d as unknown as { _id: string } & Record<string, unknown>;
        w.scenes = w.scenes.map((s) => (s._id === u._id ? mergeObject(s, omitId(u)) : s));
        // the scene's update hook on every client, after the change is applied, with the changed
        // fields expanded (dotted keys nested, as the update request expands them) and the asking
        // user (v13 client/data/client-backend.mjs; API docs v13, hookEvents.updateDocument:
        // updateScene(document, changed, options, userId))
        const scene = w.scenes.find((s) => s._id === u._id);
        if (scene)
          this.hooks.callAll("updateScene", clone(scene), expandObject(clone(u)), {}, p.userId);
        // updateScene on this client: as hooks/render-chat-message.ts, the lake index reads it again
        this.runtime?.lakes.sceneChanged(u._id);
        break;
      }
      case "chat.create":
        w.messages.push(...(d as unknown as MessageDoc[]));
        for (const m of d as unknown as MessageDoc[]) this.draw(m);
        break;
      case "chat.delete": {
        const ids = d as unknown as string[];
        w.messages = w.messages.filter((m) => !ids.includes(m._id));
        for (const id of ids) this.chatLog.delete(id);
        break;
      }
      case "store.put": {
        // a GM client is sent the store's change (createJournalEntry in the pack)
        const doc = (d as unknown as StoreEntryDoc).flags.revision;
        if (doc) this.runtime?.storeChanged(doc.lakeId, doc.rounds);
        break;
      }
      case "store.delete":
        break;
      case "combat.create":
        // a Combat a GM made (FakeServer#createCombat): in game.combats on every client
        w.combats = [...w.combats, ...(d as unknown as CombatDoc[])];
        break;
      case "combat.update": {
        // ClientDatabaseBackend applies the change, then the document's update hook fires on
        // every client with the changed fields and the asking user (v13
        // client/data/client-backend.mjs; API docs v13, hookEvents.updateDocument)
        for (const u of d as unknown as ({ _id: string } & Record<string, unknown>)[]) {
          const at = w.combats.findIndex((c) => c._id === u._id);
          if (at < 0) continue;
          const combat = { ...w.combats[at]!, ...omitId(u) } as CombatDoc;
          w.combats = w.combats.map((c, i) => (i === at ? combat : c));
          this.hooks.callAll("updateCombat", combat, u, {}, p.userId);
        }
        break;
      }
      case "items.create":
      case "items.update":
      case "items.delete": {
        // an actor's embedded items changed (ClientDatabaseBackend#_handleCreateDocuments and the
        // rest, v13 client/data/client-backend.mjs): applied to this client's copy of the actor
        const c = d as unknown as {
          actorId: string;
          created?: ItemDoc[];
          updates?: ({ _id: string } & Record<string, unknown>)[];
          ids?: string[];
        };
        w.actors = w.actors.map((a) => {
          if (a._id !== c.actorId) return a;
          let items = [...(a.items ?? []), ...(c.created ?? [])];
          for (const u of c.updates ?? [])
            items = items.map((i) => (i._id === u._id ? mergeObject(i, omitId(u)) : i));
          if (c.ids) items = items.filter((i) => !c.ids!.includes(i._id));
          return { ...a, items };
        });
        break;
      }
      case "actor.create":
        w.actors.push((d as unknown as { actor: WorldSnapshot["actors"][number] }).actor);
        break;
      case "setting": {
        // a world setting's Setting document changed: every client holds the new value and runs
        // the setting's onChange (v13 client/helpers/client-settings.mjs); the module's leakSeen
        // onChange is hooks/table-check.ts's
        const c = d as unknown as { key: string; value: unknown };
        w.settings = [...w.settings.filter((x) => x.key !== c.key), { key: c.key, value: c.value }];
        if (c.key === `${MODULE_ID}.${LEAK_SETTING}`) void this.runtime?.table.alarmIfLeaked();
        break;
      }
      default:
        break;
    }
  }

  /**
   * test-only: the person at this browser when the H4 choice window opens (a human clicking a
   * DialogV2 button; no Foundry behaviour): what they click, or undefined for never. By default
   * the window's default answer, at once.
   */
  chooser: (view: ChoiceView) => HazardChoice | undefined | Promise<HazardChoice | undefined> = (
    v,
  ) => v.fallback;
  /** test-only: every choice window shown on this client, open or closed, and what was clicked. */
  readonly choiceWindows: { view: ChoiceView; open: boolean; clicked?: HazardChoice }[] = [];
  /** test-only: the notices this client showed (ui.notifications.info). */
  readonly informed: string[] = [];

  /**
   * test-only: a choice window (apps/hazard-choice-dialog.ts in Foundry) with the scripted
   * person's click; closing it leaves no answer.
   */
  private openChoice(view: ChoiceView): OpenPrompt {
    const w: { view: ChoiceView; open: boolean; clicked?: HazardChoice } = { view, open: true };
    this.choiceWindows.push(w);
    let settle!: (c: HazardChoice | undefined) => void;
    const answer = new Promise<HazardChoice | undefined>((r) => (settle = r));
    void Promise.resolve(this.chooser(view)).then((c) => {
      if (!w.open || c === undefined) return;
      w.clicked = c;
      w.open = false;
      settle(c);
    });
    return {
      answer,
      close: () => {
        w.open = false;
        settle(undefined);
      },
    };
  }

  /**
   * The target's side of User#query: Users #handleUserQuery (v13
   * client/documents/collections/users.mjs) runs CONFIG.queries[name](data, {timeout}) and sends
   * a handler's error back as the reason. With no handler Foundry throws there and never
   * answers, so the caller waits for the query's timeout, which the server enforces (what it then
   * says is not public): the fake rejects after `server.queryTimeoutMs`.
   */
  async answerQuery(name: string, data: unknown, options: unknown): Promise<unknown> {
    this.received.push({ channel: "query", name, data: clone(data) });
    const h = this.queries[name];
    if (!h) {
      await new Promise((r) => setTimeout(r, this.server.queryTimeoutMs));
      throw new Error(`Query '${name}' timed out`);
    }
    return h(data, options);
  }

  /**
   * The lakes on this client's scenes, from the module's scene flags (Document#getFlag, v13
   * common/abstract/document.mjs).
   */
  lakeIds(): string[] {
    return this.w.scenes.flatMap((s) =>
      Object.keys((s.flags[MODULE_ID] as { lakes?: object } | undefined)?.lakes ?? {}),
    );
  }

  /**
   * The Kayanak boards on this client's scenes, from the module's scene flags as `lakeIds`
   * (Document#getFlag, v13 common/abstract/document.mjs).
   */
  boardIds(): string[] {
    return this.w.scenes.flatMap((s) =>
      Object.keys((s.flags[MODULE_ID] as { boards?: object } | undefined)?.boards ?? {}),
    );
  }

  /**
   * game.messages as this client holds them (v13 client/documents/collections/chat-messages.mjs).
   */
  messages(): MessageDoc[] {
    return clone(this.w.messages);
  }

  /** game.scenes as this client holds them (v13 client/documents/collections/scenes.mjs). */
  scenes(): SceneData[] {
    return clone(this.w.scenes);
  }

  /**
   * test-only: how a message looks on this client now (the module's renderChatMessageHTML
   * listener), drawn on demand.
   */
  async shown(m: MessageDoc): Promise<string> {
    if (!this.runtime) throw new Error("fake client: not connected");
    return this.runtime.messageHtml(m, () => this.w.scenes.map((s) => s._id));
  }

  // ---- Port ----
  /** game.user (v13 client/game.mjs, Game#user), as live-port.ts reads it. */
  me(): UserInfo {
    return this.w.users.find((u) => u.id === this.userId)!;
  }
  /** game.users (v13 client/documents/collections/users.mjs). */
  users(): UserInfo[] {
    return clone(this.w.users);
  }
  /**
   * game.users.activeGM on this client's user list (v13 client/documents/collections/users.mjs).
   */
  activeGmId(): string | undefined {
    return activeGmOf(this.w.users);
  }
  /** game.scenes.get(id) (v13 client/documents/collections/scenes.mjs). */
  scene(id: string): SceneData | undefined {
    const s = this.w.scenes.find((x) => x._id === id);
    if (!s) return undefined;
    // each version of a scene (every change replaces it) copied once, frozen: the module reads
    // documents and changes them by update only
    let f = this.frozenScenes.get(s);
    if (!f) {
      f = deepFreeze(clone(s));
      this.frozenScenes.set(s, f);
    }
    return f;
  }

  /** test-only: the frozen copy of each scene version handed out (scene). */
  private readonly frozenScenes = new WeakMap<SceneData, SceneData>();
  /**
   * As live-port.ts: the users for whom Actor#testUserPermission(user, "OWNER") holds, GMs always
   * (v13 common/abstract/document.mjs, Document#getUserLevel); an unknown actor has none.
   */
  ownersOf(actorId: string): string[] {
    const a = this.w.actors.find((x) => x._id === actorId);
    if (!a) return [];
    return this.w.users
      .filter((u) => u.isGM || (a.ownership[u.id] ?? a.ownership.default ?? 0) >= 3)
      .map((u) => u.id);
  }
  /** game.actors contents (v13 client/documents/collections/actors.mjs): the ids, in order. */
  actorIds(): string[] {
    return this.w.actors.map((a) => a._id);
  }
  /**
   * game.messages.get(id) on this client: the fields ChatMessage#isContentVisible reads (v13
   * client/documents/chat-message.mjs).
   */
  heldMessage(
    id: string,
  ): { author: string; whisper: readonly string[]; blind: boolean } | undefined {
    const m = this.w.messages.find((x) => x._id === id) as
      { author: string; whisper?: string[]; blind?: boolean } | undefined;
    return m && { author: m.author, whisper: m.whisper ?? [], blind: m.blind === true };
  }
  /**
   * As live-port.ts: game.actors.get(id).items (v13 client/documents/actor.mjs Actor#items), each
   * read by haul-source.ts.
   */
  actorItems(actorId: string): HeldItem[] | undefined {
    const a = this.w.actors.find((x) => x._id === actorId);
    return (
      a && (a.items ?? []).map((i) => heldItemOf(clone(i) as unknown as Record<string, unknown>))
    );
  }
  /**
   * As live-port.ts: fromUuid(uuid) (v13 client/utils/helpers.mjs), a world or compendium
   * document the server holds (FakeServer#addDocument), read by haul-source.ts.
   */
  async catchDoc(uuid: string): Promise<CatchDoc | undefined> {
    await hop();
    const d = this.server.documentByUuid(uuid);
    return d ? catchDocOf(d.documentName, clone(d.source), uuid) : undefined;
  }
  /** game.actors.get(id)?.name (v13 client/documents/collections/actors.mjs). */
  actorName(actorId: string): string | undefined {
    return this.w.actors.find((a) => a._id === actorId)?.name;
  }
  /**
   * As live-port.ts: the module's sub-type unless the system builds only its own types (pf2e's
   * ActorProxyPF2e, src/module/actor/base.ts: FakeServer#refusesModuleTypes).
   */
  swarmBody(): SwarmBody {
    return swarmBody(this.server.refusesModuleTypes);
  }
  /**
   * Actor.create by this user (Document.create, v13 common/abstract/document.mjs), checked and
   * broadcast by the server.
   */
  async createSwarmActor(name: string): Promise<{ id: string; body: SwarmBody }> {
    const body = this.swarmBody();
    return { id: this.server.createActor(this.userId, name, body.type), body };
  }
  /**
   * v13: one request per operation (Document.createDocuments and friends, v13
   * common/abstract/document.mjs); v14: foundry.documents.modifyBatch (API docs v14).
   */
  async write(ops: readonly WriteOp[]): Promise<string[][]> {
    // As live-port.ts: v14 through the module's own batch writer (batch.ts) against the fake's
    // modifyBatch; v13 one request per operation, in order, empty ones skipped.
    const batch = async (sent: WriteOp[]) => (
      await this.trip(),
      this.server.modifyBatch(this.userId, sent)
    );
    if (this.generation >= 14 && (await this.reach.mayBatch(ops, batch)))
      return writeV14(
        ops,
        batch,
        async (op) => (await this.trip(), void this.server.modify(this.userId, [op])),
      );
    const done: string[][] = [];
    for (const op of ops) {
      if (emptyOp(op as never)) {
        done.push([]);
        continue;
      }
      await this.trip();
      try {
        done.push(...this.server.modify(this.userId, [op]));
      } catch (e) {
        throw new WriteError((e as Error).message, done);
      }
    }
    return done;
  }
  /**
   * As live-port.ts: game.messages carrying the module's card flag (v13
   * client/documents/collections/chat-messages.mjs), with each one's author.
   */
  moduleCards(gameId: string): ModuleCard[] {
    return this.w.messages.flatMap((m) => {
      const flag = m.flags[MODULE_ID] as Record<string, unknown> | undefined;
      // the author as the server recorded it (DocumentAuthorField), not as the sender said
      return flag?.lake === gameId ? [{ id: m._id, author: m.author, flag }] : [];
    });
  }
  /**
   * As live-port.ts: CompendiumCollection#getIndex and #getDocuments on the GM store. A
   * compendium read is a request to the server (v13 client/documents/collections/
   * compendium-collection.mjs, getIndex / getDocuments go through the socket).
   */
  async storeIndex(): Promise<StoreEntry[]> {
    await this.trip();
    return this.server.storeIndex(this.userId);
  }

  /** CompendiumCollection#getDocuments({_id__in}) (v13 compendium-collection.mjs): one request. */
  async storeRead(ids: readonly string[]): Promise<unknown[]> {
    await this.trip();
    return this.server.storeRead(this.userId, ids);
  }

  /** test-only: this browser's window.localStorage (a reload keeps it; `newBrowser` empties it). */
  private readonly browser = new Map<string, string>();

  /**
   * test-only: as live-port.ts, the browser's window.localStorage (no Foundry behaviour: Web
   * Storage keeps it per origin across reloads and never sends it to the server).
   */
  keyStorage(): KeyStorage {
    const name = "kolikoly-fishing.gm-keys.world";
    return {
      load: () => this.browser.get(name) ?? null,
      save: (text) => {
        this.browser.set(name, text);
        this.server.vaultKeys(text); // test-only: lets tests open the sealed store
      },
    };
  }

  /** test-only: the same user in another browser (nothing in local storage). */
  newBrowser(): void {
    this.browser.clear();
  }

  /**
   * test-only: extra milliseconds this client's requests take (a slow connection), on top of the
   * turn of the event loop every socket trip takes (hop).
   */
  delayMs = 0;

  /** One request to the server and back (v13 client/helpers/socket-interface.mjs, dispatch). */
  private async trip(): Promise<void> {
    const life = this.life;
    await hop();
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    // the page that sent this was closed or reloaded meanwhile: its code runs no further
    if (life !== this.life || !this.world) await new Promise(() => undefined);
  }

  /**
   * test-only: the faces this client's dice show, as a dice fulfillment method would give them
   * (CONFIG.Dice.fulfillment, v13 client/dice/terms/dice.mjs `DiceTerm#_roll`): a function of
   * the formula rolled, whose faces are taken in the order the terms are rolled; undefined (or no
   * function) for this client's own seeded dice.
   */
  dice: ((formula: string) => readonly number[] | undefined) | undefined;

  /**
   * The faces of one roll, as DiceTerm#_roll draws them (v13 client/dice/terms/dice.mjs): the
   * fulfillment's faces in order (each within its die), else the client's own random source.
   */
  private faceSource(
    formula: string,
    given: readonly number[] | undefined,
  ): (faces: number) => number {
    if (!given) return (faces) => this.rng.die(faces);
    let k = 0;
    return (faces) => {
      const v = given[k++];
      if (v === undefined || !Number.isInteger(v) || v < 1 || v > faces)
        throw new Error(`fake Roll: no face ${String(v)} of a d${faces} given for ${formula}`);
      return v;
    };
  }

  /**
   * The client a roll is evaluated on (v13 client/dice/roll.mjs evaluates on the rolling client;
   * fake/dice.ts RollEnv): this client's dice, the faces the
   * test's `dice` function gives for the formula, else this client's own random source; a roll
   * failing as `failRoll` asked throws.
   */
  protected rollEnvFor(formula: string): RollEnv {
    if (this.rollFailure !== undefined && this.rollFailure-- <= 0) {
      this.rollFailure = undefined;
      throw new Error("fake Roll: the dice failed (test)");
    }
    return { dice: this.clientDice, random: this.faceSource(formula, this.dice?.(formula)) };
  }

  /** test-only: counts the page's lives (each close or reload ends one). */
  private life = 0;
  /**
   * As live-port.ts: `new Roll(formula).evaluate({allowInteractive: false})` on this client (v13
   * client/dice/roll.mjs; fake/dice.ts): each die through CONFIG.Dice.fulfillment (a handler the
   * module registered sees it), else this client's random source; the first dice term's faces,
   * the total and Roll#toJSON. Only dice and numbers, no @references.
   */
  async roll(formula: string): Promise<RollResult> {
    const env = this.rollEnvFor(formula);
    if (formula.includes("@")) throw new Error(`fake Roll: cannot evaluate ${formula}`);
    const r = new FakeRoll(formula, {}, {}, env, {
      terms: { d: (e, n, f, m) => new Die(e, n, f, { modifiers: m }), letters: this.diceTerms },
    });
    this.rolls.push(formula);
    await r.evaluate({ allowInteractive: false });
    const first = r.dice[0];
    return {
      total: r.total,
      firstDieFaces: first ? first.results.map((x) => x.result) : [],
      json: r.toJSON(),
    };
  }
  /**
   * test-only: the dice terms registered in CONFIG.Dice.terms on this client, by denomination:
   * the class name and faces (the module registers Kayanak's at init, kayanak/dice.ts).
   */
  readonly diceTerms = new Map<string, { className: string; faces: number }>([
    ["k", { className: "KayanakActionDie", faces: 6 }],
    ["t", { className: "KayanakTemperatureDie", faces: 6 }],
  ]);

  /** Hooks.call on this client (v13 client/helpers/hooks.mjs). */
  callHook(name: string, ...args: unknown[]): boolean {
    return this.hooks.call(name, ...args);
  }
  /** Hooks.callAll on this client (v13 client/helpers/hooks.mjs). */
  callAllHook(name: string, ...args: unknown[]): void {
    this.hooks.callAll(name, ...args);
  }
  /**
   * User#query(queryName, queryData, {timeout}) (v13 client/documents/user.mjs; fvtt-types 13.345
   * User.QueryOptions), relayed by the server.
   */
  query(
    userId: string,
    name: string,
    data: object,
    options?: { readonly timeout?: number },
  ): Promise<unknown> {
    return this.server.query(this.userId, userId, name, data, options);
  }
  /** This user's language, where it differs from English (game.i18n on their client). */
  readonly language = new Map<string, string>();

  /** game.i18n.localize / format in this user's language (v13 client/helpers/localization.mjs). */
  localize(key: string, data?: Readonly<Record<string, unknown>>): string {
    const own = this.language.get(key);
    return own === undefined ? strictLocalize(key, data) : format(own, data);
  }
  /**
   * game.i18n.has(key) in this user's language over lang/en.json (v13
   * client/helpers/localization.mjs, Localization#has).
   */
  hasKey(key: string): boolean {
    return this.language.has(key) || lookup(LANG, key) !== undefined;
  }
  /** renderTemplate (v13 client/applications/handlebars.mjs). */
  async render(template: string, context: object): Promise<string> {
    return renderTemplateFile(template, context);
  }
  /**
   * game.settings.get(MODULE_ID, key) on the world settings this client holds (v13
   * client/helpers/client-settings.mjs, ClientSettings#get).
   */
  setting(key: string): unknown {
    return this.w.settings.find((s) => s.key === `${MODULE_ID}.${key}`)?.value;
  }
}

/** test-only: an update without its `_id`, for merging into the document it names. */
function omitId(u: { _id: string } & Record<string, unknown>): Record<string, unknown> {
  const { _id: _ignored, ...rest } = u;
  return rest;
}
