import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  loadPrompts,
  placeholdersIn,
  PROMPT_DIRECTORY,
  PROMPT_PLACEHOLDERS,
  PROMPT_VERSIONS,
  PromptError,
  type PromptName,
} from '../src/index.js';

const names = Object.keys(PROMPT_PLACEHOLDERS) as PromptName[];
const fileOf = (name: PromptName) => new URL(`${name}.v${PROMPT_VERSIONS[name]}.md`, PROMPT_DIRECTORY);

function valuesFor(name: PromptName): Record<string, string> {
  return Object.fromEntries(PROMPT_PLACEHOLDERS[name].map((key) => [key, `<value of ${key}>`]));
}

describe('prompts are versioned files with exactly their declared placeholders', () => {
  const scratch: string[] = [];
  afterEach(() => {
    for (const directory of scratch.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  function copyOfPrompts(): string {
    const directory = mkdtempSync(join(tmpdir(), 'prompts-'));
    scratch.push(directory);
    cpSync(PROMPT_DIRECTORY, directory, { recursive: true });
    return directory;
  }

  it.each(names)('%s: the file uses every declared placeholder and no other, and states how to answer', (name) => {
    const text = readFileSync(fileOf(name), 'utf8');
    expect(new Set(placeholdersIn(text))).toEqual(new Set(PROMPT_PLACEHOLDERS[name]));
    expect(text).toContain('<!-- user -->');
    // The computer-tool operator answers by calling tools, not in JSON; it must name its verdict tool.
    expect(text).toContain(name === 'operator-computer' ? '`report_step`' : 'Answer with one JSON object');
  });

  it.each(names)('%s: rendering fills every placeholder', (name) => {
    const rendered = loadPrompts().render(name, valuesFor(name) as never);
    const whole = `${rendered.system}\n${rendered.user}`;
    expect(whole).not.toMatch(/\{\{/);
    for (const key of PROMPT_PLACEHOLDERS[name]) expect(whole).toContain(`<value of ${key}>`);
  });

  it('refuses to render with a value left out', () => {
    const values = valuesFor('operator');
    delete values.performed;
    expect(() => loadPrompts().render('operator', values as never)).toThrow(PromptError);
  });

  it('refuses to load when a prompt file is missing', () => {
    const directory = copyOfPrompts();
    unlinkSync(join(directory, 'judge.v2.md'));
    expect(() => loadPrompts(pathToFileURL(`${directory}/`))).toThrow(/prompt judge is missing/);
  });

  it('refuses to load a file whose placeholders differ from the declaration', () => {
    const directory = copyOfPrompts();
    const file = join(directory, 'critic.v2.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('{{recent}}', '{{recentLines}}'));
    expect(() => loadPrompts(pathToFileURL(`${directory}/`))).toThrow(
      /placeholders not declared: \[recentLines\]; declared but not used: \[recent\]/,
    );
  });
});
