import { readFileSync } from 'node:fs';
import { SandpiperError } from '@sandpiper/protocol';

/**
 * Every prompt the engine sends, by name, with the placeholders its file must contain. The text
 * lives in `prompts/<name>.v<version>.md`; the code only fills the placeholders. A file holds the
 * system part, then a line `<!-- user -->`, then the user part.
 */
export const PROMPT_PLACEHOLDERS = {
  planner: ['instruction', 'environment', 'blocks', 'screen'],
  'planner-refresh': ['instruction', 'steps'],
  'planner-revise': ['instruction', 'blocks', 'request', 'screen'],
  proposal: ['instruction', 'step', 'failure', 'recent', 'previous', 'screen'],
  operator: [
    'coordinates',
    'maxChain',
    'instruction',
    'step',
    'attempt',
    'history',
    'performed',
    'loopHint',
    'screens',
  ],
  'operator-computer': ['instruction', 'step', 'attempt', 'history', 'performed', 'loopHint', 'screen'],
  grounder: ['coordinates', 'query', 'region', 'screen'],
  'click-check': ['target', 'screen'],
  'reflector-stage1': ['coordinates', 'step', 'actions', 'evidence', 'screens'],
  'reflector-stage2': ['step', 'actions', 'changes', 'screen'],
  'reflector-lookahead': [
    'operator',
    'instruction',
    'step',
    'actions',
    'changes',
    'criteria',
    'nextStep',
    'history',
    'screen',
  ],
  judge: ['instruction', 'criteria', 'steps', 'recent', 'screen'],
  'criteria-assess': ['instruction', 'criteria', 'screen'],
  feasibility: ['instruction', 'step', 'failure', 'screen'],
  'loop-judge': ['step', 'trajectory'],
  'missing-work': ['instruction', 'steps', 'unmet', 'missing', 'reason', 'screen'],
  critic: ['instruction', 'steps', 'recent', 'screen'],
} as const satisfies Record<string, readonly string[]>;

/** The name of one prompt file. */
export type PromptName = keyof typeof PROMPT_PLACEHOLDERS;

/** The values a prompt needs: one string per placeholder, no more and no fewer. */
export type PromptValues<N extends PromptName> = Readonly<Record<(typeof PROMPT_PLACEHOLDERS)[N][number], string>>;

/** Which version of each prompt is in use; bump it by adding `<name>.v2.md` and changing the number here. */
export const PROMPT_VERSIONS: Readonly<Record<PromptName, number>> = {
  planner: 2,
  'planner-refresh': 2,
  'planner-revise': 1,
  proposal: 1,
  operator: 2,
  'operator-computer': 1,
  grounder: 1,
  'click-check': 1,
  'reflector-stage1': 1,
  'reflector-stage2': 2,
  'reflector-lookahead': 1,
  judge: 2,
  'criteria-assess': 2,
  feasibility: 2,
  'loop-judge': 2,
  'missing-work': 1,
  critic: 2,
};

/** A prompt filled in: the system turn and the text of the user turn. */
export interface RenderedPrompt {
  /** The instructions and the answer shape. */
  readonly system: string;
  /** What this call is about: the task, the step, the history, the screens attached after it. */
  readonly user: string;
}

/** The prompts of one engine, read from disk once. */
export interface PromptLibrary {
  /** `name@v1`, for logs. */
  label(name: PromptName): string;
  /** The prompt with every placeholder filled; throws {@link PromptError} for a value left out. */
  render<N extends PromptName>(name: N, values: PromptValues<N>): RenderedPrompt;
}

/** Raised for a prompt that is missing, malformed or filled incompletely: a packaging bug, not a model problem. */
export class PromptError extends SandpiperError {
  override readonly name = 'PromptError';
  constructor(message: string) {
    super('invariant', message);
  }
}

const USER_MARKER = '<!-- user -->';
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** The directory the shipped prompt files are in, resolved from this module's location. */
export const PROMPT_DIRECTORY = new URL('../prompts/', import.meta.url);

/** Placeholders used in a template, in order of first use. */
export function placeholdersIn(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/**
 * Read every prompt once and check that each file has a user part and exactly the placeholders its
 * name declares.
 *
 * @throws PromptError when a file is missing or its placeholders do not match the declaration.
 */
export function loadPrompts(directory: URL = PROMPT_DIRECTORY): PromptLibrary {
  const templates = new Map<PromptName, { system: string; user: string }>();
  for (const name of Object.keys(PROMPT_PLACEHOLDERS) as PromptName[]) {
    const file = new URL(`${name}.v${PROMPT_VERSIONS[name]}.md`, directory);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error: unknown) {
      const code = (error as { code?: unknown }).code;
      throw new PromptError(`prompt ${name} is missing: ${file.pathname} (${String(code ?? error)})`);
    }
    const split = text.indexOf(USER_MARKER);
    if (split === -1) throw new PromptError(`prompt ${name} has no "${USER_MARKER}" line`);
    const declared = new Set<string>(PROMPT_PLACEHOLDERS[name]);
    const used = new Set(placeholdersIn(text));
    const undeclared = [...used].filter((placeholder) => !declared.has(placeholder));
    const unused = [...declared].filter((placeholder) => !used.has(placeholder));
    if (undeclared.length > 0 || unused.length > 0) {
      throw new PromptError(
        `prompt ${name}: placeholders not declared: [${undeclared.join(', ')}]; declared but not used: [${unused.join(', ')}]`,
      );
    }
    templates.set(name, { system: text.slice(0, split).trim(), user: text.slice(split + USER_MARKER.length).trim() });
  }
  return {
    label: (name) => `${name}@v${PROMPT_VERSIONS[name]}`,
    render(name, values) {
      const template = templates.get(name)!;
      const fill = (part: string) =>
        part.replace(PLACEHOLDER, (_match, key: string) => {
          const value = (values as Readonly<Record<string, string>>)[key];
          if (typeof value !== 'string') throw new PromptError(`prompt ${name}: no value for {{${key}}}`);
          return value;
        });
      return { system: fill(template.system), user: fill(template.user) };
    },
  };
}
