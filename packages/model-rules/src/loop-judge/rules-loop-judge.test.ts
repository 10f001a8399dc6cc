import { canonicalizeAction, createHandle, type TrajectoryEntry } from '@sandpiper/core';
import type { Action } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { createRulesLoopJudge } from './rules-loop-judge.js';

const judge = createRulesLoopJudge();
const click = (x: number): Action => ({ type: 'click', at: { x, y: 10 }, button: 'left', count: 1, modifiers: [] });
const press: Action = { type: 'key', keys: ['Escape'] };

/** An entry whose screen hash is `screen` (distinct small integers are far apart in bits when spread). */
function entry(action: Action, screen: bigint, changed = true): TrajectoryEntry {
  return { action: canonicalizeAction(action), screenHash: screen, stepId: 'step-1', changed };
}

const MENU = 0xffff_0000_0000_0000n;
const PAGE = 0x0000_0000_0000_ffffn;
const OTHER = 0x0000_ffff_ffff_0000n;
const ask = (trajectory: TrajectoryEntry[]) =>
  judge.judge(createHandle(), { trajectory, lines: [], stepText: "Click 'Export'" });

describe('the rules loop judge (tier 3)', () => {
  it('says switch when actions keep bringing the screen back to an earlier state', async () => {
    // Open a menu, close it, open it again, close it: every action changes the screen, none progresses.
    const verdict = await ask([
      entry(click(100), MENU),
      entry(press, PAGE),
      entry(click(100), MENU),
      entry(press, PAGE),
    ]);
    expect(verdict.verdict).toBe('switch');
    expect(verdict.reason).toContain('2 times');
    expect(verdict.reason).toContain("Click 'Export'");
  });

  it('keeps a trajectory that moves on to new screens', async () => {
    const verdict = await ask([entry(click(100), MENU), entry(press, PAGE), entry(click(300), OTHER)]);
    expect(verdict.verdict).toBe('keep');
  });

  it('keeps a single return, which can be legitimate (closing a dialog after reading it)', async () => {
    const verdict = await ask([
      entry(click(100), MENU),
      entry(press, PAGE),
      entry(click(300), MENU),
      entry(press, OTHER),
    ]);
    expect(verdict.verdict).toBe('keep');
  });

  it('keeps typing into similar fields, whose screens differ by a few bits only', async () => {
    const typing = (field: string, screen: bigint): TrajectoryEntry => ({
      ...entry({ type: 'type', text: 'x' }, screen),
      action: canonicalizeAction({ type: 'type', text: 'x' }, { label: field }),
    });
    const verdict = await ask([typing('A', PAGE), typing('B', PAGE | 1n), typing('C', PAGE), typing('D', PAGE | 2n)]);
    expect(verdict.verdict).toBe('keep');
  });

  it('answers for histories shorter than a cycle', async () => {
    expect((await ask([])).verdict).toBe('keep');
    expect((await ask([entry(click(1), MENU)])).verdict).toBe('keep');
  });
});
