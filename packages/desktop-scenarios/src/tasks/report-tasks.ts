import { getDesktopScenario, type TextScenarioInfo } from '../scenarios.js';
import { equals, fact, sameRows } from './facts.js';
import { boldOnly, defineTextTasks, originalSummaries, summaries, unchangedText } from './text-tasks.js';

const scenario = getDesktopScenario('site-report') as TextScenarioInfo;

const HEADING_1 = 'Heading_20_1';
const MISSPELT = 'recieve';
const PHRASE = 'not yet approved';
const SIGN_OFF = 'Prepared by the operations team.';

export const reportTasks = defineTextTasks(scenario, [
  {
    name: 'heading',
    instruction: "Make 'Quarterly review' a Heading 1 and save.",
    facts: (saved, original) => [
      sameRows(
        'the paragraphs',
        summaries(saved),
        originalSummaries(original).map(([text, style]) => [text, text === 'Quarterly review' ? HEADING_1 : style]),
      ),
      boldOnly(saved),
    ],
  },
  {
    name: 'fix-spelling',
    instruction: `Replace every '${MISSPELT}' with 'receive' and save.`,
    facts: (saved, original) => [
      fact(
        `no '${MISSPELT}' is left, in any case`,
        saved.paragraphs.every((paragraph) => !paragraph.text.toLowerCase().includes(MISSPELT)),
      ),
      sameRows(
        'the paragraphs',
        summaries(saved),
        originalSummaries(original).map(([text, style]) => [text.replaceAll(MISSPELT, 'receive'), style]),
      ),
      boldOnly(saved),
    ],
  },
  {
    name: 'save-as-final',
    instruction: 'Save the document as report-final.odt in the same folder.',
    file: 'report-final.odt',
    alsoUnchanged: ['report.odt'],
    facts: unchangedText,
  },
  {
    name: 'bold-phrase',
    instruction: `Make the words '${PHRASE}' bold and save.`,
    facts: (saved, original) => [
      sameRows('the paragraphs', summaries(saved), originalSummaries(original)),
      fact(
        `'${PHRASE}' appears once`,
        saved.paragraphs.filter((paragraph) => paragraph.text.includes(PHRASE)).length === 1,
      ),
      boldOnly(saved, (text, offset) => {
        const start = text.indexOf(PHRASE);
        return start >= 0 && offset >= start && offset < start + PHRASE.length;
      }),
    ],
  },
  {
    name: 'append-sign-off',
    instruction: `Add a last paragraph saying '${SIGN_OFF}' and save.`,
    facts: (saved, original) => {
      const texts = saved.paragraphs.map((paragraph) => paragraph.text.trim());
      return [
        equals('the last paragraph', texts.at(-1), SIGN_OFF),
        // The new paragraph takes whatever style Writer gives it; the ones before must be as they were.
        sameRows('the paragraphs before it', summaries(saved).slice(0, -1), originalSummaries(original)),
        boldOnly(saved),
      ];
    },
  },
  {
    name: 'delete-note',
    instruction: "Delete the paragraph that starts with 'Note:' and save.",
    facts: (saved, original) => [
      sameRows(
        'the paragraphs',
        summaries(saved),
        originalSummaries(original).filter(([text]) => !text.startsWith('Note:')),
      ),
      boldOnly(saved),
    ],
  },
  {
    // "Quarterly review" and "Next steps" are both section titles typed as plain paragraphs.
    name: 'heading-ambiguous',
    expect: 'clarify',
    instruction: 'Make the section title a Heading 1.',
    facts: unchangedText,
  },
  {
    // The report has no chart, image or frame of any kind.
    name: 'delete-missing-chart',
    expect: 'clarify',
    instruction: 'Delete the chart from the report.',
    facts: unchangedText,
  },
]);
