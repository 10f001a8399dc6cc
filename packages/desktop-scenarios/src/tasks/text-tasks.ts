import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DesktopScenarioError } from '../errors.js';
import { readTextDocument, type TextContent } from '../odf/read-text.js';
import type { TextBlock } from '../odf/write-documents.js';
import { loadTextSource, type TextScenarioInfo } from '../scenarios.js';
import type { DesktopCheckResult, DesktopTask } from '../task.js';
import { equals, fact, judge, sameRows, type Fact } from './facts.js';

/** A paragraph reduced to what the text checks compare: its text and its named style. */
export type ParagraphSummary = readonly [text: string, style: string];

/** A text task before `defineTextTasks` adds the scenario and the file reading. */
export interface TextTaskSpec {
  /** Unique within the scenario; the task id is `<scenario>/<name>`. */
  readonly name: string;
  readonly instruction: string;
  /** Defaults to `success`. */
  readonly expect?: 'success' | 'clarify';
  /** The file to judge, in the session directory; defaults to the prepared document. */
  readonly file?: string;
  /** Other files that must still hold the original document (the source of a Save As). */
  readonly alsoUnchanged?: readonly string[];
  readonly facts: (saved: TextContent, original: readonly TextBlock[]) => readonly Fact[];
}

export function summaries(content: TextContent): ParagraphSummary[] {
  return content.paragraphs.map((paragraph) => [paragraph.text, paragraph.style]);
}

export function originalSummaries(blocks: readonly TextBlock[]): ParagraphSummary[] {
  return blocks.map((block) => [block.text, block.style]);
}

/** Holds when no character is bold by direct formatting, except those `allowed` picks (paragraph, offset). */
export function boldOnly(
  content: TextContent,
  allowed: (paragraph: string, offset: number) => boolean = () => false,
): Fact {
  const wrong = content.paragraphs.flatMap((paragraph) => {
    const offsets = paragraph.bold.flatMap((bold, offset) =>
      bold !== allowed(paragraph.text, offset) ? [offset] : [],
    );
    return offsets.length === 0 ? [] : [`'${paragraph.text.slice(0, 24)}…' at ${offsets.slice(0, 3).join(', ')}`];
  });
  return fact('only the text asked for is bold', wrong.length === 0, wrong);
}

/** The document as it was prepared: the same paragraphs in the same styles, nothing bold, no frame. */
export function unchangedText(saved: TextContent, original: readonly TextBlock[]): Fact[] {
  return [
    sameRows('the paragraphs', summaries(saved), originalSummaries(original)),
    boldOnly(saved),
    equals('the number of frames (images, charts)', saved.frames, 0),
  ];
}

async function readSaved(file: string): Promise<TextContent | DesktopCheckResult> {
  try {
    await stat(file);
  } catch {
    return { ok: false, detail: `There is no file ${file}.` };
  }
  try {
    return await readTextDocument(file);
  } catch (error: unknown) {
    if (DesktopScenarioError.isInstance(error)) return { ok: false, detail: error.message };
    throw error;
  }
}

/** Turn specs into tasks whose check reads the saved .odt file(s) in the session directory. */
export function defineTextTasks(scenario: TextScenarioInfo, specs: readonly TextTaskSpec[]): DesktopTask[] {
  const document = `${scenario.baseName}.odt`;
  return specs.map((spec) => ({
    id: `${scenario.name}/${spec.name}`,
    scenario: scenario.name,
    instruction: spec.instruction,
    expect: spec.expect ?? 'success',
    format: 'odt',
    keepFormatDialog: false,
    async check(dir: string): Promise<DesktopCheckResult> {
      const original = await loadTextSource(scenario);
      const saved = await readSaved(join(dir, spec.file ?? document));
      if ('ok' in saved) return saved;
      const facts = [...spec.facts(saved, original)];
      for (const other of spec.alsoUnchanged ?? []) {
        const kept = await readSaved(join(dir, other));
        if ('ok' in kept) return kept;
        facts.push(fact(`${other} still holds the original document`, judge(unchangedText(kept, original)).ok));
      }
      return judge(facts);
    },
  }));
}
