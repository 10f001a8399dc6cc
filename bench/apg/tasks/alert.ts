/** Tasks on the alert example and the alert dialog example (a notes box with save and discard). */
import { pageState, typed } from '../state.js';
import type { ApgTask } from '../task.js';

const alert = pageState({
  example: 'patterns/alert/examples/alert.html',
  arg: undefined,
  read: () => ({ 'alert text': document.getElementById('example')?.textContent?.trim() ?? null }),
  initial: { 'alert text': '' },
});

const original = '(original text)';

const notes = pageState({
  example: 'patterns/alertdialog/examples/alertdialog.html',
  arg: original,
  read: (originalLabel) => {
    const box = document.getElementById('notes') as HTMLTextAreaElement | null;
    const raw = localStorage.getItem('alertdialog-notes');
    const saved = raw === null ? null : (JSON.parse(raw) as string);
    const asLabel = (text: string | null) =>
      text !== null && box !== null && text === box.defaultValue ? originalLabel : text;
    const dialog = document.getElementById('alertdialog');
    return {
      notes: asLabel(box?.value ?? null),
      'saved notes': asLabel(saved),
      'confirmation open': dialog !== null && !dialog.classList.contains('hidden'),
    };
  },
  initial: { notes: original, 'saved notes': null, 'confirmation open': false },
});

export const alertPages = [alert, notes];

export const alertTasks: readonly ApgTask[] = [
  {
    id: 'alert-trigger',
    example: alert.example,
    widget: 'alert',
    goal: 'The alert region shows its message ("Hello").',
    expected: 'done',
    instructions: [
      { style: 'quoted', text: 'Press "Trigger Alert".' },
      { style: 'lower', text: 'trigger the alert' },
    ],
    check: alert.expect({ 'alert text': 'Hello' }),
  },
  {
    id: 'alertdialog-discard-notes',
    example: notes.example,
    widget: 'alertdialog',
    goal: 'The notes are discarded (the box is empty, nothing saved) and the confirmation is closed.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Discard the notes.' },
      { style: 'polite', text: 'Please throw away what is in the notes box; yes, I am sure.' },
      { style: 'goal', text: 'I want the notes box emptied.' },
    ],
    check: notes.expect({ notes: '' }),
  },
  {
    id: 'alertdialog-save-notes',
    example: notes.example,
    widget: 'alertdialog',
    goal: 'The notes are saved as they are; the text is unchanged and no confirmation is open.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Save the notes.' },
      { style: 'lower', text: 'save my notes as they are' },
    ],
    check: notes.expect({ 'saved notes': original }),
  },
  {
    id: 'alertdialog-replace-and-save',
    example: notes.example,
    widget: 'alertdialog',
    goal: 'The notes read "Call the plumber on Monday" and that text is saved.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you replace the notes with "Call the plumber on Monday" and save them?' },
      { style: 'goal', text: 'My saved notes should just say: Call the plumber on Monday.' },
    ],
    check: notes.expect({
      notes: typed('Call the plumber on Monday'),
      'saved notes': typed('Call the plumber on Monday'),
    }),
  },
];
