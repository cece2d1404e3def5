/**
 * The balance panel: runs the simulator (src/rules/sim, the code `kolikoly simulate` runs) in a
 * Web Worker for the table's lake and party size, shows progress, the summary figures and two
 * SVG charts (rounds to the end; catch per fisher per game).
 */
import type { Localize } from "../ui/handlebars-helpers.ts";
import type { SimOptions } from "../rules/sim/index.ts";
import { SIM_DEFAULTS } from "../rules/sim/index.ts";
import type { BalanceResult } from "./balance-run.ts";
import { barChartSvg, binHistogram, binValues } from "./charts.ts";
import { escapeXml } from "../ui/lake-svg.ts";
import type { WorkerIn, WorkerOut } from "./sim-worker.ts";
import type { Table } from "./table.ts";
import type { CountKeys } from "../ui/count-key.ts";
import { countKey } from "../ui/count-key.ts";

/** The games the simulator stopped at its round cap, one or several (ui/count-key.ts). */
const CAPPED_KEY: CountKeys = {
  one: "KOLIKOLY.Sandbox.Balance.CappedOne",
  many: "KOLIKOLY.Sandbox.Balance.Capped",
};

export const BALANCE_DEFAULT_GAMES = 200;

/** The figures shown, by their path in `simulate --json`. */
export const SHOWN_STATS: readonly (readonly [path: string, key: string])[] = [
  ["games", "KOLIKOLY.Sandbox.Balance.Games"],
  ["rounds.mean", "KOLIKOLY.Sandbox.Balance.RoundsMean"],
  ["rounds.median", "KOLIKOLY.Sandbox.Balance.RoundsMedian"],
  ["rounds.p90", "KOLIKOLY.Sandbox.Balance.RoundsP90"],
  ["rounds.max", "KOLIKOLY.Sandbox.Balance.RoundsMax"],
  ["caughtPerFisher.mean", "KOLIKOLY.Sandbox.Balance.CaughtPerFisher"],
  ["hazardsPerGame.mean", "KOLIKOLY.Sandbox.Balance.HazardsPerGame"],
  ["avoidedHazardsPerGame.mean", "KOLIKOLY.Sandbox.Balance.AvoidedHazardsPerGame"],
];

export function statAt(summary: unknown, path: string): number {
  let v: unknown = summary;
  for (const p of path.split(".")) v = (v as Record<string, unknown>)?.[p];
  return typeof v === "number" ? v : NaN;
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

export function resultHtml(r: BalanceResult, L: Localize): string {
  const s = r.summary;
  const stats = SHOWN_STATS.map(
    ([path, key]) =>
      `<div class="ks-stat" data-stat="${path}" data-value="${statAt(s, path)}"><dt>${escapeXml(L(key))}</dt><dd>${fmt(statAt(s, path))}</dd></div>`,
  ).join("");
  const roundsChart = barChartSvg(binHistogram(r.rounds), {
    id: "ks-chart-rounds",
    title: L("KOLIKOLY.Sandbox.Balance.RoundsChart"),
    xLabel: L("KOLIKOLY.Sandbox.Balance.RoundsAxis"),
    yLabel: L("KOLIKOLY.Sandbox.Balance.GamesAxis"),
    marks: [
      {
        value: s.rounds.mean,
        label: L("KOLIKOLY.Sandbox.Balance.Mean", { value: fmt(s.rounds.mean) }),
      },
      {
        value: s.rounds.p90,
        label: L("KOLIKOLY.Sandbox.Balance.P90", { value: fmt(s.rounds.p90) }),
      },
    ],
  });
  const catchChart = barChartSvg(binValues(r.catchPerFisher), {
    id: "ks-chart-catch",
    title: L("KOLIKOLY.Sandbox.Balance.CatchChart"),
    xLabel: L("KOLIKOLY.Sandbox.Balance.CatchAxis"),
    yLabel: L("KOLIKOLY.Sandbox.Balance.GamesAxis"),
    marks: [
      {
        value: s.caughtPerFisher.mean,
        label: L("KOLIKOLY.Sandbox.Balance.Mean", { value: fmt(s.caughtPerFisher.mean) }),
      },
    ],
  });
  const ended =
    s.capped > 0
      ? `<p class="ks-note">${escapeXml(L(countKey(CAPPED_KEY, s.capped), { games: s.capped, rounds: s.maxRounds }))}</p>`
      : "";
  return `<dl class="ks-stats">${stats}</dl>${ended}<div class="ks-charts">${roundsChart}${catchChart}</div>`;
}

/** What the page calls after every change of the table (a new game, a loaded file). */
export interface BalancePanel {
  /** Brings the caption up to the table's game; results for another game are taken away. */
  refresh(): void;
}

/** The lake and party a run is for (`6x6x3, 4 fishers`), to tell a stale result. */
function gameKey(t: Table): string {
  const { width, height, levels } = t.session.state.lake;
  return `${width}x${height}x${levels}/${t.session.state.fishers.length}`;
}

export function mountBalance(host: HTMLElement, getTable: () => Table, L: Localize): BalancePanel {
  host.innerHTML = `
<h2 id="ks-balance-heading" class="ks-h2">${escapeXml(L("KOLIKOLY.Sandbox.Balance.Heading"))}</h2>
<p class="ks-help" id="ks-balance-what"></p>
<form id="ks-balance-form" class="ks-new">
  <label class="ks-field">${escapeXml(L("KOLIKOLY.Sandbox.Balance.Games"))} <input type="number" name="games" min="1" max="100000" step="1" value="${BALANCE_DEFAULT_GAMES}" required></label>
  <label class="ks-field">${escapeXml(L("KOLIKOLY.Sandbox.Seed"))} <input type="number" name="seed" min="0" step="1" value="" placeholder="${escapeXml(L("KOLIKOLY.Sandbox.Balance.SeedPlaceholder"))}"></label>
  <label class="ks-field">${escapeXml(L("KOLIKOLY.Sandbox.Balance.Bot"))} <select name="bot"><option value="greedy">${escapeXml(L("KOLIKOLY.Sandbox.Balance.BotGreedy"))}</option><option value="random">${escapeXml(L("KOLIKOLY.Sandbox.Balance.BotRandom"))}</option></select></label>
  <button type="submit" id="ks-balance-run">${escapeXml(L("KOLIKOLY.Sandbox.Balance.Run"))}</button>
  <button type="button" id="ks-balance-cancel" disabled>${escapeXml(L("KOLIKOLY.Sandbox.Balance.Cancel"))}</button>
</form>
<progress id="ks-balance-progress" max="1" value="0" aria-label="${escapeXml(L("KOLIKOLY.Sandbox.Balance.Progress"))}" hidden></progress>
<p id="ks-balance-status" class="ks-help" role="status"></p>
<div id="ks-balance-result"></div>`;
  const q = <E extends Element>(s: string) => host.querySelector<E>(s)!;
  const form = q<HTMLFormElement>("#ks-balance-form");
  const progress = q<HTMLProgressElement>("#ks-balance-progress");
  const status = q<HTMLElement>("#ks-balance-status");
  const result = q<HTMLElement>("#ks-balance-result");
  const cancel = q<HTMLButtonElement>("#ks-balance-cancel");
  const run = q<HTMLButtonElement>("#ks-balance-run");
  let worker: Worker | undefined;

  const describe = () => {
    const t = getTable();
    const { width, height, levels } = t.session.state.lake;
    q<HTMLElement>("#ks-balance-what").textContent = L("KOLIKOLY.Sandbox.Balance.What", {
      lake: `${width}x${height}x${levels}`,
      fishers: t.session.state.fishers.length,
    });
  };
  describe();
  host.addEventListener("focusin", describe);
  host.addEventListener("pointerenter", describe);
  /** The game the shown result (or the running simulation) is for. */
  let resultFor: string | undefined;

  const stop = () => {
    worker?.terminate();
    worker = undefined;
    cancel.disabled = true;
    run.disabled = false;
  };
  cancel.addEventListener("click", () => {
    stop();
    progress.hidden = true;
    status.textContent = L("KOLIKOLY.Sandbox.Balance.Cancelled");
  });
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    stop();
    describe();
    const t = getTable();
    const f = new FormData(form);
    const seedText = String(f.get("seed") ?? "").trim();
    const options: Partial<SimOptions> = {
      lake: { ...t.session.state.lake },
      fishers: t.session.state.fishers.length,
      games: Number(f.get("games")),
      seed: seedText === "" ? t.session.setup.seed : Number(seedText),
      bot: String(f.get("bot")) as SimOptions["bot"],
      maxRounds: SIM_DEFAULTS.maxRounds,
    };
    result.innerHTML = "";
    progress.hidden = false;
    progress.value = 0;
    run.disabled = true;
    cancel.disabled = false;
    status.textContent = L("KOLIKOLY.Sandbox.Balance.Running", { games: options.games ?? 0 });
    resultFor = gameKey(t);
    const started = performance.now();
    worker = new Worker(new URL("./sim-worker.ts", import.meta.url), { type: "module" });
    worker.addEventListener("message", (m: MessageEvent<WorkerOut>) => {
      const d = m.data;
      if (d.type === "progress") {
        progress.max = d.total;
        progress.value = d.done;
      } else if (d.type === "error") {
        stop();
        progress.hidden = true;
        status.textContent = L("KOLIKOLY.Sandbox.Error.Rule", {
          field: d.field,
          message: d.message,
        });
      } else {
        stop();
        progress.value = progress.max;
        status.textContent = L("KOLIKOLY.Sandbox.Balance.Done", {
          games: d.result.summary.games,
          seconds: ((performance.now() - started) / 1000).toFixed(1),
        });
        result.innerHTML = resultHtml(d.result, L);
        result.dataset.options = JSON.stringify(options);
      }
    });
    worker.postMessage({ type: "run", options } satisfies WorkerIn);
  });
  return {
    refresh() {
      describe();
      if (resultFor === undefined || resultFor === gameKey(getTable())) return;
      // The table's game changed (a new game, a loaded file): the figures were for another one.
      resultFor = undefined;
      stop();
      progress.hidden = true;
      result.innerHTML = "";
      delete result.dataset.options;
      status.textContent = L("KOLIKOLY.Sandbox.Balance.Stale");
    },
  };
}
