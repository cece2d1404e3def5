/**
 * The sandbox table's state and its transitions, with no DOM: a game session (the engine's
 * record), the viewer, each fisher's draft and locked declaration for the coming round, and the
 * last error. Every transition returns a new table; a refused one returns the same table with
 * `error` set, and nothing else changed.
 */
import type {
  ActionKind,
  Coord,
  Declaration,
  FisherSpec,
  ForcedValue,
  GivenTotal,
  GameSetup,
  GameState,
  HazardChoice,
  LakeSpec,
  RollRequest,
  RoundInput,
  RuleError,
  Session,
  Viewer,
} from "../rules/index.ts";
import {
  canRevive,
  checkPendingDeclaration,
  checkRequest,
  checkSetup,
  endSession,
  exportScenario,
  forcedLayer,
  HAZARD_CHOICE,
  hazardChoiceOf,
  LAKE_LIMITS,
  Xoshiro128,
  pendingCannotAct,
  pendingRoundInput,
  playRound,
  playScenarioText,
  resolveRound,
  runSync,
  SESSION_LAKE,
  seededDriver,
  startSession,
  undo as undoSession,
  wholeWithin,
} from "../rules/index.ts";
import { SIM_MODS, startSquares } from "../rules/sim/index.ts";
import type { DeclareDraft } from "../ui/declare-view.ts";
import { declarationOf } from "../ui/declare-view.ts";

/** A declaration locked in for the coming round (K5), with a typed total if one was given (K6). */
export interface Locked {
  readonly declaration: Record<string, unknown>;
  readonly total?: number;
}

export interface TableError {
  readonly key: string;
  readonly data: Readonly<Record<string, unknown>>;
}

export interface Table {
  readonly session: Session;
  readonly viewer: Viewer;
  /** In the GM's view, whose declaration the form and the lake's clicks are for. */
  readonly active: string;
  readonly drafts: Readonly<Record<string, DeclareDraft>>;
  readonly locked: Readonly<Record<string, Locked>>;
  /** H5: fishers the GM revives at the start of the coming round (unconscious or dying). */
  readonly revive: readonly string[];
  readonly error?: TableError;
  /**
   * H4 during a resolution: the hazard question the round waits on (the fisher's player, or the
   * GM for them, answers it), and the answers given so far, by request key
   * (`hazardChoice:<fisher>`), as the engine's decision totals (HAZARD_CHOICE).
   */
  readonly asking?: HazardAsk;
  readonly answers?: Readonly<Record<string, readonly number[]>>;
  /** Hot seat: declaring in a fisher's view passes the screen on (GM setting). */
  readonly hotSeat: boolean;
  /**
   * Hot seat, between two players: the screen is covered and shows only public facts (the
   * viewer is the public "player" view) until the next one takes it as `passTo`.
   */
  readonly passTo?: Viewer;
  /** Bumped by every accepted change (the page re-renders on it). */
  readonly version: number;
}

/** H4: the question a hazard's hit asks (the engine's decision request and its facts). */
export interface HazardAsk {
  readonly key: string;
  readonly fisher: string;
  readonly facts: {
    readonly hazard: string;
    readonly name: string;
    readonly aim: string;
    readonly damage: number;
    readonly hp: number;
    /** Where it struck: the fisher's square. */
    readonly at: Coord;
  };
  /** The fisher's standing choice. */
  readonly fallback: HazardChoice;
}

export const PARTY: readonly { id: string; name: string }[] = [
  { id: "ana", name: "Ana" },
  { id: "bo", name: "Bo" },
  { id: "cai", name: "Cai" },
  { id: "dara", name: "Dara" },
  { id: "eli", name: "Eli" },
  { id: "fen", name: "Fen" },
  { id: "gus", name: "Gus" },
  { id: "hal", name: "Hal" },
  { id: "ivo", name: "Ivo" },
  { id: "jun", name: "Jun" },
  { id: "kit", name: "Kit" },
  { id: "lou", name: "Lou" },
];

/**
 * The party has the simulator's modifiers and start squares (src/rules/sim), so the balance
 * panel simulates exactly the party on the table.
 */
export const PARTY_MODS = SIM_MODS;

export interface NewTableOptions {
  readonly width: number;
  readonly height: number;
  readonly levels: number;
  readonly fishers: number;
  readonly seed: number;
}

/**
 * The game the table starts with when the URL names none (and the new-game form's values): the
 * session lake (3x2x2, src/rules/lake/geometry.ts) with 4 fishers, a game of about 20-30 rounds
 * (issue 12; K1's 6x6x3 lasts about 250 with 4 greedy fishers).
 */
export const TABLE_DEFAULTS: NewTableOptions = {
  width: SESSION_LAKE.width,
  height: SESSION_LAKE.height,
  levels: SESSION_LAKE.levels,
  fishers: 4,
  seed: 42,
};

/**
 * Each URL parameter's accepted range (whole numbers), which the New game form offers too: the
 * rules' own limits (LAKE_LIMITS), as in the wizard, the CLI and scenario files.
 */
export function optionRanges(): Readonly<Record<keyof NewTableOptions, readonly [number, number]>> {
  const { side, levels, fishers } = LAKE_LIMITS;
  return {
    width: [1, side],
    height: [1, side],
    levels: [1, levels],
    fishers: [1, fishers],
    seed: [0, Number.MAX_SAFE_INTEGER],
  };
}

/** A URL parameter the table did not take, and why. */
export interface RefusedParam {
  readonly param: string;
  readonly value: string;
  /** The accepted range; absent for a parameter the table does not know. */
  readonly range?: readonly [number, number];
  /** The accepted values, for a parameter that is a choice (`game`, `variant`). */
  readonly choices?: readonly string[];
}

/** The games the table plays (`?game=`): the fishing game, or Kayanak (src/sandbox/kayanak/). */
export const GAMES = ["kolikoly", "kayanak"] as const;
export type Game = (typeof GAMES)[number];

/** The game the URL asks for (`?game=kayanak`); a bad value is refused by name and the fishing game played. */
export function gameFromQuery(search: string): { game: Game; refused: RefusedParam[] } {
  const value = new URLSearchParams(search).get("game");
  if (value === null) return { game: "kolikoly", refused: [] };
  if ((GAMES as readonly string[]).includes(value)) return { game: value as Game, refused: [] };
  return { game: "kolikoly", refused: [{ param: "game", value, choices: GAMES }] };
}

/**
 * The starting game from the page's query string (`?width=12&height=12&levels=5&fishers=6&seed=3`):
 * each parameter is checked on its own, a good one is kept and a bad or unknown one is refused
 * (and named), its default used instead.
 */
export function optionsFromQuery(search: string): {
  options: NewTableOptions;
  refused: RefusedParam[];
} {
  const q = new URLSearchParams(search);
  const ranges = optionRanges();
  const options: Record<string, number> = { ...TABLE_DEFAULTS };
  const refused: RefusedParam[] = [];
  for (const [param, value] of q) {
    if (param === "game") continue; // the game switch: gameFromQuery
    readWholeParam(param, value, ranges, options, refused);
  }
  return { options: options as unknown as NewTableOptions, refused };
}

/**
 * One URL parameter that is a whole number: kept in `options` when `ranges` has it and the value
 * is within its range; else refused (unknown, or out of range), and the default stays.
 */
export function readWholeParam(
  param: string,
  value: string,
  ranges: Readonly<Record<string, readonly [number, number]>>,
  options: Record<string, unknown>,
  refused: RefusedParam[],
): void {
  const range = ranges[param];
  if (!range) {
    refused.push({ param, value });
    return;
  }
  const n = /^\s*[+-]?\d{1,16}\s*$/.test(value) ? Number(value) : NaN;
  if (Number.isSafeInteger(n) && n >= range[0] && n <= range[1]) options[param] = n;
  else refused.push({ param, value, range });
}

/**
 * Whether a URL starts a game of its own: some parameter other than `game` was used. A URL whose
 * every parameter is refused (`?fishers=99`) never replaces the game kept in the browser.
 */
export function urlStartsGame(search: string, refused: readonly RefusedParam[]): boolean {
  const bad = new Set(refused.map((r) => r.param));
  return [...new URLSearchParams(search).keys()].some((k) => k !== "game" && !bad.has(k));
}

/** The refused URL parameters as one error (the others were used), or undefined. */
export function refusedError(
  refused: readonly RefusedParam[],
  /** No parameter was used: the game kept in the browser is played (a refused URL never replaces it). */
  kept = false,
): TableError | undefined {
  if (refused.length === 0) return undefined;
  return {
    key: kept ? "KOLIKOLY.Sandbox.Error.UrlKept" : "KOLIKOLY.Sandbox.Error.UrlParams",
    data: {
      params: refused.map((r) =>
        r.choices
          ? {
              key: "KOLIKOLY.Sandbox.Kayanak.Error.UrlChoice",
              data: { param: r.param, value: r.value, choices: r.choices.join(", ") },
            }
          : r.range
            ? {
                key: "KOLIKOLY.Sandbox.Error.UrlParam",
                data: { param: r.param, value: r.value, min: r.range[0], max: r.range[1] },
              }
            : { key: "KOLIKOLY.Sandbox.Error.UrlUnknown", data: { param: r.param } },
      ),
    },
  };
}

export function setupFor(opts: NewTableOptions): GameSetup {
  const lake: LakeSpec = {
    width: opts.width,
    height: opts.height,
    levels: opts.levels,
    verticalAdjacency: true,
  };
  const at = startSquares(lake, opts.fishers);
  const fishers: FisherSpec[] = PARTY.slice(0, opts.fishers).map((p, i) => ({
    ...p,
    at: at[i]!,
    mods: { ...PARTY_MODS },
  }));
  return { seed: opts.seed, lake, fishers };
}

/** Checks new-game options; the first bad field is the error. */
export function checkOptions(opts: NewTableOptions): TableError | undefined {
  const bad = (field: string, min: number, max: number) => ({
    key: "KOLIKOLY.Sandbox.Error.Range",
    data: { field, min, max },
  });
  const ranges = optionRanges();
  for (const field of ["width", "height", "levels", "fishers"] as const)
    if (!wholeWithin(opts[field], ...ranges[field])) return bad(field, ...ranges[field]);
  if (!Number.isSafeInteger(opts.seed) || opts.seed < 0)
    return bad("seed", 0, Number.MAX_SAFE_INTEGER);
  return undefined;
}

function fresh(session: Session, viewer: Viewer, version: number, hotSeat = true): Table {
  return {
    session,
    viewer,
    active: session.state.fishers[0]?.id ?? "",
    drafts: {},
    locked: {},
    revive: [],
    hotSeat,
    version,
  };
}

export function newTable(opts: NewTableOptions, prev?: Table): Table {
  const err = checkOptions(opts);
  const setup = err ? undefined : setupFor(opts);
  // the engine checks the set-up made from the form (K1-K4), as it checks a file's
  const checked = setup && checkSetup(setup);
  const refused = err ?? (checked && !checked.ok ? ruleError(checked.error) : undefined);
  if (refused && prev) return { ...prev, error: refused };
  if (refused || !setup) throw new Error(`bad table options: ${JSON.stringify(refused?.data)}`);
  return fresh(startSession(setup), "gm", (prev?.version ?? 0) + 1, prev?.hotSeat);
}

/** Fields a patch may take away (`undefined` in the patch removes them). */
const OPTIONAL = ["error", "asking", "answers", "passTo"] as const;

function ok(t: Table, patch: Partial<Table>): Table {
  const { error: _e, ...rest } = t;
  const next: Record<string, unknown> = { ...rest, ...patch, version: t.version + 1 };
  for (const k of OPTIONAL) if (next[k] === undefined) delete next[k];
  return next as unknown as Table;
}

/** A resolution waiting on a hazard question: nothing else changes until it is answered or cancelled. */
function busy(t: Table): Table | undefined {
  return t.asking ? { ...t, error: { key: "KOLIKOLY.Sandbox.Hazard.Busy", data: {} } } : undefined;
}

function ruleError(e: RuleError): TableError {
  return {
    key: "KOLIKOLY.Sandbox.Error.Rule",
    data: { field: e.field || "-", message: e.message },
  };
}

/** The fishers this viewer may declare for: every fisher for the GM, their own for a player. */
export function declarers(t: Table): string[] {
  const v = t.viewer;
  if (v === "gm") return t.session.state.fishers.map((f) => f.id);
  if (v === "player") return [];
  return t.session.state.fishers.some((f) => f.id === v.fisher) ? [v.fisher] : [];
}

/** The fisher whose form is shown and whom lake clicks act for, in this view (if any). */
export function activeFisher(t: Table): string | undefined {
  const ids = declarers(t);
  return ids.includes(t.active) ? t.active : ids[0];
}

export function setViewer(t: Table, viewer: Viewer): Table {
  const active = typeof viewer === "object" ? viewer.fisher : t.active;
  return ok(t, { viewer, active, passTo: undefined });
}

/** The GM's hot-seat setting: declaring in a fisher's view passes the screen on. */
export function setHotSeat(t: Table, hotSeat: boolean): Table {
  if (t.viewer !== "gm") return t;
  return ok(t, { hotSeat });
}

/** Fishers who may declare this round (K5) but have not: the ones a resolution would leave idle. */
export function missingDeclarations(t: Table): string[] {
  const { state } = t.session;
  if (state.over) return [];
  return (
    state.fishers
      // H5 before K5: a fisher revived for the coming round may declare in it
      .filter((f) => !(f.id in t.locked) && pendingCannotAct(state, t, f.id) === undefined)
      .map((f) => f.id)
  );
}

/**
 * Hot seat: the screen is covered (only public facts under it) until `to` takes it. Declaring in
 * a fisher's view passes it to the next fisher who still has to declare, then to the GM.
 */
export function passScreen(t: Table, to: Viewer): Table {
  return ok(t, { viewer: "player", passTo: to });
}

/** Hot seat: whoever the screen was passed to takes it. */
export function takeScreen(t: Table): Table {
  if (!t.passTo) return t;
  return setViewer(t, t.passTo);
}

/** Who the screen goes to next in hot seat: the next fisher still to declare after `from`, else the GM. */
export function nextScreen(t: Table, from?: string): Viewer {
  const missing = missingDeclarations(t);
  const order = t.session.state.fishers.map((f) => f.id);
  const start = from ? order.indexOf(from) + 1 : 0;
  const next = [...order.slice(start), ...order.slice(0, start)].find((id) => missing.includes(id));
  return next ? { fisher: next } : "gm";
}

export function setActive(t: Table, id: string): Table {
  if (!declarers(t).includes(id)) return t;
  return ok(t, { active: id });
}

export function setDraft(t: Table, id: string, draft: DeclareDraft): Table {
  if (!declarers(t).includes(id) || t.asking) return t;
  return ok(t, { drafts: { ...t.drafts, [id]: draft } });
}

/** Picks a lake square for the active fisher: their own square means Catch, an adjacent one a target. */
export function chooseSquare(t: Table, at: Coord): Table {
  const id = activeFisher(t);
  if (!id) return t;
  const f = t.session.state.fishers.find((x) => x.id === id)!;
  const d = t.drafts[id] ?? {};
  if (f.at[0] === at[0] && f.at[1] === at[1] && f.at[2] === at[2])
    return setDraft(t, id, {
      ...(d.total !== undefined ? { total: d.total } : {}),
      action: "catch",
    });
  const action = d.action && d.action !== "catch" ? d.action : "move";
  const draft: DeclareDraft = { ...d, action, target: at };
  const r = checkPendingDeclaration(t.session.state, t, id, declarationOf(draft));
  if (!r.ok) return { ...t, error: ruleError(r.error) };
  return setDraft(t, id, draft);
}

/**
 * K6: the range a typed check total can take: a d20 (1 to 20) plus the modifier of the check the
 * engine asks (`checkRequest`: less a pending H4 throw penalty), exactly what the dice would roll.
 */
export function totalRange(
  t: Table,
  id: string,
  action: ActionKind,
): { min: number; max: number; mod: number } | undefined {
  const f = t.session.state.fishers.find((x) => x.id === id);
  if (!f) return undefined;
  const mod = checkRequest(f, action).modifier; // H4: less a thrown fisher's penalty
  return { min: 1 + mod, max: 20 + mod, mod };
}

const CHECK_NAME_KEY: Readonly<Record<ActionKind, string>> = {
  catch: "KOLIKOLY.Declare.CheckAttack",
  track: "KOLIKOLY.Declare.CheckSurvival",
  move: "KOLIKOLY.Declare.CheckStealth",
  herd: "KOLIKOLY.Declare.CheckAnimalHandling",
};

/** The refusal of a typed total, or undefined when `text` is one the check can give. */
function totalError(
  t: Table,
  id: string,
  action: ActionKind,
  text: string,
): TableError | undefined {
  const range = totalRange(t, id, action);
  if (!range) return undefined;
  const n = /^[+-]?\d{1,6}$/.test(text.trim()) ? Number(text) : NaN;
  if (Number.isInteger(n) && n >= range.min && n <= range.max) return undefined;
  const f = t.session.state.fishers.find((x) => x.id === id)!;
  return {
    key: "KOLIKOLY.Sandbox.Error.Total",
    data: {
      name: f.name,
      check: { key: CHECK_NAME_KEY[action], data: {} },
      min: range.min,
      max: range.max,
      mod: range.mod < 0 ? `${range.mod}` : `+${range.mod}`,
      value: text.trim(),
    },
  };
}

/**
 * Declares from the form (K5, K6): the draft and the typed total's text as the player left it.
 * Empty text means "roll"; anything else must be a whole number a d20 plus the check's modifier
 * can give, or the declaration is refused with the reason and nothing changes (a total of 12.5
 * is never silently rolled instead, -5 never accepted for a +4 Stealth).
 */
export function declare(t: Table, id: string, draft: DeclareDraft, totalText: string): Table {
  const waiting = busy(t);
  if (waiting) return waiting;
  if (!declarers(t).includes(id))
    return { ...t, error: { key: "KOLIKOLY.Sandbox.Error.NotYours", data: {} } };
  const text = totalText.trim();
  const { total: _ignored, ...rest } = draft;
  if (text !== "" && draft.action) {
    const error = totalError(t, id, draft.action, text);
    if (error) return { ...t, error };
  }
  const next: DeclareDraft = text !== "" && draft.action ? { ...rest, total: Number(text) } : rest;
  const locked = lockDeclaration(setDraft(t, id, next), id);
  return locked.error ? { ...t, error: locked.error } : locked;
}

/** K5: locks the fisher's draft in as their declaration (changeable until the round resolves). */
export function lockDeclaration(t: Table, id: string): Table {
  if (!declarers(t).includes(id))
    return { ...t, error: { key: "KOLIKOLY.Sandbox.Error.NotYours", data: {} } };
  const draft = t.drafts[id] ?? {};
  const raw = declarationOf(draft);
  if (!raw) return { ...t, error: { key: "KOLIKOLY.Sandbox.Error.Incomplete", data: {} } };
  // H5 before K5, as the round will check it: the GM's revivals first
  const r = checkPendingDeclaration(t.session.state, t, id, raw);
  if (!r.ok) return { ...t, error: ruleError(r.error) };
  if (draft.total !== undefined && draft.action) {
    const error = totalError(t, id, draft.action, String(draft.total));
    if (error) return { ...t, error };
  }
  const locked: Locked =
    draft.total !== undefined ? { declaration: raw, total: draft.total } : { declaration: raw };
  return ok(t, { locked: { ...t.locked, [id]: locked } });
}

/** The round's input and forced values: the locked declarations, typed totals, H4 answers given. */
function roundOf(t: Table): {
  input: RoundInput;
  forced: Map<string, readonly ForcedValue[]>;
} {
  const actions: Record<string, Declaration> = {};
  const totals: Record<string, GivenTotal> = {};
  for (const [id, l] of Object.entries(t.locked)) {
    // locked only once parseDeclaration took it (lockDeclaration)
    actions[id] = l.declaration as unknown as Declaration;
    if (l.total !== undefined) totals[id] = { total: l.total };
  }
  const round = pendingRoundInput({ actions, totals, revive: [...t.revive] });
  const forced = new Map(round.forced);
  for (const [id, l] of Object.entries(t.locked)) {
    // locked only once parseDeclaration took it (lockDeclaration)
    actions[id] = l.declaration as unknown as Declaration;
    if (l.total !== undefined) totals[id] = { total: l.total };
  }
  for (const [key, totals] of Object.entries(t.answers ?? {}))
    forced.set(
      key,
      totals.map((total) => ({ total })),
    );
  return { input: round.input, forced };
}

/**
 * H4: the first decision the round asks that has no answer yet, found by playing the round with
 * the seeded dice (a decision does not move them: the round played with the answer is the same
 * up to it). Undefined when every decision is answered (or none is asked).
 */
function openDecision(
  state: GameState,
  input: unknown,
  forced: ReadonlyMap<string, readonly ForcedValue[]>,
): RollRequest | undefined {
  const driver = forcedLayer(seededDriver(new Xoshiro128(state.rng)), forced, {
    advanceInner: true,
  });
  const asked = new Map<string, number>();
  let open: RollRequest | undefined;
  runSync(resolveRound(state, input), {
    roll: (request) => {
      if (request.decision && !open) {
        const n = asked.get(request.key) ?? 0;
        asked.set(request.key, n + 1);
        if (n >= (forced.get(request.key)?.length ?? 0)) open = request;
      }
      return driver.roll(request);
    },
  });
  return open;
}

/**
 * Resolves the round with the seeded driver; typed totals are forced (K6 "the GM may enter a
 * total"). When a hazard's hit leaves its fisher the choice (H4), the round is not played yet:
 * the table asks (`asking`), and `answerHazard` plays it on with the answer.
 */
export function resolve(t: Table): Table {
  const { input, forced } = roundOf(t);
  const open = openDecision(t.session.state, input, forced);
  if (open?.decision) {
    const f = open.decision.facts;
    const asking: HazardAsk = {
      key: open.key,
      fisher: open.fisher ?? "",
      facts: {
        hazard: String(f.hazard),
        name: String(f.name),
        aim: String(f.aim),
        damage: Number(f.damage),
        hp: Number(f.hp),
        at: f.at as Coord,
      },
      fallback: hazardChoiceOf(open.decision.fallback),
    };
    return ok(t, { asking, answers: t.answers ?? {}, passTo: undefined });
  }
  const r = playRound(t.session, input, forced);
  if (!r.ok) return { ...t, error: ruleError(r.error) };
  return ok(t, {
    session: r.session,
    drafts: {},
    locked: {},
    revive: [],
    asking: undefined,
    answers: undefined,
  });
}

/** H4: the answer to the hazard question (the fisher's player's, or the GM's for them); the round plays on. */
export function answerHazard(t: Table, choice: HazardChoice): Table {
  const a = t.asking;
  if (!a) return t;
  if (t.viewer !== "gm" && !(typeof t.viewer === "object" && t.viewer.fisher === a.fisher))
    return { ...t, error: { key: "KOLIKOLY.Sandbox.Error.NotYours", data: {} } };
  const answers = { ...t.answers, [a.key]: [...(t.answers?.[a.key] ?? []), HAZARD_CHOICE[choice]] };
  return resolve(ok(t, { answers, asking: undefined }));
}

/** Stops a resolution waiting on a hazard question: the round is not played, the declarations stay. */
export function cancelResolve(t: Table): Table {
  if (!t.asking) return t;
  return ok(t, { asking: undefined, answers: undefined });
}

/** H5: the GM marks (or unmarks) an unconscious or dying fisher to be revived as the round starts. */
export function toggleRevive(t: Table, id: string): Table {
  if (t.viewer !== "gm" || t.asking) return t;
  const f = t.session.state.fishers.find((x) => x.id === id);
  if (!f || !canRevive(f)) return t;
  // a revival taken back would leave the declaration of a fisher who cannot act locked in
  if (t.revive.includes(id) && id in t.locked)
    return {
      ...t,
      error: { key: "KOLIKOLY.Sandbox.Error.ReviveDeclared", data: { name: f.name } },
    };
  const revive = t.revive.includes(id) ? t.revive.filter((x) => x !== id) : [...t.revive, id];
  return ok(t, { revive });
}

/**
 * Undo: the game before its last round, with that round's declarations locked in again (and a
 * typed total where the record holds one: a forced check or attack total has no natural), so the
 * round can be changed and resolved again; undoing the GM's end brings back what was declared.
 */
export function undo(t: Table): Table {
  const session = undoSession(t.session);
  if (session === t.session)
    return { ...t, error: { key: "KOLIKOLY.Sandbox.Error.NothingToUndo", data: {} } };
  const base = { asking: undefined, answers: undefined, passTo: undefined };
  if (t.session.endedByGm) return ok(t, { session, ...base });
  const last = t.session.rounds[t.session.rounds.length - 1]!;
  const locked: Record<string, Locked> = {};
  const drafts: Record<string, DeclareDraft> = {};
  for (const [id, d] of Object.entries(last.input.actions)) {
    const decl = d as unknown as Record<string, unknown>;
    const kind = d.action === "catch" ? "attack" : "check";
    const roll = last.rolls.find((r) => r.key === `${kind}:${id}`);
    const total = roll && roll.natural === undefined ? roll.total : undefined;
    locked[id] = total !== undefined ? { declaration: decl, total } : { declaration: decl };
    drafts[id] = draftOf(d, total);
  }
  return ok(t, { session, drafts, locked, revive: [...(last.input.revive ?? [])], ...base });
}

/** A declaration back as the form's draft. */
function draftOf(d: Declaration, total?: number): DeclareDraft {
  const t = total !== undefined ? { total } : {};
  switch (d.action) {
    case "catch":
      return { action: "catch", ...t };
    case "track":
      return { action: "track", target: d.target, ...t };
    case "herd":
      return { action: "herd", target: d.toward, ...t };
    case "move":
      return { action: "move", target: d.to, attack: d.attack !== false, ...t };
  }
}

/** K23: the GM ends the game. What was declared for the coming round stays, for an undo. */
export function endGame(t: Table): Table {
  const r = endSession(t.session);
  if (!r.ok) return { ...t, error: ruleError(r.error) };
  return ok(t, { session: r.session, asking: undefined, answers: undefined });
}

/** Loads a scenario file; a bad file leaves the table as it was and names the field. */
export function loadScenario(t: Table, text: string, fileName: string): Table {
  const r = playScenarioText(text);
  if (!r.ok)
    return {
      ...t,
      error: {
        key: "KOLIKOLY.Sandbox.Error.Load",
        data: { file: fileName, field: r.error.field || "-", message: r.error.message },
      },
    };
  // Keep the viewer where it still makes sense, so loading a file never shows a player the GM's view.
  const v = t.viewer;
  const keep = typeof v !== "object" || r.session.state.fishers.some((f) => f.id === v.fisher);
  return fresh(r.session, keep ? v : "player", t.version + 1, t.hotSeat);
}

export function scenarioText(t: Table): string {
  return JSON.stringify(exportScenario(t.session), null, 2) + "\n";
}

export function clearError(t: Table): Table {
  if (!t.error) return t;
  const { error: _e, ...rest } = t;
  return rest;
}
