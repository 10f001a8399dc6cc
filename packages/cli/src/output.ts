/** Where the CLI writes: injected so tests can capture it. */
export interface Output {
  out(text: string): void;
  error(text: string): void;
  /** True when a person can answer prompts. */
  readonly interactive: boolean;
}

export function createOutput(): Output {
  return {
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    error: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
  };
}
