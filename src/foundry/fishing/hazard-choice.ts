/**
 * H4 in Foundry: when a hazard hits and the choice is open (its aim is not a wound, and the
 * fisher has the HP), the fisher's owner chooses between losing the HP and accepting the aim.
 * The engine asks for it as a decision (rules dice/requests.ts, `hazardChoice:<fisher>`); during
 * a resolution on the active GM's client this layer answers it:
 *
 * - each connected player who owns the fisher is asked by a targeted `User#query`
 *   (`QUERY.hazardChoice`): the server hands it to that user alone and their reply to the GM
 *   alone, so the reply needs no key (no other client can answer it);
 * - at the same time the GM's client shows the question with both answers, so the GM can choose
 *   for an absent or hesitant player (or for a fisher no player owns);
 * - the first answer wins; with none after the world's time-out (`hazardChoiceTimeout`, 30 s),
 *   the fisher's standing choice (the lake's copy of the world setting `hazardChoiceDefault`)
 *   applies. A time-out of 0 asks no one.
 *
 * The answer is an answer to the engine's request, so it is recorded with the round's rolls in
 * the GM record (before anything is written: a resolution that fails writes nothing), and
 * exported as `rolls["hazardChoice:<fisher>"]`: undo, rebuild and replay are exact. Everything
 * the question shows is public once the round card is posted (docs/foundry.md, "Hazards").
 */
import type {
  AsyncDriver,
  Coord,
  HazardChoice,
  RollAnswer,
  RollRequest,
} from "../../rules/index.ts";
import { HAZARD_CHOICE, LAKE_LIMITS, hazardChoiceOf, wholeWithin } from "../../rules/index.ts";
import { hazardChoiceText } from "../../ui/hazard-choice-view.ts";
import { HOOK, QUERY } from "../core/constants.ts";
import type { Port } from "../core/port.ts";
import type { PublicLake } from "./projection.ts";
import { publicLakeOf } from "./projection.ts";

/** World settings (registered in hooks/hazard-choice.ts). */
export const CHOICE_SETTING = {
  /** Seconds to wait for an answer; 0 asks no one. */
  timeout: "hazardChoiceTimeout",
  /** New lakes' standing choice: "hp" or "aim". */
  fallback: "hazardChoiceDefault",
} as const;
export const DEFAULT_TIMEOUT_S = 30;
export const MAX_TIMEOUT_S = 300;
/**
 * How long a resolution holds the lake's queue for a hazard choice (issue 20 item 9): an answer
 * within it costs no extra write; past it the round waits in the GM record, the queue free.
 */
export const GRACE_MS = 250;
/** How much longer than the wait the query itself may take (the reply's trip). */
const QUERY_MARGIN_MS = 5_000;

/** The seconds to wait, from the world setting (any bad value: the default). */
export function timeoutSeconds(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= MAX_TIMEOUT_S
    ? v
    : DEFAULT_TIMEOUT_S;
}

/** The world setting's standing choice for new lakes. */
export function defaultChoice(v: unknown): HazardChoice {
  return v === "aim" ? "aim" : "hp";
}

/** What the engine tells about the hit (rules hazards/resolve.ts `askChoice`). */
export interface ChoiceFacts {
  readonly hazard: string;
  readonly name: string;
  readonly aim: string;
  readonly damage: number;
  readonly hp: number;
  /** H4: the square where it struck, the fisher's own (the hazard event names it to everyone). */
  readonly at: Coord;
}

/** One window: the question, both answers, who else may answer, and until when. */
export interface ChoiceView {
  readonly role: "gm" | "player";
  readonly lake: string;
  readonly fisher: string;
  readonly title: string;
  readonly question: string;
  readonly hpLabel: string;
  readonly aimLabel: string;
  /** Who else is asked, or that no one is. */
  readonly status: string;
  /** What happens without an answer. */
  readonly fallbackLabel: string;
  readonly fallback: HazardChoice;
  readonly seconds: number;
  /** Date.now() at which the question lapses. */
  readonly deadline: number;
}

export interface OpenPrompt {
  /** The choice made in the window, or undefined when it was closed without one. */
  readonly answer: Promise<HazardChoice | undefined>;
  close(): void;
}

/** Shows a question on this client: a DialogV2 in Foundry (apps/hazard-choice-dialog.ts). */
export interface ChoicePrompt {
  open(view: ChoiceView): OpenPrompt;
  /** A short notice on this client (ui.notifications.info). */
  inform(text: string): void;
}

/** No window at all (a client where nothing was wired): the question lapses unanswered. */
export const NO_PROMPT: ChoicePrompt = {
  open: () => ({ answer: Promise.resolve(undefined), close: () => undefined }),
  inform: () => undefined,
};

/** GM -> the fisher's owners: the question, or that it is settled (their window closes). */
export type ChoiceQuery =
  | {
      readonly type: "ask";
      /** A fresh id per question: only who saw the question can close its window. */
      readonly id: string;
      readonly scene: string;
      readonly lake: string;
      readonly round: number;
      readonly fisher: string;
      readonly facts: ChoiceFacts;
      readonly fallback: HazardChoice;
      readonly seconds: number;
    }
  | { readonly type: "settled"; readonly id: string }
  /**
   * A player's client -> the active GM: "did you ask me, `user`, exactly this question (`key`, the
   * question as received)?" On v13 a query handler is not told who called, so a question's sender
   * is checked by asking the active GM, whose answer goes to the asker alone (User#query).
   */
  | { readonly type: "confirm"; readonly id: string; readonly user: string; readonly key: string };

export interface ChoiceReply {
  readonly choice: HazardChoice | null;
}

/** Who made a choice (the `kolikoly.hazardChoice` hook). */
export type ChoiceBy = "player" | "gm" | "default";

const ID = /^[A-Za-z0-9_.-]{1,64}$/;
const CHOICES = new Set(["hp", "aim"]);

function isFacts(v: unknown): v is ChoiceFacts {
  const o = v as Record<string, unknown> | null;
  return (
    typeof o === "object" &&
    o !== null &&
    typeof o.hazard === "string" &&
    o.hazard.length <= 64 &&
    typeof o.name === "string" &&
    o.name.length <= 200 &&
    typeof o.aim === "string" &&
    ID.test(o.aim) &&
    Number.isInteger(o.damage) &&
    Number.isInteger(o.hp) &&
    isSquare(o.at)
  );
}

/** A square of a lake the engine allows (`[x, y, level]`, each within LAKE_LIMITS). */
function isSquare(v: unknown): v is Coord {
  return (
    Array.isArray(v) &&
    v.length === 3 &&
    wholeWithin(v[0], 0, LAKE_LIMITS.side - 1) &&
    wholeWithin(v[1], 0, LAKE_LIMITS.side - 1) &&
    wholeWithin(v[2], 0, LAKE_LIMITS.levels - 1)
  );
}

/** Checks a question's shape (it may come from anyone: a forged one can only show a window). */
export function parseChoiceQuery(raw: unknown): ChoiceQuery | undefined {
  const o = raw as Record<string, unknown> | null;
  if (typeof o !== "object" || o === null || typeof o.id !== "string" || !ID.test(o.id))
    return undefined;
  if (o.type === "settled") return { type: "settled", id: o.id };
  if (o.type === "confirm")
    return typeof o.user === "string" && typeof o.key === "string" && o.key.length <= 4_000
      ? { type: "confirm", id: o.id, user: o.user, key: o.key }
      : undefined;
  if (o.type !== "ask") return undefined;
  if (
    typeof o.scene !== "string" ||
    !ID.test(o.scene) ||
    typeof o.lake !== "string" ||
    !ID.test(o.lake) ||
    typeof o.fisher !== "string" ||
    !ID.test(o.fisher) ||
    !Number.isInteger(o.round) ||
    !isFacts(o.facts) ||
    !CHOICES.has(o.fallback as string) ||
    typeof o.seconds !== "number" ||
    !(o.seconds > 0 && o.seconds <= MAX_TIMEOUT_S)
  )
    return undefined;
  return {
    type: "ask",
    id: o.id,
    scene: o.scene,
    lake: o.lake,
    round: o.round as number,
    fisher: o.fisher,
    facts: o.facts,
    fallback: o.fallback as HazardChoice,
    seconds: o.seconds,
  };
}

/** A question as compared by the confirmation: its fields in one order. */
function keyOf(q: Extract<ChoiceQuery, { type: "ask" }>): string {
  return JSON.stringify(q);
}

/** How long a player's client waits for the active GM to confirm a question. */
const CONFIRM_TIMEOUT_MS = 2_000;

/** The wait, cancellable so that a settled question leaves no timer behind. */
function sleep(ms: number): { done: Promise<void>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const done = new Promise<void>((r) => {
    timer = setTimeout(r, ms);
  });
  return { done, cancel: () => clearTimeout(timer) };
}

/** A promise that never settles: an answer that will not come (a fresh one, so it is collected). */
function stall(): Promise<never> {
  return new Promise<never>(() => undefined);
}

function newId(): string {
  const a = new Uint32Array(2);
  globalThis.crypto.getRandomValues(a);
  return `c${a[0]!.toString(16)}${a[1]!.toString(16)}`;
}

/** The context of one resolution: the lake (public flag) and the round being resolved. */
export interface ChoiceRound {
  readonly lakeId: string;
  readonly round: number;
  readonly pub: PublicLake;
}

/** H4: a question the round waits for (kept in the GM record meanwhile: record.ts `awaiting`). */
export interface AwaitedChoice {
  /** The question's id (the players' windows close by it). */
  readonly id: string;
  /** The engine's request key, `hazardChoice:<fisher>`: the answer is recorded under it. */
  readonly key: string;
  readonly round: number;
  readonly fisher: string;
  readonly facts: ChoiceFacts;
  readonly fallback: HazardChoice;
  readonly seconds: number;
  /** The active GM's Date.now() at which the standing choice applies. */
  readonly deadline: number;
}

/** Thrown by `HazardChoices#layer` when the round must wait for a question (resolution.ts). */
export class NeedChoice extends Error {
  constructor(
    readonly question: AwaitedChoice,
    /** The question already asked: its answer, or the standing choice at its deadline. */
    readonly answer: Promise<HazardChoice>,
  ) {
    super(`hazard choice awaited: ${question.key}`);
  }
}

export class HazardChoices {
  /** Windows open on this client for a question, by its id (a player's side), and the question. */
  private readonly shown = new Map<string, { open: OpenPrompt; key: string }>();
  /** The questions the active GM has out, by id: whom it asked and what (the GM's side). */
  private readonly asking = new Map<string, { users: readonly string[]; key: string }>();

  constructor(
    private readonly port: Port,
    private readonly now: () => number = () => Date.now(),
    /** This client's windows (apps/hazard-choice-dialog.ts where Foundry runs: module.ts). */
    readonly prompt: ChoicePrompt = NO_PROMPT,
  ) {}

  /**
   * A resolution's driver: decisions answered here, every die by `inner`. A question that must
   * be asked is not waited for here: the layer throws `NeedChoice`, the resolution records the
   * round so far in the GM record and frees the lake's queue, and the answer (`ask`) is applied
   * as the round's next step (resolution.ts), so no player's request waits behind the question.
   */
  layer(inner: AsyncDriver, ctx: ChoiceRound): AsyncDriver {
    return {
      roll: async (request: RollRequest) => {
        if (request.kind !== "hazardChoice" || !request.decision) return inner.roll(request);
        const q = this.question(request, ctx);
        if (!q) return this.done(ctx, request);
        // an answer that comes at once (the GM's or a quick player's) is taken in the same step;
        // a longer wait frees the lake's queue and goes on with the same question
        const asked = this.ask(q, ctx);
        const wait = sleep(this.graceMs);
        const quick = await Promise.race([asked, wait.done.then(() => undefined)]);
        wait.cancel();
        if (quick) return { total: HAZARD_CHOICE[quick] };
        throw new NeedChoice(q, asked);
      },
    };
  }

  /** How long a resolution holds the lake's queue for an answer before it waits outside it. */
  graceMs = GRACE_MS;

  /** The fisher's connected players (owners who are not GMs). */
  private playersOf(pub: PublicLake, fisher: string): string[] {
    const f = pub.fishers.find((x) => x.id === fisher);
    const owners = f?.actorId ? this.port.ownersOf(f.actorId) : [];
    const users = this.port.users();
    return owners.filter((id) => users.some((u) => u.id === id && u.active && !u.isGM));
  }

  /** The question a decision asks, or undefined when no one is to be asked (a time-out of 0). */
  question(request: RollRequest, ctx: ChoiceRound): AwaitedChoice | undefined {
    const d = request.decision!;
    const facts = d.facts as unknown as ChoiceFacts;
    const seconds = timeoutSeconds(this.port.setting(CHOICE_SETTING.timeout));
    if (seconds === 0 || !isFacts(facts)) return undefined;
    return {
      id: newId(),
      key: request.key,
      round: ctx.round,
      fisher: request.fisher ?? "",
      facts,
      fallback: hazardChoiceOf(d.fallback),
      seconds,
      deadline: this.now() + seconds * 1000,
    };
  }

  /** The standing choice at once (no one is asked), told to the `kolikoly.hazardChoice` hook. */
  private done(ctx: ChoiceRound, request: RollRequest): RollAnswer {
    const choice = hazardChoiceOf(request.decision!.fallback);
    this.told(ctx, request.fisher ?? "", choice, "default");
    return { total: HAZARD_CHOICE[choice] };
  }

  private told(ctx: ChoiceRound, fisher: string, choice: HazardChoice, by: ChoiceBy): void {
    this.port.callAllHook(HOOK.hazardChoice, {
      lakeId: ctx.lakeId,
      round: ctx.round,
      fisher,
      choice,
      by,
    });
  }

  /** H4 on the active GM's client, waiting: the first answer, the GM's, or the standing choice. */
  async decide(request: RollRequest, ctx: ChoiceRound): Promise<RollAnswer> {
    const q = this.question(request, ctx);
    if (!q) return this.done(ctx, request);
    return { total: HAZARD_CHOICE[await this.ask(q, ctx)] };
  }

  /**
   * Asks a recorded question until its deadline (a question resumed after a reload keeps its
   * own): the first answer of the fisher's players or the GM's window, else the standing choice.
   * Tells the `kolikoly.hazardChoice` hook who chose.
   */
  async ask(q: AwaitedChoice, ctx: ChoiceRound): Promise<HazardChoice> {
    const fisher = q.fisher;
    const fallback = q.fallback;
    const ms = Math.min(q.deadline - this.now(), q.seconds * 1000);
    const finish = (choice: HazardChoice, by: ChoiceBy): HazardChoice => {
      this.told(ctx, fisher, choice, by);
      return choice;
    };
    const informDefault = () =>
      this.prompt.inform(
        this.port.localize("KOLIKOLY.Hazards.Choice.TimedOut", {
          fisher: this.fisherName(ctx.pub, fisher),
          seconds: q.seconds,
          choice: this.port.localize(`KOLIKOLY.Hazards.Choice.Default.${fallback}`),
        }),
      );
    // past its time, or recorded by an older version of the module (its facts had no square):
    // the standing choice, asked of no one
    if (!(ms > 0) || !isFacts(q.facts)) {
      informDefault();
      return finish(fallback, "default");
    }
    const seconds = Math.max(0.001, ms / 1000);
    const players = this.playersOf(ctx.pub, fisher);
    const ask: ChoiceQuery = {
      type: "ask",
      id: q.id,
      scene: ctx.pub.sceneId,
      lake: ctx.lakeId,
      round: ctx.round,
      fisher,
      facts: q.facts,
      fallback,
      seconds,
    };
    const deadline = this.now() + ms;
    this.asking.set(ask.id, { users: players, key: keyOf(parseChoiceQuery(ask) as typeof ask) });
    type Won = { choice: HazardChoice; by: ChoiceBy };
    const answers: Promise<Won>[] = players.map((user) =>
      this.port
        .query(user, QUERY.hazardChoice, ask, { timeout: ms + QUERY_MARGIN_MS })
        .then((r) => {
          const c = (r as Partial<ChoiceReply> | null)?.choice;
          return c === "hp" || c === "aim" ? { choice: c, by: "player" as const } : stall();
        })
        .catch(() => stall()),
    );
    // the GM's own window: to choose for an absent player (or sooner than the player)
    const names = this.port
      .users()
      .filter((u) => players.includes(u.id))
      .map((u) => u.name);
    const gm = this.prompt.open(this.view("gm", ctx.pub, ask, deadline, names));
    answers.push(gm.answer.then((c) => (c ? { choice: c, by: "gm" as const } : stall())));
    const wait = sleep(ms);
    answers.push(wait.done.then(() => ({ choice: fallback, by: "default" as const })));
    const won = await Promise.race(answers);
    wait.cancel();
    gm.close();
    this.asking.delete(ask.id);
    // the players' windows close: the question is settled (fire and forget)
    for (const user of players)
      void this.port
        .query(user, QUERY.hazardChoice, { type: "settled", id: ask.id })
        .catch(() => undefined);
    if (won.by === "default") informDefault();
    return finish(won.choice, won.by);
  }

  private fisherName(pub: PublicLake, fisher: string): string {
    return pub.fishers.find((f) => f.id === fisher)?.name ?? fisher;
  }

  /** The window's text, in this client's language. */
  view(
    role: "gm" | "player",
    pub: PublicLake,
    ask: Extract<ChoiceQuery, { type: "ask" }>,
    deadline: number,
    asked: readonly string[] = [],
  ): ChoiceView {
    const t = this.port.localize.bind(this.port);
    const name = this.fisherName(pub, ask.fisher);
    const f = ask.facts;
    const status =
      role === "player"
        ? t("KOLIKOLY.Hazards.Choice.GmMay")
        : asked.length
          ? t("KOLIKOLY.Hazards.Choice.Asking", { users: asked.join(", ") })
          : t("KOLIKOLY.Hazards.Choice.Absent", { fisher: name });
    return {
      role,
      lake: ask.lake,
      fisher: ask.fisher,
      ...hazardChoiceText(f, name, t),
      status,
      fallbackLabel: t("KOLIKOLY.Hazards.Choice.Fallback", {
        choice: t(`KOLIKOLY.Hazards.Choice.Default.${ask.fallback}`),
      }),
      fallback: ask.fallback,
      seconds: ask.seconds,
      deadline,
    };
  }

  /**
   * `CONFIG.queries[QUERY.hazardChoice]` on every client. A question is shown only to a user who
   * owns the fisher of a lake on a scene this client holds, and lapses at its own time-out; the
   * reply goes to the caller alone (the active GM, who asked).
   */
  async answer(raw: unknown): Promise<ChoiceReply | { closed: boolean } | { asked: boolean }> {
    const q = parseChoiceQuery(raw);
    if (!q) return { choice: null };
    const me = this.port.me();
    // the active GM confirms the questions it has out, to the user it asked (the GM's side)
    if (q.type === "confirm") {
      const out = this.asking.get(q.id);
      return { asked: me.isGM && !!out && out.users.includes(q.user) && out.key === q.key };
    }
    if (q.type === "settled") {
      const shown = this.shown.get(q.id);
      // a question the active GM still asks is not settled, whoever says so
      if (!shown || (await this.confirmed(q.id, shown.key))) return { closed: false };
      this.shown.delete(q.id);
      shown.open.close();
      return { closed: true };
    }
    // the question is the active GM's to ask, of a fisher's player: a GM client answers none
    // (on v13 a handler cannot tell who asked, and a player could open windows on a GM's screen;
    // the GM chooses from the window `decide` opens on the active GM's own client)
    if (me.isGM) return { choice: null };
    const scene = this.port.scene(q.scene);
    const pub = scene && publicLakeOf(scene, q.lake);
    const f = pub?.fishers.find((x) => x.id === q.fisher);
    if (!pub || !f?.actorId || !this.port.ownersOf(f.actorId).includes(me.id))
      return { choice: null };
    if (this.shown.has(q.id)) return { choice: null };
    // only a question the active GM asked this user: another player's console may send one too
    const key = keyOf(q);
    if (!(await this.confirmed(q.id, key)) || this.shown.has(q.id)) return { choice: null };
    const deadline = this.now() + q.seconds * 1000;
    const open = this.prompt.open(this.view("player", pub, q, deadline));
    this.shown.set(q.id, { open, key });
    const wait = sleep(q.seconds * 1000);
    const choice = await Promise.race([open.answer, wait.done.then(() => undefined)]);
    wait.cancel();
    open.close();
    this.shown.delete(q.id);
    return { choice: choice === "hp" || choice === "aim" ? choice : null };
  }

  /** Whether the active GM asked this user the question `key` under `id` (and asks it still). */
  private async confirmed(id: string, key: string): Promise<boolean> {
    const gm = this.port.activeGmId();
    if (!gm) return false;
    const ask: ChoiceQuery = { type: "confirm", id, user: this.port.me().id, key };
    try {
      const r = await this.port.query(gm, QUERY.hazardChoice, ask, { timeout: CONFIRM_TIMEOUT_MS });
      return (r as { asked?: unknown } | null)?.asked === true;
    } catch {
      return false;
    }
  }
}
