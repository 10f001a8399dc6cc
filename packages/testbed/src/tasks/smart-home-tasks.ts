import { createPageChecks } from '../check.js';
import { smartHomeInitialData, type SmartHomeData, type SmartHomeView } from '../fixtures/smart-home.js';
import { defineTasks } from './define.js';

const on = createPageChecks<SmartHomeData, SmartHomeView>('smart-home', smartHomeInitialData);

export const smartHomeTasks = defineTasks('smart-home', 'html', [
  {
    name: 'kitchen-tab',
    widget: 'tabs',
    goal: 'The Kitchen tab is the active tab and no device changed.',
    say: {
      terse: 'Switch to the Kitchen tab.',
      polite: 'Could you show me the kitchen controls?',
      lower: 'go to the kitchen tab',
      quoted: "Select the tab 'Kitchen'.",
    },
    check: on.expect(() => undefined, { tab: 'kitchen' }),
  },
  {
    name: 'bedroom-brightness-30',
    widget: 'slider',
    goal: 'The Bedroom brightness is 30%; the other rooms are unchanged.',
    say: {
      terse: 'Set Bedroom brightness to 30%.',
      polite: 'Please dim the bedroom light level to thirty percent.',
      lower: 'bedroom brightness to 30',
      quoted: 'On the “Bedroom” tab, move the “Brightness” slider to 30.',
    },
    check: on.expect((data) => {
      data.rooms.bedroom.brightness = 30;
    }),
  },
  {
    name: 'living-thermostat-21-5',
    widget: 'spinbutton',
    goal: 'The Living room thermostat is at 21.5 °C.',
    say: {
      terse: 'Living room thermostat to 21.5 °C.',
      polite: 'Could you set the living room thermostat to twenty-one and a half degrees?',
      goal: 'I want the living room at 21.5 degrees.',
    },
    check: on.expect((data) => {
      data.rooms.living.temperature = 21.5;
    }),
  },
  {
    name: 'kitchen-lights-off',
    widget: 'switch',
    goal: 'The Kitchen lights are off; nothing else changed.',
    say: {
      terse: 'Turn off the kitchen lights.',
      polite: 'Would you switch the lights off in the kitchen?',
      lower: 'kitchen lights off',
      quoted: "In 'Kitchen', switch 'Lights' off.",
    },
    check: on.expect((data) => {
      data.rooms.kitchen.lights = false;
    }),
  },
  {
    name: 'open-garage-door',
    widget: 'dialog',
    goal: 'The garage door is open, confirmed in the dialog.',
    say: {
      terse: 'Open the garage door and confirm.',
      polite: 'I am arriving home; could you open the garage door? It asks for confirmation.',
      goal: 'The garage door should be open when I get there.',
    },
    check: on.expect((data) => {
      data.garageDoor = 'open';
    }),
  },
  {
    name: 'movie-night-scene',
    widget: 'menu',
    goal: "The 'Movie night' scene was started from the Scenes menu.",
    say: {
      terse: 'Start the Movie night scene.',
      polite: 'Could you pick Movie night from the Scenes menu?',
      lower: 'open scenes and choose movie night',
      quoted: 'Open “Scenes” and click “Movie night”.',
    },
    check: on.expect((data) => {
      data.scene = 'movie-night';
    }),
  },
  {
    name: 'kitchen-full-brightness',
    widget: 'slider',
    goal: 'The Kitchen brightness is at its maximum, 100%.',
    say: {
      terse: 'Kitchen brightness to maximum.',
      polite: 'Please turn the kitchen brightness all the way up.',
      lower: 'set the kitchen brightness as high as it goes',
    },
    check: on.expect((data) => {
      data.rooms.kitchen.brightness = 100;
    }),
  },
  {
    name: 'bedroom-two-degrees-cooler',
    widget: 'spinbutton',
    goal: 'The Bedroom thermostat is 2 °C lower than before, at 18 °C.',
    say: {
      terse: 'Lower the bedroom thermostat by 2 degrees.',
      polite: 'It is too warm in the bedroom; could you turn the thermostat down by two degrees?',
      goal: 'The bedroom should be two degrees cooler than it is set now.',
    },
    check: on.expect((data) => {
      data.rooms.bedroom.temperature = 18;
    }),
  },
  {
    name: 'ask-which-lights',
    widget: 'switch',
    expected: 'ask',
    goal: 'Nothing changes: lights are on in two rooms and the instruction does not say which.',
    say: {
      terse: 'Turn the light off.',
      polite: 'Could you switch off the light, please?',
      lower: 'light off',
    },
    check: on.untouched(),
  },
]);
