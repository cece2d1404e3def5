/**
 * A lake's set-up (K1-K4) in Foundry, made two ways:
 * - from the wizard's or the API's options: each fisher's values are what the GM gave, else the
 *   character's as the system adapter reads them (K6 modifiers, K9 net, H2-H5 armour class,
 *   armour, hit points), else the rules' defaults; the world's rule settings fill in the rest;
 * - from a scenario file (docs/scenario-format.md): exactly what the file says, as the CLI and
 *   the table play it (no world default and no sheet value added, or the game would not be the
 *   file's), its rounds replayed to where it stopped, the GM record holding every roll.
 * Either way the engine checks the whole set-up (or the whole file) first, naming the field at
 * fault, and nothing is written until all of it is accepted; then the record is written first
 * and the scene rolls forward from it (core/commit.ts). What the set-up holds that players may
 * not see (prepared swarms, the rounds' secret rolls) is in the record only, sealed.
 */
import { catchSettingFrom } from "../core/haul-source.ts";
import type { GameSetup, Scenario, Session } from "../../rules/index.ts";
import {
  HAZARD_MODES,
  checkSetup,
  exportScenario,
  playScenario,
  playScenarioText,
  rebuild,
  wholeWithin,
} from "../../rules/index.ts";
import { newAliasKey } from "./aliases.ts";
import { MODULE_ID } from "../core/constants.ts";
import { matchOnScene, matchedTokens, readGameFile } from "../core/scenario-file.ts";
import { boardMisfit, misfitError } from "../core/grid.ts";
import type { ChatCreate, Port, SceneData } from "../core/port.ts";
import type { Result } from "../core/result.ts";
import { err } from "../core/result.ts";
import { MODULE_BODY } from "../core/swarm-body.ts";
import { importedLine, renderCard } from "./cards.ts";
import { withProofs } from "./fair-record.ts";
import { CHOICE_SETTING, defaultChoice } from "./hazard-choice.ts";
import type { CharacterStats, CreateLakeOptions, ScenarioLakeOptions } from "./options.ts";
import { checkLakeOptions, withCharacter } from "./options.ts";
import type { Layout, PublicFisher, PublicLake } from "./projection.ts";
import { lakeFootprint, publicLakeFor, sceneLevelsFor } from "./projection.ts";
import type { GmRecord } from "./record.ts";
import { EMPTY_PENDING } from "./record.ts";
import type { HostParts } from "./resolution.ts";
import { publicOps } from "./resolution.ts";

/** What making a lake needs of the lake host. */
export interface CreateParts extends Pick<HostParts, "port" | "games" | "swarmName" | "alias"> {
  learn(record: GmRecord): void;
  statsOf(actorId: string | null | undefined): CharacterStats | undefined;
}

function randomDigits(): string {
  const a = new Uint32Array(2);
  globalThis.crypto.getRandomValues(a);
  return `${a[0]}${a[1]}`.slice(0, 12);
}

/** The world settings' rule defaults (K4, K9, H2), where the GM set them. */
function worldDefaults(port: Port): NonNullable<CreateLakeOptions["settings"]> {
  const get = (k: string) => port.setting(k);
  const out: Record<string, unknown> = {};
  if (typeof get("catchAC") === "number") out.catchAC = get("catchAC");
  for (const k of ["netDamage", "swarmSize"])
    if (typeof get(k) === "string" && get(k) !== "") out[k] = get(k);
  if (HAZARD_MODES.includes(get("hazardMode") as never)) out.hazardMode = get("hazardMode");
  return out as NonNullable<CreateLakeOptions["settings"]>;
}

/** K1-K4: a new lake on a scene from the wizard's or the API's options. */
export async function createLake(
  h: CreateParts,
  o: CreateLakeOptions,
): Promise<Result<PublicLake>> {
  if (!h.games.isAuthority()) return err("notActiveGm");
  const scene = h.port.scene(o.sceneId);
  if (!scene) return err("unknownScene", "sceneId");
  const checked = checkLakeOptions(o, scene);
  if (!checked.ok) return checked;
  const fishers = o.fishers.map((f, i): PublicFisher => {
    const t = scene.tokens.find((x) => x._id === f.tokenId)!;
    return { id: `f${i + 1}`, name: t.name, tokenId: t._id, actorId: t.actorId };
  });
  const fallback = defaultChoice(h.port.setting(CHOICE_SETTING.fallback));
  const asked: GameSetup = {
    seed: o.seed ?? Number.parseInt(randomDigits(), 10),
    lake: o.lake,
    settings: { ...worldDefaults(h.port), ...(o.settings ?? {}) },
    fishers: o.fishers.map((f, i) => ({
      id: fishers[i]!.id,
      name: fishers[i]!.name,
      at: f.at,
      // what the GM gave, else the character's as the system keeps it (kept in the set-up)
      ...withCharacter(f, h.statsOf(fishers[i]!.actorId)),
      // H4: the standing choice, the answer when no one chooses in time (hazard-choice.ts)
      ...((f.hazardChoice ?? fallback) === "aim" ? { hazardChoice: "aim" as const } : {}),
    })),
    ...(o.squares?.length ? { squares: o.squares } : {}),
  };
  // K1-K4: the engine checks the set-up (the world's defaults too) and names the field at fault
  const engine = checkSetup(asked);
  if (!engine.ok) return engine;
  const setup: GameSetup = { ...asked, lake: engine.value.lake };
  return placeLake(h, scene, o, {
    setup,
    session: rebuild(setup, [], false),
    fishers,
    name: o.name,
    chat: () => [],
  });
}

/**
 * A lake from a scenario file: the file checked and played as the CLI plays it (every field
 * named on a refusal, `rounds[3].actions.ana.to`), its fishers matched to the scene's tokens
 * (core/scenario-file.ts), then placed on the scene at the round it stopped.
 */
export async function createLakeFromScenario(
  h: CreateParts,
  o: ScenarioLakeOptions,
): Promise<Result<PublicLake>> {
  if (!h.games.isAuthority()) return err("notActiveGm");
  const scene = h.port.scene(o.sceneId);
  if (!scene) return err("unknownScene", "sceneId");
  const read = readGameFile(o.scenario, playScenario, playScenarioText);
  if (!read.ok) return read;
  const { session, name: fileName } = read.value;
  const matches = matchOnScene(h.port, scene, session.setup.fishers, o.tokens);
  const tokens = matchedTokens(matches, scene);
  if (!tokens.ok) return tokens;
  const fishers = session.setup.fishers.map((f, i): PublicFisher => {
    const t = scene.tokens.find((x) => x._id === tokens.value[i])!;
    return { id: f.id, name: t.name, tokenId: t._id, actorId: t.actorId };
  });
  const name = (o.name ?? fileName ?? "").trim();
  if (!name) return err("badName", "name");
  const round = session.state.round;
  // a game that had begun says, in one public card, where it goes on (nothing secret in it)
  let card: ((lakeId: string) => ChatCreate) | undefined;
  if (round > 0 || session.state.over) {
    const t = h.port.localize.bind(h.port);
    const over = session.state.over;
    const content = await renderCard(h.port, {
      title: t("KOLIKOLY.Foundry.Chat.ImportTitle", { lake: name }),
      lines: [importedLine(round, over, t)],
    });
    card = (lake) => ({
      content,
      speaker: { alias: name },
      flags: { [MODULE_ID]: { kind: "import", lake, round } },
    });
  }
  return placeLake(h, scene, o, {
    setup: session.setup,
    session,
    fishers,
    name,
    chat: (lake) => (card ? [card(lake)] : []),
  });
}

/**
 * The game as a scenario file (docs/scenario-format.md), every roll forced; the lake's name goes
 * with it, so the file makes a lake of the same name again.
 */
export function scenarioOf(
  session: Session,
  name: string,
  record?: GmRecord,
  lakeId = "",
): Scenario {
  const scenario = { ...exportScenario(session), name };
  // each fair check's proof with its action (fair-record.ts)
  return record ? withProofs(scenario, record, lakeId) : scenario;
}

interface Placed {
  readonly setup: GameSetup;
  readonly session: Session;
  readonly fishers: readonly PublicFisher[];
  readonly name: string;
  /** The cards the new lake posts, given its id. */
  readonly chat: (lakeId: string) => ChatCreate[];
}

/**
 * Lays a checked game out on the scene (K1: its levels side by side, or on v14 Scene Levels)
 * and writes it: the swarm actor, then the record, then the scene from the record.
 */
async function placeLake(
  h: CreateParts,
  scene: SceneData,
  o: {
    origin: { col: number; row: number };
    layout?: Layout;
    gap?: number;
    markers?: PublicLake["markers"];
    sceneId: string;
    catch?: string;
    fairDice?: boolean;
  },
  g: Placed,
): Promise<Result<PublicLake>> {
  const lake = g.setup.lake;
  // what a catch grants (core/haul.ts), read before anything is written
  const caught = await catchSettingFrom(h.port, o.catch, g.session.state.round);
  if (!caught.ok) return caught;
  const layout = o.layout ?? "side-by-side";
  if (!wholeWithin(o.origin?.col, 0, 10_000) || !wholeWithin(o.origin?.row, 0, 10_000))
    return err("badOrigin", "origin");
  if (o.gap !== undefined && !wholeWithin(o.gap, 0, 10)) return err("badField", "gap");
  if (o.fairDice !== undefined && typeof o.fairDice !== "boolean")
    return err("badField", "fairDice");
  // a square grid, and every square of the lake on the scene (core/grid.ts)
  const foot = lakeFootprint(lake, layout, o.gap ?? 1);
  const misfit = boardMisfit(scene, o.origin, foot.width, foot.height);
  if (misfit)
    return {
      ok: false,
      error: misfitError(misfit, scene, { origin: o.origin, ...foot }, (k, d) =>
        h.port.localize(k, d),
      ),
    };
  const sceneLevels = layout === "scene-levels" ? sceneLevelsFor(scene, lake.levels) : undefined;
  if (layout === "scene-levels" && (h.port.generation < 14 || !sceneLevels))
    return err("notEnoughLevels", "layout");
  let swarmActor: Awaited<ReturnType<Port["createSwarmActor"]>>;
  try {
    swarmActor = await h.port.createSwarmActor(
      h.port.localize("KOLIKOLY.Foundry.Swarm.ActorName", { lake: g.name }),
    );
  } catch (e) {
    return err("swarmActorRefused", String((e as Error).message));
  }
  const lakeId = `lake${randomDigits()}`;
  const base: PublicLake = {
    id: lakeId,
    name: g.name,
    sceneId: o.sceneId,
    lake,
    origin: o.origin,
    layout,
    ...(sceneLevels ? { sceneLevels } : {}),
    gap: o.gap ?? 1,
    fishers: g.fishers,
    swarmActorId: swarmActor.id,
    ...(swarmActor.body.bar !== MODULE_BODY.bar ? { swarmBar: swarmActor.body.bar } : {}),
    markers: o.markers ?? (h.port.setting("markers") === "lastSeen" ? "lastSeen" : "remove"),
    // fair dice for the players' checks: on for a new lake unless the GM says otherwise; a lake
    // made before the setting existed has none, and trusts its players' dice as it always did
    fairDice: o.fairDice ?? true,
    round: 0,
    over: false,
    explored: [],
    declared: [],
    catches: {},
  };
  const pub = publicLakeFor(base, g.session.state, []);
  const record: GmRecord = {
    format: "kolikoly-gm-record/1",
    lakeId,
    sceneId: o.sceneId,
    rev: 1,
    setup: g.setup,
    rounds: g.session.rounds,
    endedByGm: g.session.endedByGm,
    pending: EMPTY_PENDING,
    // undo after an imported round gives back an empty pending round (the file keeps none)
    pendingBefore: g.session.rounds.map(() => EMPTY_PENDING),
    aliasKey: newAliasKey(),
    ...(caught.value ? { catch: caught.value } : {}),
    // room in every revision for the draws (core/store/sealed.ts): the scene shows it anyway
    ...(base.fairDice ? { fairDice: true } : {}),
  };
  h.learn(record);
  const c = await h.games.create(
    record,
    g.chat(lakeId),
    (now) => publicOps(h, pub, now, record, g.session.state),
    g.session,
  );
  return c.ok ? { ok: true, value: pub } : c;
}
