/** Where the CLI writes: real streams in `main`, strings in tests. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal (the progress bar draws only there). */
  readonly errTty: boolean;
}

export const processIo: Io = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  errTty: Boolean(process.stderr.isTTY),
};

/** Exit status for bad input and bad usage. */
export const EXIT_USAGE = 2;
