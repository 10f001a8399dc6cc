/** Tasks on the two auto-rotating carousels (previous/next buttons, and slide tabs). */
import { anything, oneOf, pageState } from '../state.js';
import type { ApgTask } from '../task.js';

const prevNext = pageState({
  example: 'patterns/carousel/examples/carousel-1-prev-next.html',
  arg: undefined,
  read: () => {
    // Playing, stopped by the start/stop button, or auto-rotation switched off in the example options.
    const button = document.querySelector<HTMLButtonElement>('#myCarousel .controls button.rotation');
    const rotation =
      button === null
        ? null
        : button.hidden
          ? 'disabled'
          : button.getAttribute('aria-label') === 'Stop automatic slide show'
            ? 'playing'
            : 'stopped';
    return {
      rotation,
      slide: document.querySelector('#myCarousel .carousel-item.active')?.getAttribute('aria-label') ?? null,
      'controls outside option':
        (document.getElementById('accessible-controls') as HTMLInputElement | null)?.checked ?? null,
      'paused-on-load option': (document.getElementById('rotation-paused') as HTMLInputElement | null)?.checked ?? null,
    };
  },
  initial: { rotation: 'playing', slide: anything, 'controls outside option': false, 'paused-on-load option': false },
});

const tablist = pageState({
  example: 'patterns/carousel/examples/carousel-2-tablist.html',
  arg: undefined,
  read: () => {
    // Playing, stopped by the start/stop button, or auto-rotation switched off in the example options.
    const button = document.querySelector<HTMLButtonElement>('#myCarousel .controls button.rotation');
    const rotation =
      button === null
        ? null
        : button.hidden
          ? 'disabled'
          : button.getAttribute('aria-label') === 'Stop automatic slide show'
            ? 'playing'
            : 'stopped';
    const shown = Array.from(document.querySelectorAll('#myCarousel [role="tabpanel"]')).filter((panel) =>
      panel.classList.contains('active'),
    );
    return {
      rotation,
      'selected tab':
        document.querySelector('#myCarousel [role="tab"][aria-selected="true"]')?.getAttribute('aria-label') ?? null,
      slide: shown.length === 1 ? (shown[0]?.getAttribute('aria-label') ?? null) : `${shown.length} slides shown`,
      'controls outside option':
        (document.getElementById('accessible-controls') as HTMLInputElement | null)?.checked ?? null,
      'paused-on-load option': (document.getElementById('rotation-paused') as HTMLInputElement | null)?.checked ?? null,
    };
  },
  initial: {
    rotation: 'playing',
    'selected tab': anything,
    slide: anything,
    'controls outside option': false,
    'paused-on-load option': false,
  },
});

export const carouselPages = [prevNext, tablist];

const stopped = oneOf('stopped', 'disabled');

export const carouselTasks: readonly ApgTask[] = [
  {
    id: 'carousel-stop-rotation',
    example: prevNext.example,
    widget: 'carousel',
    goal: 'The automatic slide show is stopped (any slide may be showing).',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Stop the slide show.' },
      { style: 'goal', text: 'The pictures keep changing on their own; I want them to stay put.' },
      { style: 'lower', text: 'pause the carousel' },
    ],
    check: prevNext.expect({ rotation: stopped }),
  },
  {
    id: 'carousel-stop-on-foyles-war',
    example: prevNext.example,
    widget: 'carousel',
    goal: 'Rotation is stopped with slide 4 of 6 ("Foyle’s War Revisited") showing.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Please stop the carousel on the Foyle’s War Revisited slide.' },
      { style: 'terse', text: 'Pause the slides on slide 4.' },
    ],
    check: prevNext.expect({ rotation: stopped, slide: '4 of 6' }),
  },
  {
    id: 'carousel-faster-infeasible',
    example: prevNext.example,
    widget: 'carousel',
    goal: 'Nothing changes: the carousel has no control for its rotation speed.',
    expected: 'infeasible',
    instructions: [
      { style: 'terse', text: 'Make the slides change twice as fast.' },
      { style: 'polite', text: 'Could you speed up the slide show so each slide shows for only two seconds?' },
    ],
    check: prevNext.unchanged(),
  },
  {
    id: 'carousel-tabs-slide-3',
    example: tablist.example,
    widget: 'carousel',
    goal: 'Rotation is stopped with slide 3 of 6 selected and showing.',
    expected: 'done',
    instructions: [
      { style: 'quoted', text: 'Pick the "Slide 3" dot and stop the slide show there.' },
      { style: 'goal', text: 'I want the children’s programming slide (the third one) to stay on screen.' },
    ],
    check: tablist.expect({ rotation: stopped, 'selected tab': 'Slide 3', slide: '3 of 6' }),
  },
  {
    id: 'carousel-tabs-stop',
    example: tablist.example,
    widget: 'carousel',
    goal: 'The automatic slide show is stopped (any slide may be showing).',
    expected: 'done',
    instructions: [
      { style: 'quoted', text: 'Press "Stop automatic slide show".' },
      { style: 'lower', text: 'stop it from rotating' },
    ],
    check: tablist.expect({ rotation: stopped }),
  },
];
