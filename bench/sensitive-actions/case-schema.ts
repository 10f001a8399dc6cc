/**
 * The format of the sensitive-action corpus (see README.md next to this file).
 *
 * One case is one action an agent is about to take on a page: the page as it looks at that moment
 * (`html`, a static body), the plan step being executed, the action, the element it acts on (or the
 * URL / shell command), and the truth: `sensitive` (needs the person's approval, with a category) or
 * `harmless`. Each part of the corpus (`dev`, `heldout`) is a folder of JSON files, each file an
 * array of cases.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The parts of the corpus. Tune on `dev` only; `heldout` is for the final, independent measurement. */
export const corpusParts = ['dev', 'heldout'] as const;
export type CorpusPart = (typeof corpusParts)[number];

/** Why a sensitive action needs approval. */
export const sensitiveCategories = [
  'destructive',
  'money',
  'publishing',
  'credentials',
  'install',
  'shell',
  'local-file',
  'program',
] as const;
export const sensitiveCategorySchema = z.enum(sensitiveCategories);
export type SensitiveCategory = z.infer<typeof sensitiveCategorySchema>;

/**
 * Descriptive tags used to check the corpus covers the hard cases; they are truth about the case,
 * not input for a classifier.
 *
 *   confirm-in-dialog  the target is a generic confirm control (OK, Yes, Continue, Done, Apply, an
 *                      icon...) inside a dialog; the dialog's title/text says what it does
 *   step-hides-danger  sensitive only: the step text alone does not reveal what the action commits
 *   near-miss          harmless only: a word list or a "confirm button" rule would wrongly flag it
 *   typed-verb         a `type` action whose typed value reads like a command ("Delete all")
 */
export const caseTags = ['confirm-in-dialog', 'step-hides-danger', 'near-miss', 'typed-verb'] as const;
export const caseTagSchema = z.enum(caseTags);
export type CaseTag = z.infer<typeof caseTagSchema>;

/** ARIA roles a target may have (the interactive roles Playwright's getByRole accepts). */
export const targetRoles = [
  'button',
  'link',
  'textbox',
  'searchbox',
  'combobox',
  'checkbox',
  'radio',
  'switch',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'option',
  'treeitem',
  'gridcell',
  'row',
  'slider',
  'spinbutton',
] as const;

export const targetSchema = z.strictObject({
  role: z.enum(targetRoles),
  /** The accessible name as Chromium computes it; verify-corpus.ts checks it matches exactly one element. */
  name: z.string().min(1),
});
export type Target = z.infer<typeof targetSchema>;

const common = {
  /** Unique across both parts, kebab-case. */
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'kebab-case: lower-case letters, digits and single hyphens'),
  /** The page body at the moment of the action: static, self-contained HTML (no scripts, no external resources). */
  html: z.string().min(1),
  /** The plan step being executed, as a planner would write it. */
  step: z.string().min(1),
  label: z.enum(['sensitive', 'harmless']),
  /** Present exactly when `label` is `sensitive`. */
  category: sensitiveCategorySchema.optional(),
  /** One short sentence on why the label is right. */
  why: z.string().min(1),
  tags: z.array(caseTagSchema).optional(),
};

const clickCase = z.strictObject({ ...common, action: z.literal('click'), target: targetSchema });
const typeCase = z.strictObject({
  ...common,
  action: z.literal('type'),
  target: targetSchema,
  /** The text typed. A classifier must never read it as the verb of the action. */
  typed: z.string().min(1),
});
const keyCase = z.strictObject({
  ...common,
  action: z.literal('key'),
  /** The focused element the keys go to. */
  target: targetSchema,
  /** Playwright key names pressed together or in order, such as ["Enter"] or ["Control", "Enter"]. */
  keys: z.array(z.string().min(1)).min(1),
});
const openCase = z.strictObject({ ...common, action: z.literal('open'), url: z.string().min(1) });
const shellCase = z.strictObject({ ...common, action: z.literal('shell'), command: z.string().min(1) });

export const sensitiveCaseSchema = z
  .discriminatedUnion('action', [clickCase, typeCase, keyCase, openCase, shellCase])
  .superRefine((value, ctx) => {
    if (value.label === 'sensitive' && value.category === undefined) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: 'a sensitive case needs a category' });
    }
    if (value.label === 'harmless' && value.category !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: 'a harmless case has no category' });
    }
    const tags = value.tags ?? [];
    if (new Set(tags).size !== tags.length) {
      ctx.addIssue({ code: 'custom', path: ['tags'], message: 'a tag is repeated' });
    }
    if (value.label === 'harmless' && tags.includes('step-hides-danger')) {
      ctx.addIssue({ code: 'custom', path: ['tags'], message: '"step-hides-danger" is for sensitive cases only' });
    }
    if (value.label === 'sensitive' && tags.includes('near-miss')) {
      ctx.addIssue({ code: 'custom', path: ['tags'], message: '"near-miss" is for harmless cases only' });
    }
    if (tags.includes('typed-verb') && value.action !== 'type') {
      ctx.addIssue({ code: 'custom', path: ['tags'], message: '"typed-verb" is for type actions only' });
    }
  });
export type SensitiveCase = z.infer<typeof sensitiveCaseSchema>;

/** One corpus file: a JSON array of cases. */
export const sensitiveCaseFileSchema = z.array(sensitiveCaseSchema);

/** The folder holding the corpus parts (the folder of this file). */
export const corpusRoot = path.dirname(fileURLToPath(import.meta.url));

/** Where a case came from, for reports. */
export interface LocatedCase {
  readonly part: CorpusPart;
  readonly file: string;
  readonly case: SensitiveCase;
}

/** Every case of one part with the file it came from, files in name order. */
export async function loadLocatedCorpus(part: CorpusPart, root: string = corpusRoot): Promise<LocatedCase[]> {
  const folder = path.join(root, part);
  const files = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  const located: LocatedCase[] = [];
  for (const name of files) {
    const file = path.join(folder, name);
    const shown = path.relative(process.cwd(), file) || file;
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(file, 'utf8'));
    } catch (error: unknown) {
      throw new Error(`${shown}: not valid JSON (${error instanceof Error ? error.message : String(error)})`, {
        cause: error,
      });
    }
    const parsed = sensitiveCaseFileSchema.safeParse(raw);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `  ${describePath(raw, issue.path)}: ${issue.message}`);
      throw new Error(`${shown}: ${problems.length} invalid field(s)\n${problems.join('\n')}`);
    }
    located.push(...parsed.data.map((item) => ({ part, file: shown, case: item })));
  }
  return located;
}

/**
 * Every case of one part, validated. Reads each .json file of `bench/sensitive-actions/<part>/`;
 * throws an error naming the file and the failing path (such as `[3] (id "bank-ok") .target.name`).
 */
export async function loadCorpus(part: CorpusPart, root: string = corpusRoot): Promise<SensitiveCase[]> {
  return (await loadLocatedCorpus(part, root)).map((located) => located.case);
}

/** `[3] (id "x") .target.name` for an issue path into a file's array. */
function describePath(raw: unknown, issuePath: readonly PropertyKey[]): string {
  const [index, ...rest] = issuePath;
  if (typeof index !== 'number') return issuePath.length === 0 ? '(the file)' : formatPath(issuePath);
  const item: unknown = Array.isArray(raw) ? raw[index] : undefined;
  const id =
    typeof item === 'object' && item !== null && 'id' in item && typeof item.id === 'string'
      ? ` (id "${item.id}")`
      : '';
  return `[${index}]${id}${rest.length > 0 ? ` ${formatPath(rest)}` : ''}`;
}

function formatPath(parts: readonly PropertyKey[]): string {
  return parts.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
}
