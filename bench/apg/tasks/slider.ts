/** Tasks on the slider examples: multi-thumb price range, colour viewer, rating, media seek, thermostat. */
import { pageState } from '../state.js';
import type { ApgTask } from '../task.js';

/** Every slider's value, keyed by its accessible label (or the text of the element it points to). */
const readSliders = () => {
  const state: Record<string, number | string | null> = {};
  for (const slider of Array.from(document.querySelectorAll('[role="slider"]'))) {
    const name =
      slider.getAttribute('aria-label') ??
      document.getElementById(slider.getAttribute('aria-labelledby')?.split(' ')[0] ?? '')?.textContent?.trim() ??
      '?';
    state[name] = Number(slider.getAttribute('aria-valuenow'));
  }
  const hex = document.querySelector<HTMLInputElement>('.color-value-hex');
  if (hex) state['hex colour'] = hex.value.toUpperCase();
  return state;
};

const priceRange = pageState({
  example: 'patterns/slider-multithumb/examples/slider-multithumb.html',
  arg: undefined,
  read: readSliders,
  initial: { 'Hotel Minimum Price in US dollars': 100, 'Hotel Maximum Price in US dollars': 250 },
});

const colours = pageState({
  example: 'patterns/slider/examples/slider-color-viewer.html',
  arg: undefined,
  read: readSliders,
  initial: { Red: 128, Green: 128, Blue: 128, 'hex colour': '#808080' },
});

const ratingSlider = pageState({
  example: 'patterns/slider/examples/slider-rating.html',
  arg: undefined,
  read: readSliders,
  initial: { 'Rate your satisfaction with the service you received': 0 },
});

const seek = pageState({
  example: 'patterns/slider/examples/slider-seek.html',
  arg: undefined,
  read: readSliders,
  initial: { Seek: 90 },
});

const thermostat = pageState({
  example: 'patterns/slider/examples/slider-temperature.html',
  arg: undefined,
  read: readSliders,
  initial: { Temperature: 25 },
});

export const sliderPages = [priceRange, colours, ratingSlider, seek, thermostat];

export const sliderTasks: readonly ApgTask[] = [
  {
    id: 'slider-min-price-150',
    example: priceRange.example,
    widget: 'slider',
    goal: 'The minimum hotel price is $150; the maximum stays $250.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Set the minimum price to $150.' },
      { style: 'lower', text: 'nothing under 150 dollars' },
    ],
    check: priceRange.expect({ 'Hotel Minimum Price in US dollars': 150 }),
  },
  {
    id: 'slider-price-range',
    example: priceRange.example,
    widget: 'slider',
    goal: 'The hotel price range is $120 to $320.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you set the hotel price range to $120–$320?' },
      { style: 'goal', text: 'I can spend between 120 and 320 dollars a night.' },
    ],
    check: priceRange.expect({ 'Hotel Minimum Price in US dollars': 120, 'Hotel Maximum Price in US dollars': 320 }),
  },
  {
    id: 'slider-red-full',
    example: colours.example,
    widget: 'slider',
    goal: 'Red is at its maximum, 255; green and blue stay at 128.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Turn red all the way up.' },
      { style: 'quoted', text: 'Set the "Red" slider to 255.' },
    ],
    check: colours.expect({ Red: 255, 'hex colour': '#FF8080' }),
  },
  {
    id: 'slider-pure-blue',
    example: colours.example,
    widget: 'slider',
    goal: 'The colour is pure blue: red 0, green 0, blue 255 (#0000FF).',
    expected: 'done',
    instructions: [
      { style: 'goal', text: 'Make the colour box pure blue.' },
      { style: 'lower', text: 'set rgb to 0 0 255' },
      { style: 'polite', text: 'Please set red and green to zero and blue to 255.' },
    ],
    check: colours.expect({ Red: 0, Green: 0, Blue: 255, 'hex colour': '#0000FF' }),
  },
  {
    id: 'slider-rating-eight',
    example: ratingSlider.example,
    widget: 'slider',
    goal: 'The satisfaction rating is 8 out of 10.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Rate the service 8.' },
      { style: 'lower', text: 'i was pretty satisfied, 8 out of 10' },
    ],
    check: ratingSlider.expect({ 'Rate your satisfaction with the service you received': 8 }),
  },
  {
    id: 'slider-seek-2-30',
    example: seek.example,
    widget: 'slider',
    goal: 'The seek position is 2 minutes 30 seconds.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Seek to 2:30.' },
      { style: 'polite', text: 'Could you jump to two and a half minutes in?' },
    ],
    check: seek.expect({ Seek: 150 }),
  },
  {
    id: 'slider-temperature-20',
    example: thermostat.example,
    widget: 'slider',
    goal: 'The temperature is set to 20.0 °C.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Set the temperature to 20°C.' },
      { style: 'goal', text: 'It should be 20 degrees.' },
      { style: 'lower', text: 'turn it down to 20 degrees' },
    ],
    check: thermostat.expect({ Temperature: 20 }),
  },
  {
    id: 'slider-temperature-45-infeasible',
    example: thermostat.example,
    widget: 'slider',
    goal: 'Nothing changes: the thermostat only goes up to 38 °C.',
    expected: 'infeasible',
    instructions: [
      { style: 'terse', text: 'Set the temperature to 45°C.' },
      { style: 'polite', text: 'Please turn the heating up to 45 degrees.' },
    ],
    check: thermostat.unchanged(),
  },
];
