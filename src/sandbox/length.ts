/**
 * The new-game form's length estimate (issue 12): how long the lake in the form lasts for the
 * party in the form (median and the middle 90% of test games), a moment after each change, and a
 * size proposed for a wanted number of rounds (it fills the form; the GM still starts the game).
 * The simulator plays in a Web Worker (estimate-worker.ts), the same answer as the Foundry
 * wizard's (src/ui/estimate-answer.ts).
 */
import type { Localize } from "../ui/handlebars-helpers.ts";
import type { EstimateReply } from "../ui/length-estimate.ts";
import { ESTIMATE_PAGE_GAMES, estimateText, LengthEstimator } from "../ui/length-estimate.ts";

export interface LengthPanel {
  /** Asks again for the form's values (after the page itself set them). */
  refresh(): void;
}

/** The form's size fields' names, as the form labels them. */
const FIELD_KEYS = {
  width: "KOLIKOLY.Sandbox.Width",
  height: "KOLIKOLY.Sandbox.Height",
  levels: "KOLIKOLY.Sandbox.Levels",
  fishers: "KOLIKOLY.Sandbox.Fishers",
} as const;

export function mountLength(form: HTMLFormElement, box: HTMLElement, L: Localize): LengthPanel {
  const out = box.querySelector<HTMLElement>("#ks-estimate")!;
  const target = box.querySelector<HTMLInputElement>("#ks-target")!;
  const propose = box.querySelector<HTMLButtonElement>("#ks-propose")!;
  const estimator = new LengthEstimator(
    () => new Worker(new URL("./estimate-worker.ts", import.meta.url), { type: "module" }),
  );
  const t = (k: string, d?: Record<string, unknown>) => L(k, d);
  const input = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  const sizes = ["width", "height", "levels", "fishers"] as const;
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Why there is no estimate, one cause: the form's field out of its range, or no worker. */
  function noEstimate(field: string): string {
    const el = (sizes as readonly string[]).includes(field) ? input(field) : undefined;
    if (!el) return t("KOLIKOLY.Sandbox.Length.NoWorker");
    return t("KOLIKOLY.Sandbox.Length.OutOfRange", {
      field: t(FIELD_KEYS[field as (typeof sizes)[number]]),
      min: el.min,
      max: el.max,
    });
  }

  function show(r: EstimateReply): void {
    out.textContent = r.ok ? estimateText(r.value, t) : noEstimate(r.field);
    out.dataset.median = r.ok ? String(r.value.median) : "";
    out.dataset.state = r.ok ? "done" : "none";
  }

  async function estimate(): Promise<void> {
    const mine = ++asked;
    // the form's own limits first: a size out of the table's range gets no estimate
    if (!sizes.every((n) => input(n).checkValidity()))
      return show({ id: mine, ok: false, field: sizes.find((n) => !input(n).checkValidity())! });
    out.textContent = t("KOLIKOLY.Length.Estimating");
    out.dataset.state = "busy";
    // how long the GM waits for the answer (the bench reads it: target 250 ms, issue 22)
    const since = performance.now();
    const r = await estimator.ask({
      kind: "estimate",
      lake: {
        width: Number(input("width").value),
        height: Number(input("height").value),
        levels: Number(input("levels").value),
        verticalAdjacency: true,
      },
      fishers: Number(input("fishers").value),
      games: ESTIMATE_PAGE_GAMES,
    });
    if (mine !== asked) return; // the form changed meanwhile: a newer answer is coming
    performance.measure("kolikoly-estimate", { start: since });
    show(r);
  }

  function soon(): void {
    clearTimeout(timer);
    out.dataset.state = "busy"; // a question is coming: the line shown is about to change
    timer = setTimeout(() => void estimate(), 250);
  }

  for (const n of sizes) input(n).addEventListener("input", soon);

  propose.addEventListener("click", async () => {
    clearTimeout(timer); // the proposal answers for the form as it is now
    const mine = ++asked;
    const fishers = Number(input("fishers").value);
    const wanted = Number(target.value);
    const refuse = (field: string) => {
      out.textContent = t("KOLIKOLY.Length.BadTarget", { field });
      out.dataset.state = "none";
      target.setAttribute("aria-invalid", "true");
    };
    if (!target.checkValidity() || !Number.isInteger(wanted)) return refuse(target.name);
    target.removeAttribute("aria-invalid");
    out.textContent = t("KOLIKOLY.Length.Estimating");
    out.dataset.state = "busy";
    const r = await estimator.ask({ kind: "propose", target: wanted, fishers });
    if (mine !== asked) return;
    if (!r.ok) return refuse(r.field);
    for (const k of ["width", "height", "levels"] as const)
      input(k).value = String(r.value.lake[k]);
    show(r);
  });

  soon();
  return { refresh: soon };
}
