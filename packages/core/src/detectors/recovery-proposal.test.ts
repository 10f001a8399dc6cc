import { describe, expect, it } from 'vitest';
import type { CanonicalAction } from './canonical-action.js';
import { click, press, scrollDown, typeInto, wait } from './detector-test-support.js';
import { buildRecoveryProposal } from './recovery-proposal.js';

const trigger = (unit: CanonicalAction[], pattern = 'REPEAT_SEQ_L1_R3') => ({
  pattern,
  evidence: { unit, start: 0, stepIds: ['step-1'] },
});
/** A step as the planner writes it: its text and the typed intent the text renders. */
const step = {
  text: "Click the 'Save' button",
  intent: { kind: 'click', target: { name: 'Save', role: 'button' } },
} as const;

describe('buildRecoveryProposal', () => {
  it('proposes pressing Escape for a dead button, with the pattern in the rationale', () => {
    const proposal = buildRecoveryProposal(trigger([click('Save')]), step);
    expect(proposal).toMatchObject({ type: 'proposal', step: 'Press Escape', pattern: 'REPEAT_SEQ_L1_R3' });
    expect(proposal.type === 'proposal' && proposal.rationale).toMatch(
      /^Click 'save' kept repeating .*REPEAT_SEQ_L1_R3/,
    );
  });

  it('near miss: when Escape was already proposed for this step, it moves to the next rule', () => {
    const proposal = buildRecoveryProposal(trigger([click('Save')]), step, { previousProposals: ['press escape'] });
    expect(proposal).toMatchObject({ type: 'proposal', step: 'Scroll down' });
  });

  it('skips steps in the blocked modality', () => {
    const proposal = buildRecoveryProposal(trigger([click('Save')]), step, { blockedModality: 'keyboard' });
    expect(proposal).toMatchObject({ step: 'Scroll down' });
  });

  it('gives a field that refuses input focus first, then clears it', () => {
    const unit = [typeInto('Email')];
    const typeStep = {
      text: "Type 'a@b' into the 'Email' field",
      intent: { kind: 'type', text: 'a@b', field: { name: 'Email', role: 'field' } },
    } as const;
    expect(buildRecoveryProposal(trigger(unit), typeStep)).toMatchObject({
      step: "Click 'Email'",
    });
    expect(buildRecoveryProposal(trigger(unit), typeStep, { previousProposals: ["Click 'Email'"] })).toMatchObject({
      step: "Clear the 'Email' field",
    });
  });

  it('falls back to the normalized label when the step names another element', () => {
    expect(buildRecoveryProposal(trigger([typeInto('Email')]), step)).toMatchObject({
      step: "Click 'email'",
    });
  });

  it('answers a dead shortcut with a click on the control the step names', () => {
    const proposal = buildRecoveryProposal(trigger([press('Control', 's')]), step);
    expect(proposal).toMatchObject({ step: "Click the 'Save' button" });
    const fromGrounder = buildRecoveryProposal(
      trigger([press('Control', 's')]),
      { text: 'Save the form' },
      {
        target: { label: "Rapport d'été", role: 'button' },
      },
    );
    // One quoting rule for every rendered step: an apostrophe inside a word does not end the quote.
    expect(fromGrounder).toMatchObject({
      step: "Click the 'Rapport d'été' button",
      intent: { kind: 'click', target: { name: "Rapport d'été", role: 'button' } },
    });
  });

  it('scrolls the other way when scrolling stops moving the page, and reloads a load that never ends', () => {
    expect(buildRecoveryProposal(trigger([scrollDown()]), step)).toMatchObject({ step: 'Scroll up' });
    expect(buildRecoveryProposal(trigger([wait()], 'REPEAT_SEQ_L1_R5'), step)).toMatchObject({ step: 'Press F5' });
  });

  it('looks further down the current view when oscillating between two tabs', () => {
    const unit = [click('Summary', undefined, 'tab'), click('Details', undefined, 'tab')];
    expect(buildRecoveryProposal(trigger(unit, 'REPEAT_SEQ_L2_R3'), step)).toMatchObject({ step: 'Scroll down' });
  });

  it('never proposes the action that kept repeating', () => {
    expect(buildRecoveryProposal(trigger([press('Escape')]), { text: 'Close the dialog' })).toMatchObject({
      step: 'Scroll down',
    });
  });

  it('reports exhaustion instead of proposing a step already tried', () => {
    const proposal = buildRecoveryProposal(trigger([click('Save')]), step, {
      previousProposals: ['Press Escape', 'Scroll down', 'Scroll up'],
    });
    expect(proposal).toMatchObject({ type: 'exhausted', pattern: 'REPEAT_SEQ_L1_R3' });
  });
});
