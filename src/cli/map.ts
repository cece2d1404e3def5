/**
 * ASCII maps of a lake as one viewer may know it (`viewFor`): fog over unexplored squares,
 * fishers by letter, and the fish of the swarms the viewer sees. The GM's view shows every
 * swarm, also in fog (fish that fled into an unexplored square, K18).
 */
import type { LakeView } from "../rules/kolikoly/view.ts";
import { indexOf, squareCount } from "../rules/lake/geometry.ts";
import { t } from "./i18n.ts";

/** A = the first fisher, B = the second... (at most 12 fishers, LIMITS.fishers). */
export function fisherLetter(i: number): string {
  return String.fromCharCode(65 + i);
}

const CELL = 4;
const MAX_WIDTH = 100;

function cell(explored: boolean, fish: number, fishers: string): string {
  const who = fishers.length === 0 ? " " : fishers.length === 1 ? fishers : "+";
  let body: string;
  if (!explored) body = fish > 0 ? `~${String(Math.min(fish, 99)).padStart(2)}` : "~~~";
  else body = fish > 0 ? String(Math.min(fish, 999)).padStart(3) : "  .";
  return who + body;
}

/** One block of text per level, then placed side by side as far as MAX_WIDTH allows. */
export function renderMap(view: LakeView): string[] {
  const { lake } = view;
  const n = squareCount(lake);
  const explored = new Uint8Array(n);
  for (const c of view.explored) explored[indexOf(lake, c)] = 1;
  const fish = new Int32Array(n);
  for (const s of view.swarms) fish[indexOf(lake, s.at)]! += s.fish;
  const who: string[] = new Array<string>(n).fill("");
  view.fishers.forEach((f, i) => {
    const letter = fisherLetter(i);
    who[indexOf(lake, f.at)] += f.condition === "ok" ? letter : letter.toLowerCase();
  });
  const blockWidth = Math.max(
    lake.width * (CELL + 1) - 1,
    t("KOLIKOLY.Cli.Replay.Level", { level: 9 }).length,
  );
  const blocks: string[][] = [];
  for (let l = 0; l < lake.levels; l++) {
    const rows = [t("KOLIKOLY.Cli.Replay.Level", { level: l }).padEnd(blockWidth)];
    for (let y = 0; y < lake.height; y++) {
      const cells: string[] = [];
      for (let x = 0; x < lake.width; x++) {
        const i = indexOf(lake, [x, y, l]);
        cells.push(cell(explored[i] === 1, fish[i]!, who[i]!));
      }
      rows.push(cells.join(" ").padEnd(blockWidth));
    }
    blocks.push(rows);
  }
  const perLine = Math.max(1, Math.floor((MAX_WIDTH + 3) / (blockWidth + 3)));
  const out: string[] = [];
  for (let b = 0; b < blocks.length; b += perLine) {
    const group = blocks.slice(b, b + perLine);
    for (let r = 0; r < group[0]!.length; r++)
      out.push(
        group
          .map((rows) => rows[r])
          .join("   ")
          .trimEnd(),
      );
  }
  return out;
}
