/**
 * The Foundry module's figures (issue 3, Performance), measured in the behavioural fake:
 * document writes per resolved round for 2 fishers / 3 swarms and 8 fishers / 30 swarms (v14
 * batched, v13 one request per operation); GM-side resolution time for the larger lake, without
 * dice animation, as a ratio to the engine alone on the same rounds; what a client loads of the
 * built module, gzipped: at start (target 60 KB, issue 23) and on first use of each game; the GPU
 * memory the boards' pictures take on a client, by the old rule and within the client's budget.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ForcedTable, Session } from "../src/rules/index.ts";
import { playRound, startSession, tableOf } from "../src/rules/index.ts";
import { buildModule } from "../scripts/build.mjs";
import { gzipBytes, loadFigures } from "../scripts/bundle-graph.mjs";
import type { BenchOptions, BenchRow } from "./lib/types.ts";

/**
 * The behavioural fake and the module's parts it drives, imported when measured: the module's
 * system adapters are found with Vite's `import.meta.glob`, which tsx (bin/bench.mjs) does not
 * provide, so a failure there is its own row and the built module's figures are still reported.
 */
async function foundryParts() {
  const [world, measure, compose, constants, store] = await Promise.all([
    import("../tests/foundry/fake/world.ts"),
    import("../tests/foundry/fake/measure.ts"),
    import("../src/foundry/compose.ts"),
    import("../src/foundry/core/constants.ts"),
    import("../src/foundry/core/store/gm-store.ts"),
  ]);
  return { ...world, ...measure, ...compose, ...constants, ...store };
}
type Parts = Awaited<ReturnType<typeof foundryParts>>;

const range = (xs: number[]) =>
  Math.min(...xs) === Math.max(...xs) ? `${xs[0]}` : `${Math.min(...xs)}-${Math.max(...xs)}`;

async function writes({ writesPerRound }: Parts, rounds: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const generation of [14, 13] as const) {
    const small = await writesPerRound(generation, 2, 3, rounds);
    const large = await writesPerRound(generation, 8, 30, rounds);
    const same = Math.max(...small) === Math.max(...large);
    const max = Math.max(...small, ...large);
    // v14 batches the world's writes; v13 has no batch API: one request per kind of change
    // (docs/foundry.md, "Writes per resolved round"), a bound that never grows with the table
    const bound = generation >= 14 ? 3 : 6;
    rows.push({
      name: `writes per resolved round, v${generation}, 2 fishers / 3 swarms`,
      value: range(small),
      target: `<= ${bound}`,
      ok: Math.max(...small) <= bound,
    });
    rows.push({
      name: `writes per resolved round, v${generation}, 8 fishers / 30 swarms`,
      value: range(large),
      target: `<= ${bound}, same bound as 2/3`,
      ok: max <= bound && same,
    });
  }
  return rows;
}

/** GM-side resolution (host: dice, projection, chat, fake writes) vs the engine alone on the same rounds. */
async function resolutionRatio(
  { makeTable, setUpLake, declareAll }: Parts,
  rounds: number,
): Promise<BenchRow> {
  const t = await makeTable({ generation: 14, fishers: 8, seed: 21 });
  const { host, id } = await setUpLake(t, 30);
  let gmMs = 0;
  let played = 0;
  for (let r = 0; r < rounds && !host.cached(id)!.state.over; r++) {
    await declareAll(host, id, 500 + r);
    const t0 = performance.now();
    const res = await host.resolveRound(id);
    gmMs += performance.now() - t0;
    if (!res.ok) throw new Error(res.error.code);
    played++;
  }
  const session = host.cached(id)!;
  // the same rounds, the engine alone: same inputs, every roll forced to what Foundry's dice gave
  const tables: ForcedTable[] = session.rounds.map((rec) => tableOf(rec.rolls));
  const reps = 5;
  let engineMs = Infinity;
  for (let k = 0; k < reps; k++) {
    let s: Session = startSession(session.setup);
    const t0 = performance.now();
    for (const [i, rec] of session.rounds.entries()) {
      const r = playRound(s, rec.input, tables[i]);
      if (!r.ok) throw new Error(r.error.code);
      s = r.session;
    }
    engineMs = Math.min(engineMs, performance.now() - t0);
  }
  return {
    name: `GM-side resolution / engine alone, 8 fishers / 30 swarms, ${played} rounds, no dice animation`,
    value: `${(gmMs / engineMs).toFixed(1)}x (${(gmMs / played).toFixed(2)} ms vs ${(engineMs / played).toFixed(3)} ms a round)`,
  };
}

/**
 * Issue 20 item 5: the GM store's documents and bytes after a long game of four fishers, as the
 * store keeps them (checkpoints, old revisions deleted) and as it kept them before (every
 * revision, `GmStore#compact` false), the same game played twice in this run.
 */
async function storeSize(
  { makeTable, playLong, GmStore }: Parts,
  rounds: number,
): Promise<BenchRow[]> {
  const measure = async (compact: boolean) => {
    const t = await makeTable({ generation: 14, fishers: 4, seed: 5 });
    t.gm.runtime!.host.store.compact = compact;
    let most = 0;
    await playLong(t, rounds, () => {
      most = Math.max(most, t.server.truth.storeDocs.length);
    });
    const docs = t.server.truth.storeDocs;
    return {
      docs: docs.length,
      most,
      bytes: docs.reduce((n, d) => n + JSON.stringify(d).length, 0),
    };
  };
  const before = await measure(false);
  const after = await measure(true);
  return [
    {
      name: `GM store after a ${rounds}-round game of 4 fishers: documents (most at any round), before -> after`,
      value: `${before.docs} -> ${after.docs} (${after.most})`,
      target: `<= ${GmStore.MAX_LIVE} a lake`,
      ok: after.most <= GmStore.MAX_LIVE,
    },
    {
      name: `GM store after a ${rounds}-round game of 4 fishers: bytes, before -> after`,
      value: `${kb(before.bytes)} -> ${kb(after.bytes)} (${(after.bytes / before.bytes).toFixed(2)}x)`,
    },
  ];
}

/**
 * Issue 20 item 6: a GM client drawing the chat's first 100 module cards at login, in a world of
 * 50 scenes of 100 tokens each: with the lake index and the record kept per revision, and by the
 * path before (every scene read and the record loaded for every card), in the same run.
 */
async function cardsAtLogin(
  { cardWorld, composeTable, MODULE_ID }: Parts,
  rounds: number,
  cards: number,
): Promise<BenchRow> {
  const t = await cardWorld(49, rounds);
  const messages = t.gm
    .messages()
    .filter((m) => m.flags[MODULE_ID] !== undefined)
    .slice(0, cards);
  const ids = () => t.gm.scenes().map((s) => s._id);
  const time = async (cached: boolean) => {
    let best = Infinity;
    for (let rep = 0; rep < 3; rep++) {
      const rt = composeTable(t.gm).runtime;
      rt.lakes.enabled = cached;
      const t0 = performance.now();
      for (const m of messages) await rt.messageHtml(m, ids);
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  };
  const before = await time(false);
  const after = await time(true);
  return {
    name: `${messages.length} module cards drawn at login by a GM, 50 scenes x 100 tokens, before -> after`,
    value: `${before.toFixed(0)} ms -> ${after.toFixed(0)} ms (${(before / after).toFixed(1)}x faster)`,
    ok: after < before,
  };
}

const MIB = 1024 * 1024;
const mib = (n: number) => `${(n / MIB).toFixed(1)} MiB`;

/**
 * The lake's pictures on a client, as the GPU holds their textures (4 bytes a pixel and the
 * mipmap chain, board-picture.ts `textureBytes`), on the default 100 px grid: by the old rule (each
 * picture at 2 texture pixels a scene pixel, at most 4,096 a side and 8 M pixels; on v14 Scene
 * Levels the surface alone was drawn) and now (every level drawn, all within the lake's share of
 * the client's 16 MiB), both from the same drawings in this run; now as the module's own
 * BoardPictures makes them, with a stand-in for the browser and PIXI that records each texture.
 */
async function boardTextures(): Promise<BenchRow[]> {
  const [{ lakePictures }, picture, { DEFAULT_LAKE, LAKE_LIMITS }, { lakeOfSize }] =
    await Promise.all([
      import("../src/foundry/fishing/lake-art.ts"),
      import("../src/foundry/core/board-picture.ts"),
      import("../src/rules/index.ts"),
      import("../tests/foundry/fixtures/public-lake.ts"),
    ]);
  type Size = { width: number; height: number; levels: number };
  const grid = { gridSize: 100, sceneX: 0, sceneY: 0 };
  const pictures = (size: Size, stacked: boolean) =>
    lakePictures(lakeOfSize(size, stacked), grid, (level) => `Level ${level}`);
  /** The old rule: each picture on its own; stacked, only the surface was drawn. */
  const before = (art: ReturnType<typeof pictures>, stacked: boolean) => {
    const drawn = stacked ? art.slice(0, 1) : art;
    let resolution = 0;
    const bytes = drawn.reduce((n, p) => {
      const scale = grid.gridSize / p.art.cell;
      const w = p.art.width * scale;
      const h = p.art.height * scale;
      const r = Math.min(2, 4096 / Math.max(w, h), Math.sqrt((4096 * 2048) / (w * h)));
      resolution ||= r;
      const pixels = { width: Math.floor(w * r), height: Math.floor(h * r) };
      return n + picture.textureBytes(pixels);
    }, 0);
    return { bytes, resolution, drawn: drawn.length };
  };
  /** Now: shown through BoardPictures; every texture it makes recorded. */
  const after = async (art: ReturnType<typeof pictures>) => {
    const made: { width: number; height: number }[] = [];
    const primary = { addChild: () => undefined };
    const mesh = class {
      destroyed = false;
      name: string | null = null;
      elevation = 0;
      sortLayer = 0;
      zIndex = 0;
      hoverFade = true;
      visible = true;
      width = 0;
      height = 0;
      position = { set: () => undefined };
      destroy() {
        this.destroyed = true;
      }
    };
    const host = {
      rasterize: async (_a: unknown, pixels: { width: number; height: number }) => pixels,
      PIXI: {
        Texture: {
          from: (pixels: unknown) => {
            made.push(pixels as { width: number; height: number });
            return { destroy: () => undefined };
          },
        },
      },
      PrimarySpriteMesh: mesh,
      boardLayer: 550,
      primary: () => primary,
      viewedLevel: () => "level0",
    };
    await new picture.BoardPictures("bench", picture.ART_BUDGETS.lake, () => host).show(
      art,
      grid.gridSize,
    );
    const scale = grid.gridSize / art[0]!.art.cell;
    return {
      bytes: made.reduce((n, p) => n + picture.textureBytes(p), 0),
      resolution: made[0]!.width / (art[0]!.art.width * scale),
      drawn: made.length,
    };
  };
  const largest = { width: LAKE_LIMITS.side, height: LAKE_LIMITS.side, levels: LAKE_LIMITS.levels };
  const rows: BenchRow[] = [];
  for (const [what, size, stacked] of [
    ["default lake", DEFAULT_LAKE, false],
    ["largest lake", largest, false],
    ["largest lake", largest, true],
  ] as const) {
    const art = pictures(size, stacked);
    const old = before(art, stacked);
    const now = await after(art);
    rows.push({
      name: `board textures on a client, ${what} ${size.width}x${size.height}x${size.levels} ${stacked ? "on v14 Scene Levels" : "side by side"} (100 px grid), old rule -> budget: bytes (pictures drawn), texture pixels a scene pixel`,
      value: `${mib(old.bytes)} (${old.drawn}) -> ${mib(now.bytes)} (${now.drawn}), ${(now.bytes / old.bytes).toFixed(3)}x; ${old.resolution.toFixed(2)} -> ${now.resolution.toFixed(2)}`,
      target: `<= ${mib(picture.ART_BUDGETS.lake)} (the lake's share of ${mib(picture.ART_BUDGETS.client)})`,
      ok: now.bytes <= picture.ART_BUDGETS.lake,
    });
  }
  return rows;
}

/** The 60 KB target (issue 23) for what every client loads at start, in gzip bytes. */
const START_TARGET = 60 * 1024;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * What a Foundry client loads of the built module (scripts/bundle-graph.mjs): at start, the
 * entry, the files it imports statically and the stylesheet (and, beside it, with the language
 * file Foundry fetches for an English client); on first use of each game, what that use adds.
 */
async function bundle(): Promise<BenchRow[]> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "kolikoly-bench-build-"));
  try {
    await buildModule(out);
    const fig = loadFigures(out, { styles: ["styles/kolikoly-fishing.css"] });
    const lang = gzipBytes(fs.readFileSync(path.join(out, "lang/en.json")));
    const kayanak = fig.chunks.find((c) => c.chunk.includes("kayanak"));
    // the lake's picture on the canvas (fishing/lake-art.ts): with the first scene that has a lake
    const lakeArt = fig.chunks.find((c) => c.chunk.endsWith("/lake-art.js"));
    // a GM client loads the GM chunks: at setup the windows, the store's cipher, the GM desk, the
    // lake set-up and scenario files (fishing/create.ts); with its first write the writes
    // (core/live-writes.ts), with its first table check its half
    const gmChunks = fig.chunks.filter((c) =>
      /\/(gm-(windows|crypto|desk-chunk)|create|live-writes|table-check-gm)\.js$/.test(c.chunk),
    );
    const gmFiles = [...new Set(gmChunks.flatMap((c) => c.files))];
    const gm =
      gmChunks.length === 6
        ? {
            files: gmFiles,
            bytes: gmFiles.reduce((n, f) => n + gzipBytes(fs.readFileSync(path.join(out, f))), 0),
          }
        : undefined;
    // a player's client: the declaration window (players/declare-windows.ts), after ready
    const declare = fig.chunks.find((c) => c.chunk.endsWith("/declare-dialog.js"));
    const worker = gzipBytes(fs.readFileSync(path.join(out, "scripts/estimate-worker.js")));
    const ratio = fig.startBytes / START_TARGET;
    return [
      {
        name: `every client at start: module JS+CSS, gzip (${fig.start.map((f) => path.basename(f)).join(", ")})`,
        value: `${kb(fig.startBytes)} (${ratio.toFixed(2)}x the target)`,
        target: "<= 60 KB (<= 1.00x)",
        ok: ratio <= 1,
      },
      {
        name: "every client at start, with the module's language file (lang/en.json), gzip",
        value: `${kb(fig.startBytes + lang)} (language file ${kb(lang)})`,
      },
      {
        name: `first use of the fishing game: the rules and the host are in the start bundle; a lake on a scene draws its picture: ${lakeArt?.files.map((f) => path.basename(f)).join(", ") ?? "no chunk"}`,
        value: lakeArt
          ? `+${kb(lakeArt.bytes)} (the wizard's length estimate starts a worker: +${kb(worker)})`
          : "no picture chunk",
        ok: lakeArt !== undefined,
      },
      {
        name: `a GM client: the GM windows, the store's cipher, the GM desk, the lake set-up (at setup), the writes and the table check's GM half (on first use): ${gm?.files.map((f) => path.basename(f)).join(", ") ?? "no chunk"}`,
        value: gm
          ? `+${kb(gm.bytes)} (${kb(fig.startBytes + gm.bytes)} with the start bundle)`
          : "no GM chunks",
        ok: gm !== undefined,
      },
      {
        name: `a player's client, after ready when idle: the declaration window: ${declare?.files.map((f) => path.basename(f)).join(", ") ?? "no chunk"}`,
        value: declare
          ? `+${kb(declare.bytes)} (${kb(fig.startBytes + declare.bytes)} with the start bundle)`
          : "no declaration chunk",
        ok: declare !== undefined,
      },
      {
        name: `first use of Kayanak (a board on a scene, or the wizard's Kayanak mode): ${kayanak?.files.map((f) => path.basename(f)).join(", ") ?? "no chunk"}`,
        value: kayanak
          ? `+${kb(kayanak.bytes)} (${kb(fig.startBytes + kayanak.bytes)} with the start bundle)`
          : "no Kayanak chunk",
        ok: kayanak !== undefined,
      },
    ];
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

export async function run(opts: BenchOptions): Promise<BenchRow[]> {
  const rounds = opts.smoke ? 6 : 20;
  const rows: BenchRow[] = [];
  try {
    const p = await foundryParts();
    rows.push(...(await writes(p, rounds)));
    rows.push(await resolutionRatio(p, opts.smoke ? 10 : 40));
    rows.push(...(await storeSize(p, opts.smoke ? 30 : 250)));
    rows.push(await cardsAtLogin(p, opts.smoke ? 12 : 45, 100));
  } catch (e) {
    const why = String((e as Error)?.message ?? e).split("\n")[0] ?? "";
    rows.push({ name: "the behavioural fake's figures: not measured", value: why, ok: false });
  }
  rows.push(...(await boardTextures()));
  return [...rows, ...(await bundle())];
}
