import '../shared/base.css';
import 'tom-select/dist/css/tom-select.css';
import 'nouislider/dist/nouislider.css';
import noUiSlider, { type API as SliderApi } from 'nouislider';
import TomSelect from 'tom-select';
import {
  jobCities,
  jobSkills,
  salaryRange,
  tomSelectJobsInitialData,
  type JobFilters,
  type TomSelectJobsData,
  type TomSelectJobsView,
} from '../../src/fixtures/tom-select-jobs.js';
import { byId } from '../shared/dom.js';
import { exposeState, sorted } from '../shared/testbed-state.js';

const initial = tomSelectJobsInitialData.filters;
const view: TomSelectJobsView = { results: 0 };
let applied: JobFilters | null = null;

const skillsSelect = byId<HTMLSelectElement>('skills');
for (const skill of jobSkills) skillsSelect.add(new Option(skill, skill, false, initial.skills.includes(skill)));
const skills = new TomSelect(skillsSelect, { create: true, plugins: ['remove_button'], maxOptions: 50 });

const citySelect = byId<HTMLSelectElement>('city');
for (const city of jobCities) citySelect.add(new Option(city, city));
const city = new TomSelect(citySelect, { allowEmptyOption: true, maxItems: 1 });

const euros = (value: number) => `€${Math.round(value / 1000)}k`;
const salary: SliderApi = noUiSlider.create(byId('salary'), {
  start: initial.salary,
  connect: true,
  step: salaryRange.step,
  range: { min: salaryRange.min, max: salaryRange.max },
  tooltips: [{ to: euros }, { to: euros }],
  handleAttributes: [{ 'aria-label': 'Minimum salary' }, { 'aria-label': 'Maximum salary' }],
  ariaFormat: { to: euros },
});
const remote: SliderApi = noUiSlider.create(byId('remote'), {
  start: initial.remoteDays,
  step: 1,
  range: { min: 0, max: 5 },
  tooltips: { to: (value: number) => `${Math.round(value)} days` },
  pips: { mode: 'steps' as never, density: 20 },
  handleAttributes: [{ 'aria-label': 'Minimum remote days per week' }],
});

/** The filters as the widgets hold them: Tom Select's values and noUiSlider's handle positions. */
function currentFilters(): JobFilters {
  const skillValue = skills.getValue();
  const cityValue = city.getValue();
  const handles = ([] as unknown[]).concat(salary.get(true)).map(Number);
  return {
    skills: sorted(Array.isArray(skillValue) ? skillValue : skillValue === '' ? [] : [skillValue]),
    city: Array.isArray(cityValue) ? (cityValue[0] ?? '') : cityValue,
    salary: handles.map((value) => Math.round(value)),
    remoteDays: Math.round(Number(remote.get(true))),
  };
}

byId('filters').addEventListener('submit', (event) => {
  event.preventDefault();
  applied = currentFilters();
  // A made-up but steady count, so the page answers like a search would.
  view.results = 12 + applied.skills.length * 3 + (applied.city === '' ? 20 : 4) - applied.remoteDays;
  byId('results').hidden = false;
  byId('results').textContent = `${view.results} jobs match your filters.`;
});
byId('clear').addEventListener('click', () => {
  skills.clear();
  city.clear();
  salary.set([salaryRange.min, salaryRange.max]);
  remote.set(0);
});

exposeState('tom-select-jobs', () => {
  const data: TomSelectJobsData = { filters: currentFilters(), applied };
  return { data, view };
});
