import { createPageChecks } from '../check.js';
import {
  reactSelectTripInitialData,
  type ReactSelectTripData,
  type ReactSelectTripView,
  type TripFields,
} from '../fixtures/react-select-trip.js';
import { defineTasks } from './define.js';

const on = createPageChecks<ReactSelectTripData, ReactSelectTripView>('react-select-trip', reactSelectTripInitialData);
const fieldsAre = (change: Partial<TripFields>) =>
  on.expect((data) => {
    Object.assign(data.fields, change);
  });

export const reactSelectTripTasks = defineTasks('react-select-trip', 'react-select', [
  {
    name: 'lisbon-to-oslo',
    widget: 'select',
    goal: 'From is Lisbon and To is Oslo; nothing submitted.',
    say: {
      terse: 'Set From to Lisbon and To to Oslo.',
      polite: 'Could you fill in the trip from Lisbon to Oslo? Do not submit yet.',
      lower: 'from lisbon to oslo',
      quoted: 'Choose “Lisbon” under “From” and “Oslo” under “To”.',
    },
    check: fieldsAre({ from: 'lis', to: 'osl' }),
  },
  {
    name: 'add-three-travellers',
    widget: 'select',
    goal: 'The travellers are Ana Souza, Ben Carter and Chidi Obi, plus Mei Lin who was there already.',
    say: {
      terse: 'Add travellers Ana Souza, Ben Carter and Chidi Obi.',
      polite: 'Please add Ana Souza, Ben Carter and Chidi Obi to the travellers, keeping Mei Lin.',
      lower: 'add ana souza, ben carter and chidi obi as travellers',
    },
    check: fieldsAre({ travellers: ['ana', 'ben', 'chidi', 'mei'] }),
  },
  {
    name: 'clear-cost-center',
    widget: 'select',
    goal: 'The cost center is cleared (empty).',
    say: {
      terse: 'Clear the Cost center.',
      polite: 'Could you remove the cost center that is filled in? I will choose it later.',
      quoted: "Empty the 'Cost center' field.",
    },
    check: fieldsAre({ costCenter: null }),
  },
  {
    name: 'hotel-search',
    widget: 'combobox',
    goal: "The hotel is 'Harbour View Inn, Oslo', found by typing in the hotel search.",
    say: {
      terse: "Hotel: search harbour, choose 'Harbour View Inn, Oslo'.",
      polite: 'Could you book the Harbour View Inn in Oslo as the hotel? Typing harbour finds it.',
      lower: 'pick the harbour view inn in oslo as hotel',
    },
    check: fieldsAre({ hotel: 'harbour-view-oslo' }),
  },
  {
    name: 'submit-porto-toronto',
    widget: 'form',
    goal: 'A request by Ana Souza from Porto to Toronto with Lakeshore Suites was submitted, other fields as they were.',
    say: {
      terse: "Requested by 'Ana Souza', from Porto, to Toronto, hotel Lakeshore Suites; submit.",
      polite:
        'Please submit a trip request for Ana Souza from Porto to Toronto, staying at Lakeshore Suites. Leave the rest as it is.',
      quoted:
        'Fill “Requested by” with “Ana Souza”, “From” “Porto”, “To” “Toronto”, “Hotel” “Lakeshore Suites, Toronto”, then “Submit request”.',
    },
    check: on.expect((data) => {
      Object.assign(data.fields, { travellerName: 'Ana Souza', from: 'opo', to: 'yyz', hotel: 'lakeshore-toronto' });
      data.submitted = { ...data.fields, travellers: [...data.fields.travellers], tags: [...data.fields.tags] };
    }),
  },
  {
    name: 'remove-mei',
    widget: 'select',
    goal: 'Mei Lin is no longer a traveller, leaving none.',
    say: {
      terse: 'Remove Mei Lin from Travellers.',
      polite: 'Mei Lin is not coming after all; could you take her off the travellers?',
      lower: 'remove mei lin',
    },
    check: fieldsAre({ travellers: [] }),
  },
  {
    name: 'create-tag',
    widget: 'combobox',
    goal: "A new tag 'client-visit' was created and is the only tag.",
    say: {
      terse: "Add a new tag 'client-visit'.",
      polite: 'Could you tag the trip with client-visit? It is not in the list yet, so create it.',
      quoted: 'Type “client-visit” into “Tags” and create it.',
    },
    check: fieldsAre({ tags: ['client-visit'] }),
  },
  {
    name: 'cost-center-research',
    widget: 'select',
    goal: 'The cost center is CC-330 Research.',
    say: {
      terse: 'Cost center: CC-330 Research.',
      polite: 'This trip should be paid by research; could you change the cost center?',
      lower: 'set the cost center to cc-330',
    },
    check: fieldsAre({ costCenter: 'CC-330' }),
  },
  {
    name: 'ask-which-portland',
    widget: 'select',
    expected: 'ask',
    goal: 'Nothing changes: the list has Portland, Oregon and Portland, Maine.',
    say: {
      terse: 'Set To to Portland.',
      polite: 'Could you set the destination to Portland?',
      lower: 'going to portland',
    },
    check: on.untouched(),
  },
]);
