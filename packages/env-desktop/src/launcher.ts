import { spawn, type ChildProcess } from 'node:child_process';
import { findExecutable, killAtExit, OutputTail, stopProcess } from './processes.js';

/** Program names `open` may start when the caller does not choose: LibreOffice's own launchers. */
export const DEFAULT_PROGRAM_NAMES: readonly string[] = ['localc', 'lowriter', 'loimpress', 'lodraw'];

/** The argv of a launch request, or why it cannot be launched. */
export type ParsedLaunch =
  { readonly ok: true; readonly argv: readonly [string, ...string[]] } | { readonly ok: false; readonly error: string };

/** Characters a shell would interpret; `open` has no shell, so they are refused rather than passed on. */
const SHELL_CHARACTERS = new Set(['|', '&', ';', '<', '>', '(', ')', '$', '`']);

/**
 * Split an `open` target into argv the way a shell splits words, and nothing more: whitespace
 * separates arguments, single quotes keep text as is, double quotes allow `\"` and `\\`, a
 * backslash escapes the next character. Pipes, redirections, substitutions and variables are
 * refused, since there is no shell to give them meaning.
 */
export function parseLaunchTarget(target: string): ParsedLaunch {
  const argv: string[] = [];
  let current = '';
  let started = false;
  let quote: "'" | '"' | undefined;
  const characters = [...target];
  for (let index = 0; index < characters.length; index++) {
    const character = characters[index]!;
    if (quote === "'") {
      if (character === "'") quote = undefined;
      else current += character;
    } else if (quote === '"') {
      if (character === '"') quote = undefined;
      else if (character === '\\' && (characters[index + 1] === '"' || characters[index + 1] === '\\')) {
        current += characters[++index];
      } else current += character;
    } else if (character === "'" || character === '"') {
      quote = character;
      started = true;
    } else if (character === '\\') {
      const next = characters[++index];
      if (next === undefined) return { ok: false, error: 'The target ends with a lone backslash.' };
      current += next;
      started = true;
    } else if (/\s/.test(character)) {
      if (started) argv.push(current);
      current = '';
      started = false;
    } else if (SHELL_CHARACTERS.has(character)) {
      return {
        ok: false,
        error: `'${character}' has no meaning here: programs are started without a shell. Quote it to pass it literally.`,
      };
    } else {
      current += character;
      started = true;
    }
  }
  if (quote !== undefined) return { ok: false, error: `The target has an unclosed ${quote} quote.` };
  if (started) argv.push(current);
  const [program, ...args] = argv;
  if (program === undefined) return { ok: false, error: 'The target names no program.' };
  const url = args.find((argument) => /^[a-z][a-z0-9+.-]*:/i.test(argument) && !/^file:/i.test(argument));
  if (url !== undefined) {
    return {
      ok: false,
      error: `'${url}' is an address, not a file: only files (or file: URLs) are opened, so no macro or remote URL runs.`,
    };
  }
  return { ok: true, argv: [program, ...args] };
}

/**
 * The allowed programs by the name a target uses: each given name maps to an executable path,
 * and names without a path are looked up on PATH now. Names not found are left out.
 */
export function resolvePrograms(programs: Readonly<Record<string, string>> | readonly string[]): Map<string, string> {
  const entries = Array.isArray(programs)
    ? (programs as readonly string[]).map((name) => [name, name] as const)
    : Object.entries(programs as Readonly<Record<string, string>>);
  const resolved = new Map<string, string>();
  for (const [name, executable] of entries) {
    const path = findExecutable(executable);
    if (path !== undefined) resolved.set(name, path);
  }
  return resolved;
}

/** A program this launcher started. */
export interface LaunchedProgram {
  readonly pid: number;
  readonly argv: readonly string[];
  /** The last lines it wrote to stderr, for reporting why it stopped. */
  readonly stderr: OutputTail;
  readonly child: ChildProcess;
}

/**
 * Starts only the programs it was given, with argv (never a shell string), each in a process
 * group of its own, so `stopAll` also ends what they started (LibreOffice's `soffice.bin`).
 */
export class ProgramLauncher {
  private readonly running = new Set<LaunchedProgram>();

  constructor(
    private readonly programs: ReadonlyMap<string, string>,
    private readonly context: { readonly cwd: string; readonly env: NodeJS.ProcessEnv },
  ) {}

  /** The names `open` accepts, sorted. */
  get allowed(): string[] {
    return [...this.programs.keys()].sort();
  }

  /** Start a program from a parsed argv; `{ ok: false }` when the program is not allowed or cannot start. */
  launch(
    argv: readonly [string, ...string[]],
  ): Promise<{ ok: true; program: LaunchedProgram } | { ok: false; error: string }> {
    const [name, ...args] = argv;
    const executable = this.programs.get(name) ?? [...this.programs.values()].find((path) => path === name);
    if (executable === undefined) {
      const allowed = this.allowed;
      return Promise.resolve({
        ok: false,
        error:
          `'${name}' is not a program this desktop may start` +
          (allowed.length > 0 ? `; allowed: ${allowed.join(', ')}.` : '; no programs are allowed.'),
      });
    }
    const stderr = new OutputTail();
    const child = spawn(executable, args, {
      cwd: this.context.cwd,
      env: this.context.env,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    killAtExit(child);
    child.stderr?.on('data', (chunk: Buffer) => stderr.append(chunk));
    return new Promise((resolve) => {
      child.once('error', (error) => resolve({ ok: false, error: `'${name}' did not start: ${error.message}` }));
      child.once('spawn', () => {
        const program: LaunchedProgram = { pid: child.pid!, argv, stderr, child };
        // Kept after the leader exits: what it started may live on in its process group.
        this.running.add(program);
        resolve({ ok: true, program });
      });
    });
  }

  /** Stop every program still running, with everything in their process groups. */
  async stopAll(): Promise<void> {
    const programs = [...this.running];
    this.running.clear();
    await Promise.all(programs.map((program) => stopProcess(program.child)));
  }
}
