import '../shared/base.css';
import {
  appointmentClinics,
  appointmentInitialData,
  type AppointmentData,
  type AppointmentView,
  type VisitType,
} from '../../src/fixtures/appointment.js';
import { byId } from '../shared/dom.js';
import { exposeState } from '../shared/testbed-state.js';

const data: AppointmentData = structuredClone(appointmentInitialData);
const view: AppointmentView = { errors: [] };
const fields = data.fields;

const clinic = byId<HTMLSelectElement>('clinic');
for (const option of appointmentClinics) clinic.add(new Option(option.label, option.id));

const bindings = {
  patientName: 'patient-name',
  dateOfBirth: 'dob',
  date: 'date',
  time: 'time',
  reminder: 'reminder',
  reason: 'reason',
  clinic: 'clinic',
} as const;
for (const [key, id] of Object.entries(bindings) as [keyof typeof bindings, string][]) {
  const control = byId<HTMLInputElement>(id);
  // Date and time inputs report a complete value or an empty one; "input" fires on each change.
  const update = () => (fields[key] = control.value);
  control.addEventListener('input', update);
  control.addEventListener('change', update);
}
const attendees = byId<HTMLInputElement>('attendees');
attendees.addEventListener('input', () => {
  const count = Number(attendees.value);
  if (attendees.value !== '' && Number.isFinite(count)) fields.attendees = count;
});
for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="visit"]')) {
  radio.addEventListener('change', () => {
    if (radio.checked) fields.visitType = radio.value as VisitType;
  });
}

byId('booking').addEventListener('submit', (event) => {
  event.preventDefault();
  const errors: string[] = [];
  if (fields.patientName.trim() === '') errors.push('Enter the patient name.');
  if (fields.date === '') errors.push('Choose an appointment date.');
  if (fields.time === '') errors.push('Choose a preferred time.');
  if (fields.clinic === '') errors.push('Choose a clinic.');
  if (!Number.isInteger(fields.attendees) || fields.attendees < 1 || fields.attendees > 4) {
    errors.push('Between 1 and 4 people can attend.');
  }
  view.errors = errors;
  byId('errors').replaceChildren(
    ...errors.map((text) => Object.assign(document.createElement('p'), { textContent: text })),
  );
  if (errors.length > 0) return;
  data.booking = { ...fields };
  byId('confirmation').hidden = false;
  byId('confirmation').textContent = `Booked for ${fields.patientName} on ${fields.date} at ${fields.time}.`;
});

exposeState('appointment', () => ({ data, view }));
