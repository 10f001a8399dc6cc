import '../shared/base.css';
import 'flatpickr/dist/flatpickr.min.css';
import flatpickr from 'flatpickr';
import type { Instance } from 'flatpickr/dist/types/instance';
import {
  bookingRooms,
  flatpickrBookingInitialData,
  type BookingFields,
  type FlatpickrBookingData,
  type FlatpickrBookingView,
} from '../../src/fixtures/flatpickr-booking.js';
import { byId } from '../shared/dom.js';
import { exposeState } from '../shared/testbed-state.js';

const view: FlatpickrBookingView = { errors: [], openPicker: null };
let booking: BookingFields | null = structuredClone(flatpickrBookingInitialData.booking);
const room = byId<HTMLSelectElement>('room');
for (const option of bookingRooms) room.add(new Option(option.label, option.id));

/**
 * Build a picker whose visible input is flatpickr's alt input. The label pointed at the original
 * input, which flatpickr hides, so the alt input takes over its id.
 */
function picker(id: string, options: flatpickr.Options.Options): Instance {
  const instance = flatpickr(byId(id), {
    allowInput: true,
    altInput: true,
    onOpen: () => (view.openPicker = id),
    onClose: () => (view.openPicker = null),
    ...options,
  });
  const original = instance.input;
  original.id = `${id}-value`;
  if (instance.altInput !== undefined) instance.altInput.id = id;
  return instance;
}

const date = picker('meeting-date', { dateFormat: 'Y-m-d', altFormat: 'F j, Y' });
const timeOptions = { enableTime: true, noCalendar: true, dateFormat: 'H:i', altFormat: 'h:i K', minuteIncrement: 5 };
const start = picker('start-time', timeOptions);
const end = picker('end-time', timeOptions);
const offsite = picker('offsite', { mode: 'range', dateFormat: 'Y-m-d', altFormat: 'F j, Y' });

/** The fields as the pickers hold them right now (their selectedDates, not the text shown). */
function currentFields(): BookingFields {
  const first = (instance: Instance, format: string) => {
    const selected = instance.selectedDates[0];
    return selected === undefined ? null : instance.formatDate(selected, format);
  };
  return {
    room: room.value,
    date: first(date, 'Y-m-d'),
    start: first(start, 'H:i'),
    end: first(end, 'H:i'),
    offsite:
      offsite.selectedDates.length === 2 ? offsite.selectedDates.map((day) => offsite.formatDate(day, 'Y-m-d')) : [],
  };
}

byId('booking').addEventListener('submit', (event) => {
  event.preventDefault();
  const fields = currentFields();
  const errors: string[] = [];
  if (fields.room === '') errors.push('Choose a room.');
  if (fields.date === null) errors.push('Pick the meeting date.');
  if (fields.start === null || fields.end === null) errors.push('Pick a start and an end time.');
  else if (fields.end <= fields.start) errors.push('The meeting must end after it starts.');
  view.errors = errors;
  byId('errors').replaceChildren(
    ...errors.map((text) => Object.assign(document.createElement('p'), { textContent: text })),
  );
  if (errors.length > 0) return;
  booking = fields;
  byId('done').hidden = false;
  byId('done').textContent = `Booked ${room.selectedOptions[0]?.text ?? ''} on ${date.altInput?.value ?? ''}.`;
});

exposeState('flatpickr-booking', () => {
  const data: FlatpickrBookingData = { fields: currentFields(), booking };
  return { data, view };
});
