import '../shared/base.css';
import {
  settingsInitialData,
  settingsLanguages,
  settingsTimeZones,
  type SettingsData,
  type SettingsValues,
  type SettingsView,
} from '../../src/fixtures/settings.js';
import { byId } from '../shared/dom.js';
import { exposeState, sorted } from '../shared/testbed-state.js';

const data: SettingsData = structuredClone(settingsInitialData);
const view: SettingsView = { openSections: [], dialog: null };

const name = byId<HTMLInputElement>('workspace-name');
const language = byId<HTMLSelectElement>('language');
const timeZone = byId<HTMLSelectElement>('time-zone');
const weekly = byId<HTMLInputElement>('weekly-summary');
const timeout = byId<HTMLInputElement>('session-timeout');
for (const option of settingsLanguages) language.add(new Option(option.label, option.code));
for (const option of settingsTimeZones) timeZone.add(new Option(option.label, option.zone));

type SwitchKey = 'emailDigests' | 'pushNotifications' | 'mentionAlerts' | 'twoFactor';

/** Show the draft in every control. */
function render(): void {
  const draft = data.draft;
  name.value = draft.workspaceName;
  language.value = draft.language;
  timeZone.value = draft.timeZone;
  weekly.checked = draft.weeklySummary;
  timeout.value = String(draft.sessionTimeout);
  for (const button of document.querySelectorAll<HTMLElement>('button[role="switch"]')) {
    button.setAttribute('aria-checked', String(draft[button.dataset['key'] as SwitchKey]));
  }
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="theme"]'))
    radio.checked = radio.value === draft.theme;
}

name.addEventListener('input', () => (data.draft.workspaceName = name.value));
language.addEventListener('change', () => (data.draft.language = language.value));
timeZone.addEventListener('change', () => (data.draft.timeZone = timeZone.value));
weekly.addEventListener('change', () => (data.draft.weeklySummary = weekly.checked));
timeout.addEventListener('input', () => {
  const minutes = Number(timeout.value);
  if (timeout.value !== '' && Number.isFinite(minutes)) data.draft.sessionTimeout = minutes;
});
for (const button of document.querySelectorAll<HTMLElement>('button[role="switch"]')) {
  button.addEventListener('click', () => {
    const key = button.dataset['key'] as SwitchKey;
    data.draft[key] = !data.draft[key];
    render();
  });
}
for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="theme"]')) {
  radio.addEventListener('change', () => (data.draft.theme = radio.value as SettingsValues['theme']));
}
for (const id of ['security', 'danger']) {
  const details = byId<HTMLDetailsElement>(id);
  details.addEventListener('toggle', () => {
    view.openSections = sorted([...view.openSections.filter((other) => other !== id), ...(details.open ? [id] : [])]);
  });
}

const status = byId('status');
byId('save').addEventListener('click', () => {
  const minutes = data.draft.sessionTimeout;
  if (!Number.isInteger(minutes) || minutes < 5 || minutes > 240) {
    status.textContent = 'Session timeout must be between 5 and 240 minutes.';
    return;
  }
  data.saved = { ...data.draft };
  status.textContent = 'Settings saved.';
});
byId('reset').addEventListener('click', () => {
  data.draft = { ...data.saved };
  render();
  status.textContent = 'Changes discarded.';
});

const dialog = byId<HTMLDialogElement>('delete-dialog');
const confirmName = byId<HTMLInputElement>('confirm-name');
byId('delete-workspace').addEventListener('click', () => {
  confirmName.value = '';
  byId<HTMLButtonElement>('confirm-delete').disabled = true;
  view.dialog = 'delete-workspace';
  dialog.showModal();
});
confirmName.addEventListener('input', () => {
  byId<HTMLButtonElement>('confirm-delete').disabled = confirmName.value !== data.saved.workspaceName;
});
byId('cancel-delete').addEventListener('click', () => dialog.close());
dialog.addEventListener('close', () => (view.dialog = null));
byId('delete-form').addEventListener('submit', () => {
  data.workspaceDeleted = true;
  status.textContent = 'Workspace scheduled for deletion.';
});

render();
exposeState('settings', () => ({ data, view }));
