/** Tasks on the toolbar example: text formatting controls above a text area. */
import { pageState } from '../state.js';
import type { ApgTask } from '../task.js';

const toolbar = pageState({
  example: 'patterns/toolbar/examples/toolbar.html',
  arg: undefined,
  read: () => {
    const bar = document.querySelector('#ex1 [role="toolbar"]');
    const pressed = (name: string) => bar?.querySelector(`button.${name}`)?.getAttribute('aria-pressed') ?? null;
    const text = document.getElementById('textarea1') as HTMLTextAreaElement | null;
    return {
      bold: pressed('bold'),
      italic: pressed('italic'),
      underline: pressed('underline'),
      alignment:
        bar
          ?.querySelector('[role="radiogroup"] [role="radio"][aria-checked="true"] .popup-label')
          ?.textContent?.trim() ?? null,
      font:
        Array.from(bar?.querySelectorAll('[role="menuitemradio"][aria-checked="true"]') ?? [])
          .map((item) => item.textContent?.trim() ?? '')
          .join(', ') || null,
      'font size': Number(bar?.querySelector('[role="spinbutton"]')?.getAttribute('aria-valuenow')),
      'night mode': (document.getElementById('checkbox') as HTMLInputElement | null)?.checked ?? null,
      'sample font-weight': text?.style.fontWeight ?? null,
      'sample font-style': text?.style.fontStyle ?? null,
      'sample text-decoration': text?.style.textDecoration ?? null,
      'sample text-align': text?.style.textAlign ?? null,
      'sample font-family': text?.style.fontFamily ?? null,
      'sample font-size': text?.style.fontSize ?? null,
    };
  },
  initial: {
    bold: 'false',
    italic: 'false',
    underline: 'false',
    alignment: 'Text Align Left',
    font: 'Sans-serif',
    'font size': 14,
    'night mode': false,
    'sample font-weight': '',
    'sample font-style': '',
    'sample text-decoration': '',
    'sample text-align': '',
    'sample font-family': 'sans-serif',
    'sample font-size': '14pt',
  },
});

export const toolbarPages = [toolbar];

export const toolbarTasks: readonly ApgTask[] = [
  {
    id: 'toolbar-bold-italic',
    example: toolbar.example,
    widget: 'toolbar',
    goal: 'Bold and Italic are on and the sample text is bold italic; underline stays off.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Bold and italic.' },
      { style: 'goal', text: 'The text should be bold and in italics.' },
      { style: 'lower', text: 'make it bold and italic' },
    ],
    check: toolbar.expect({
      bold: 'true',
      italic: 'true',
      'sample font-weight': 'bold',
      'sample font-style': 'italic',
    }),
  },
  {
    id: 'toolbar-align-right',
    example: toolbar.example,
    widget: 'toolbar',
    goal: 'The text is right-aligned.',
    expected: 'done',
    instructions: [
      { style: 'quoted', text: 'Click "Text Align Right".' },
      { style: 'polite', text: 'Could you align the text to the right?' },
    ],
    check: toolbar.expect({ alignment: 'Text Align Right', 'sample text-align': 'right' }),
  },
  {
    id: 'toolbar-font-cursive',
    example: toolbar.example,
    widget: 'toolbar',
    goal: 'The font family is Cursive.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Change the font to Cursive.' },
      { style: 'lower', text: 'use the cursive font' },
    ],
    check: toolbar.expect({ font: 'Cursive', 'sample font-family': 'cursive' }),
  },
  {
    id: 'toolbar-font-size-18',
    example: toolbar.example,
    widget: 'toolbar',
    goal: 'The font size is 18 points.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Font size 18pt.' },
      { style: 'polite', text: 'Please increase the text size to 18 points.' },
    ],
    check: toolbar.expect({ 'font size': 18, 'sample font-size': '18pt' }),
  },
  {
    id: 'toolbar-night-mode',
    example: toolbar.example,
    widget: 'toolbar',
    goal: 'Night Mode is on.',
    expected: 'done',
    instructions: [
      { style: 'quoted', text: 'Tick "Night Mode".' },
      { style: 'goal', text: 'I want light text on a dark background.' },
    ],
    check: toolbar.expect({ 'night mode': true }),
  },
  {
    id: 'toolbar-change-font-ask',
    example: toolbar.example,
    widget: 'toolbar',
    goal: 'The font is left alone until the person says which font they want.',
    expected: 'ask',
    instructions: [
      { style: 'terse', text: 'Change the font.' },
      { style: 'lower', text: 'use a different font' },
    ],
    check: toolbar.unchanged(),
  },
];
