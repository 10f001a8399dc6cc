/** Where the CLI writes: injected so tests can capture it. */
export interface Output {
  out(text: string): void;
  error(text: string): void;
  /** True when a person can answer prompts. */
  readonly interactive: boolean;
}

export function createOutput(): Output {
  // A reader that goes away early (`sandpiper runs | head`) is not an error worth a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  return {
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    error: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
  };
}
