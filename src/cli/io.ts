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

/** Bad input or usage answered: its one line on stderr, nothing on stdout, status 2. */
export function badInput(io: Io, message: string): number {
  io.err(`${message}\n`);
  return EXIT_USAGE;
}

/**
 * A reader that stops reading (`| head -1`) closes the pipe: the next write fails with EPIPE. The
 * command then has no one to write to and ends quietly, status 0, rather than with Node's stack
 * trace of an unhandled 'error' event. Called once by the `kolikoly` bin.
 */
export function endQuietlyOnClosedPipes(): void {
  for (const stream of [process.stdout, process.stderr])
    stream.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EPIPE") process.exit(0);
      throw e;
    });
}
