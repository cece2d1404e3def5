/** The bench section interface (bench/README.md). */
export interface BenchOptions {
  /** A quick run (CI): the whole bench in under about a minute, same figures on smaller samples. */
  readonly smoke: boolean;
}

export interface BenchRow {
  /** What was measured, with the conditions that matter (lake, games, workers). */
  readonly name: string;
  /** The figure, with its unit. */
  readonly value: string;
  /** The target, where the issue sets one. */
  readonly target?: string;
  /** Whether the figure meets the target. */
  readonly ok?: boolean;
}

export type BenchSection = (opts: BenchOptions) => Promise<BenchRow[]>;
