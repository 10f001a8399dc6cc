import { renderStepIntent } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { interpretInstruction } from './interpret.js';

function read(text: string): string[] {
  const result = interpretInstruction(text);
  if (result.unparsed.length > 0) return [`unread: ${result.unparsed.join(' | ')}`];
  return result.steps.map((step) => renderStepIntent(step.intent));
}

describe('commands that open a form, fill it and send it', () => {
  it('takes the address given in brackets after a name, and no place the person is invited to', () => {
    expect(read('Would you invite Noor (noor@example.com) to the workspace as an editor?')).toEqual(
      read('Invite noor@example.com as editor.'),
    );
    // Without an address there is nothing to type: the person is asked.
    expect(read('invite Noor to the workspace as an editor')[0]).toMatch(/^unread/);
  });

  it('puts each value where the words say, then sends the form with its own control', () => {
    expect(read('Invite noor@example.com as Editor.')).toEqual([
      'Invite',
      "Type 'noor@example.com'",
      "Pick 'Editor'",
      'Invite',
    ]);
    expect(read("Forward Invoice INV-2291 to accounts@tidewater.example, message 'Please pay by the 30th.'")).toEqual([
      "Forward 'Invoice INV-2291'",
      "Type 'accounts@tidewater.example'",
      "Set the 'message' field to 'Please pay by the 30th.'",
      'Send',
    ]);
    expect(read("Reply 'Thanks, noted.' to the last message.")).toEqual([
      'Reply the last card',
      "Type 'Thanks, noted.'",
      'Send',
    ]);
    expect(read('Could you create a project called Pilot Boarding using the Scrum template?')).toEqual([
      "Create 'project'",
      "Type 'Pilot Boarding'",
      "Set the 'template' field to 'Scrum'",
      'Create',
    ]);
  });

  it('replaces the old name in a rename dialog', () => {
    expect(read("Rename Dock Scheduling to 'Berth Scheduling'")).toEqual([
      "Rename 'Dock Scheduling'",
      "Type 'Berth Scheduling' into the first field in the dialog",
      'Save',
    ]);
  });

  it("reads nothing when two values could land in each other's place, or a value is only described", () => {
    expect(read("Invite 'Noor' with 'Welcome aboard'")[0]).toMatch(/^unread/);
    expect(read('invite noor as someone nice')[0]).toMatch(/^unread/);
  });
});

describe("an item's edit form, its fields after a colon", () => {
  it('opens the item with Edit, sets each labelled field, and saves once', () => {
    expect(read('Edit Generator G-1: status Retired.')).toEqual([
      "Edit 'Generator G-1'",
      "Set the 'status' field to 'Retired'",
      'Save',
    ]);
    expect(read("Edit Chiller-01: technician to 'Rosa Diaz', next service 4 May 2026. Save.")).toEqual([
      "Edit 'Chiller-01'",
      "Set the 'technician' field to 'Rosa Diaz'",
      "Set the 'next service' field to '4 May 2026'",
      'Save',
    ]);
  });

  it('reads nothing when a part has no label, or a value that is not one by itself', () => {
    expect(read('Edit Chiller-01: Rosa Diaz')).toEqual(['unread: Edit Chiller-01: Rosa Diaz']);
    expect(read('Edit Chiller-01: technician someone senior')).toEqual([
      'unread: Edit Chiller-01: technician someone senior',
    ]);
  });
});
