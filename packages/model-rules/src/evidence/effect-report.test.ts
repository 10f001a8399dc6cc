import { createHandle } from '@sandpiper/core';
import { describe, expect, it } from 'vitest';
import { node, performedOf, screenOf, stepOf } from '../test-support/screens.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { click } from './test-pairs.js';

const files = [
  node('tree', 'Files', [10, 50, 300, 300], { ref: 'tree' }),
  node('treeitem', 'tests', [10, 60, 300, 24], { ref: 'tests', parent: 'tree', expanded: true }),
  node('treeitem', 'button.test.tsx', [30, 86, 280, 24], { ref: 'file', parent: 'tests' }),
  node('treeitem', 'README.md', [10, 112, 300, 24], { ref: 'readme', parent: 'tree' }),
];

async function checkDelete(message: string, left: ReturnType<typeof node>[]) {
  return createEvidenceReflector().check(createHandle(), {
    step: stepOf("Delete 'button.test.tsx'"),
    performed: performedOf(click(160, 98)),
    before: screenOf({ nodes: files }),
    after: screenOf({ nodes: [...left, node('status', message, [10, 400, 300, 20])] }),
  });
}

describe('a page reporting what a command did', () => {
  it('confirms the command when the report names its object', async () => {
    const check = await checkDelete('Deleted button.test.tsx.', [files[0]!, files[1]!, files[3]!]);
    expect(check.passed).toBe(true);
  });

  it('refuses the command when the report names another item that was on screen', async () => {
    const check = await checkDelete('Deleted tests.', [files[0]!, files[3]!]);
    expect(check.passed).toBe(false);
    expect(check.evidence).toContain("that names 'tests', not 'button.test.tsx'");
  });
});

describe('a page reporting a command done through a link named for it', () => {
  const invoices = [
    node('list', 'Invoices', [10, 50, 600, 100], { ref: 'list' }),
    node('listitem', 'Invoice March 2024 Download', [10, 60, 600, 30], { ref: 'march', parent: 'list' }),
    node('link', 'Invoice March 2024', [20, 64, 200, 20], { ref: 'see-march', parent: 'march' }),
    node('link', 'Download', [500, 64, 90, 20], { ref: 'get-march', parent: 'march' }),
    node('listitem', 'Invoice April 2024 Download', [10, 100, 600, 30], { ref: 'april', parent: 'list' }),
    node('link', 'Invoice April 2024', [20, 104, 200, 20], { ref: 'see-april', parent: 'april' }),
    node('link', 'Download', [500, 104, 90, 20], { ref: 'get-april', parent: 'april' }),
  ];

  async function checkDownload(message: string) {
    return createEvidenceReflector().check(createHandle(), {
      step: stepOf("Download 'Invoice March 2024'"),
      performed: performedOf(click(545, 74)),
      before: screenOf({ nodes: invoices }),
      after: screenOf({ nodes: [...invoices, node('status', message, [10, 400, 300, 20])] }),
    });
  }

  it('takes a report that names the verb, not another item, as the effect', async () => {
    const check = await checkDownload('Download started.');
    expect(check.evidence).not.toContain('that names');
    expect(check.passed).toBe(true);
  });

  it('still refuses a report naming the other item', async () => {
    const check = await checkDownload('Download of Invoice April 2024 started.');
    expect(check.evidence).toContain("that names 'Invoice April 2024'");
    expect(check.passed).toBe(false);
  });
});

describe('a removal reported in words while controls still mention its object', () => {
  it('does not take a control named for another command ("Share project") for the object', async () => {
    const page = [
      node('heading', 'Harbor Redesign', [20, 20, 400, 30]),
      node('button', 'Share project', [900, 20, 120, 30]),
      node('button', 'Archive project', [1040, 20, 120, 30]),
    ];
    const check = await createEvidenceReflector().check(createHandle(), {
      step: stepOf("Archive 'project'"),
      performed: performedOf(click(1100, 35)),
      before: screenOf({ nodes: page }),
      after: screenOf({ nodes: [...page, node('status', 'Archived', [20, 400, 300, 20])] }),
    });
    expect(check.evidence).not.toContain('still there');
    expect(check.passed).toBe(true);
  });
});
