import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desktopTasks, prepareDesktopScenario, type DesktopScenarioName } from '../../src/index.js';
import { solutions } from './index.js';
import { LIBREOFFICE_MS, Office } from './office.js';

/**
 * The end-to-end suite of one scenario: one desktop and one LibreOffice for the whole file (they
 * take seconds to start), then every success task in a session directory of its own: the check
 * fails on the prepared file, the reference solution runs, the documents are closed, and the
 * check passes on what was saved. One clarify task is opened and closed untouched, to show that
 * opening a document (its lock file, LibreOffice's own bookkeeping) never counts as a change.
 */
export function describeScenario(scenario: DesktopScenarioName): void {
  const tasks = desktopTasks.filter((task) => task.scenario === scenario);
  describe(`${scenario} in LibreOffice, by hand`, () => {
    let root: string;
    let office: Office;

    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), `sandpiper-${scenario}-`));
      office = await Office.start(root);
    }, 3 * LIBREOFFICE_MS);

    afterEach(async () => {
      // A failed solution can leave a dialog or a document open; the next task needs a clean desktop.
      await office.closeDocuments().catch(() => undefined);
    });

    afterAll(async () => {
      await office?.close();
      await rm(root, { recursive: true, force: true });
    });

    for (const task of tasks.filter((candidate) => candidate.expect === 'success')) {
      it(`${task.id}: "${task.instruction}"`, async () => {
        const solution = solutions.get(task.id);
        if (solution === undefined) throw new Error(`No reference solution for ${task.id}`);
        const dir = join(root, task.id.replace('/', '--'));
        const prepared = await prepareDesktopScenario(task.scenario, dir, { format: task.format });
        expect((await task.check(dir)).ok).toBe(false);
        await office.open(prepared);
        await solution(office, prepared);
        await office.closeDocuments();
        const verdict = await task.check(dir);
        expect(verdict, verdict.detail).toMatchObject({ ok: true });
      });
    }

    const clarify = tasks.find((candidate) => candidate.expect === 'clarify');
    if (clarify !== undefined) {
      it(`${clarify.id}: opening and closing the document untouched keeps the check passing`, async () => {
        const dir = join(root, clarify.id.replace('/', '--'));
        const prepared = await prepareDesktopScenario(clarify.scenario, dir, { format: clarify.format });
        await office.open(prepared);
        await office.closeDocuments();
        const verdict = await clarify.check(dir);
        expect(verdict, verdict.detail).toMatchObject({ ok: true });
      });
    }
  });
}
