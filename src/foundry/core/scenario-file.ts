/**
 * A scenario file in Foundry, either game's: read and played by that game's engine (the CLI's
 * own checks, each refusal naming the file's field), and its fishers matched to a scene's tokens:
 * a fisher the GM
 * assigned keeps that token; any other takes the one token whose name, or whose character's
 * name, is the fisher's name (or id), letters' case and spaces aside. Where none or several
 * fit, nothing is guessed: the GM is asked (the wizard lists the candidates; the API refuses,
 * naming the fisher).
 */
import type { RuleError } from "../../rules/index.ts";
import { MODULE_ID } from "./constants.ts";
import type { Port, SceneData, TokenData } from "./port.ts";
import type { Result } from "./result.ts";
import { err } from "./result.ts";

export type FileGame = "kolikoly" | "kayanak";

/** A file the engine played, as the wizard shows it before anything is made. */
export interface GameFile {
  readonly game: FileGame;
  readonly text: string;
  readonly name: string | undefined;
  readonly width: number;
  readonly height: number;
  /** The fishing game's depth; Kayanak's board is flat. */
  readonly levels?: number;
  readonly fishers: readonly { readonly id: string; readonly name: string }[];
  /** Rounds (turns, for Kayanak) the file has played. */
  readonly played: number;
  readonly over: boolean;
}

export interface FileFisher {
  readonly id: string;
  readonly name?: string;
}

export interface FisherMatch {
  /** The file's fisher id. */
  readonly fisher: string;
  /** The file's name for the fisher (its id when it has none). */
  readonly name: string;
  /** The token taken, when the GM gave one or exactly one fits. */
  readonly tokenId?: string;
  /** The tokens whose name fits, when not exactly one does (the GM picks). */
  readonly candidates: readonly string[];
}

/** A scene's tokens that may be fishers: a character's token, not one of the module's own. */
export function fisherTokens(scene: SceneData): TokenData[] {
  return scene.tokens.filter((t) => t.actorId && !(t.flags?.[MODULE_ID] as object | undefined));
}

const fold = (s: string) => s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();

/** A game's engine playing a file (the fishing game's `playScenario`, Kayanak's). */
export type PlayFile<S> = (
  raw: unknown,
) => { ok: true; session: S; scenario: { name?: string } } | { ok: false; error: RuleError };

/** A file's game, played by its engine from its text or its JSON; its `name` when it has one. */
export function readGameFile<S>(
  raw: unknown,
  play: PlayFile<S>,
  playText: (text: string) => ReturnType<PlayFile<S>>,
): Result<{ session: S; name: string | undefined }> {
  const played = typeof raw === "string" ? playText(raw) : play(raw);
  if (!played.ok) return played;
  return { ok: true, value: { session: played.session, name: played.scenario.name } };
}

/** How a file's fishers match a scene's tokens (and what the wizard shows the GM to confirm). */
export function matchOnScene(
  port: Pick<Port, "actorName">,
  scene: SceneData,
  fishers: readonly FileFisher[],
  given: Readonly<Record<string, string>> = {},
): FisherMatch[] {
  return matchFishers(fishers, scene, given, (id) => port.actorName(id));
}

export function matchFishers(
  fishers: readonly FileFisher[],
  scene: SceneData,
  given: Readonly<Record<string, string>>,
  actorName: (actorId: string) => string | undefined,
): FisherMatch[] {
  const tokens = fisherTokens(scene);
  const taken = new Set(Object.values(given));
  return fishers.map((f) => {
    const name = f.name ?? f.id;
    const own = Object.hasOwn(given, f.id) ? given[f.id] : undefined;
    if (own !== undefined) return { fisher: f.id, name, tokenId: own, candidates: [] };
    const wanted = new Set([fold(name), fold(f.id)]);
    const fits = tokens.filter(
      (t) =>
        !taken.has(t._id) &&
        (wanted.has(fold(t.name)) || wanted.has(fold(actorName(t.actorId!) ?? ""))),
    );
    if (fits.length === 1) {
      taken.add(fits[0]!._id);
      return { fisher: f.id, name, tokenId: fits[0]!._id, candidates: [] };
    }
    return { fisher: f.id, name, candidates: fits.map((t) => t._id) };
  });
}

/**
 * Each fisher's token, in the file's order, or the first fisher the GM must place: a token
 * given that is not a fisher token of the scene, or given twice, is refused like an unmatched one.
 */
export function matchedTokens(matches: readonly FisherMatch[], scene: SceneData): Result<string[]> {
  const ok = new Set(fisherTokens(scene).map((t) => t._id));
  const used = new Set<string>();
  const out: string[] = [];
  for (const [i, m] of matches.entries()) {
    const field = `fishers[${i}]`;
    if (m.tokenId === undefined)
      return err(m.candidates.length ? "ambiguousFisher" : "unmatchedFisher", field, m.name);
    if (!ok.has(m.tokenId)) return err("unknownToken", field, m.name);
    if (used.has(m.tokenId)) return err("duplicateFisher", field, m.name);
    used.add(m.tokenId);
    out.push(m.tokenId);
  }
  return { ok: true, value: out };
}
