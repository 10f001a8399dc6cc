import { createPageChecks } from '../check.js';
import {
  tomSelectJobsInitialData,
  type JobFilters,
  type TomSelectJobsData,
  type TomSelectJobsView,
} from '../fixtures/tom-select-jobs.js';
import { defineTasks } from './define.js';

const on = createPageChecks<TomSelectJobsData, TomSelectJobsView>('tom-select-jobs', tomSelectJobsInitialData);

/** The filters changed as given and then applied. */
const appliedWith = (change: Partial<JobFilters>) =>
  on.expect((data) => {
    Object.assign(data.filters, change);
    data.applied = structuredClone(data.filters);
  });

export const tomSelectJobsTasks = defineTasks('tom-select-jobs', 'tom-select', [
  {
    name: 'add-three-skills',
    widget: 'combobox',
    goal: 'The skills TypeScript, Go and SQL are added to React and the filters applied.',
    say: {
      terse: 'Add skills TypeScript, Go and SQL; Apply filters.',
      polite: 'Could you add TypeScript, Go and SQL to the skills, keep React, and apply the filters?',
      quoted: "Add 'TypeScript', 'Go' and 'SQL' under 'Skills', then press 'Apply filters'.",
    },
    check: appliedWith({ skills: ['Go', 'React', 'SQL', 'TypeScript'] }),
  },
  {
    name: 'create-elixir',
    widget: 'combobox',
    goal: "A new skill 'Elixir' (not in the list) is added beside React and the filters applied.",
    say: {
      terse: 'Add the skill Elixir (create it) and apply.',
      polite: 'Elixir is not in the skills list; could you add it anyway and apply the filters?',
      lower: 'add elixir as a new skill and apply filters',
    },
    check: appliedWith({ skills: ['Elixir', 'React'] }),
  },
  {
    name: 'city-lisbon',
    widget: 'select',
    goal: 'The city filter is Lisbon and applied.',
    say: {
      terse: 'City: Lisbon. Apply.',
      polite: 'Please look for jobs in Lisbon only, and apply.',
      lower: 'choose lisbon as the city then apply filters',
    },
    check: appliedWith({ city: 'Lisbon' }),
  },
  {
    name: 'salary-60k-to-120k',
    widget: 'slider',
    library: 'nouislider',
    goal: 'The salary range is €60k to €120k and applied.',
    say: {
      terse: 'Salary range 60k–120k, apply.',
      polite: 'Could you set the salary range from 60,000 to 120,000 euros and apply the filters?',
      goal: 'I only want jobs paying between €60k and €120k a year.',
      quoted: 'Drag “Minimum salary” to “€60k” and “Maximum salary” to “€120k”, then “Apply filters”.',
    },
    check: appliedWith({ salary: [60000, 120000] }),
  },
  {
    name: 'three-remote-days',
    widget: 'slider',
    library: 'nouislider',
    goal: 'The minimum remote days is 3 and applied.',
    say: {
      terse: 'Minimum remote days 3; apply.',
      polite: 'Please set the minimum number of remote days to three and apply.',
      lower: 'at least three remote days a week then apply',
    },
    check: appliedWith({ remoteDays: 3 }),
  },
  {
    name: 'remove-react',
    widget: 'combobox',
    goal: 'React is removed, leaving no skill, and the filters applied.',
    say: {
      terse: 'Remove React from Skills, apply.',
      polite: 'I am not after React jobs; could you remove that skill and apply?',
      quoted: 'Delete the ‘React’ tag from ‘Skills’ and click ‘Apply filters’.',
    },
    check: appliedWith({ skills: [] }),
  },
  {
    name: 'typescript-in-toronto',
    widget: 'form',
    goal: 'The applied filters are TypeScript only, Toronto, at least 2 remote days, salary unchanged.',
    say: {
      terse: 'Skills: only TypeScript. City: Toronto. Remote days: 2. Apply.',
      polite:
        'Could you set the search to TypeScript jobs only, in Toronto, with at least two remote days, and apply it?',
      goal: 'Show me TypeScript jobs in Toronto where I can work from home at least two days a week.',
    },
    check: appliedWith({ skills: ['TypeScript'], city: 'Toronto', remoteDays: 2 }),
  },
  {
    name: 'ask-which-salary-handle',
    widget: 'slider',
    library: 'nouislider',
    expected: 'ask',
    goal: 'Nothing changes: the salary slider has a minimum and a maximum, and 90k fits either.',
    say: {
      terse: 'Set the salary to 90k.',
      polite: 'Could you put the salary at 90,000?',
      lower: 'salary 90k',
    },
    check: on.untouched(),
  },
  {
    name: 'infeasible-paris',
    widget: 'select',
    expected: 'infeasible',
    goal: 'Nothing changes: Paris is not one of the cities.',
    say: {
      terse: 'City: Paris, then apply.',
      polite: 'Could you search for jobs in Paris?',
      lower: 'jobs in paris please',
    },
    check: on.untouched(),
  },
]);
