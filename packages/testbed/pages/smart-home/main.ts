import '../shared/base.css';
import {
  rooms,
  scenes,
  smartHomeInitialData,
  temperatureRange,
  type RoomId,
  type SmartHomeData,
  type SmartHomeView,
} from '../../src/fixtures/smart-home.js';
import { byId } from '../shared/dom.js';
import { exposeState } from '../shared/testbed-state.js';

const data: SmartHomeData = structuredClone(smartHomeInitialData);
const view: SmartHomeView = { tab: 'living', dialog: null, scenesMenuOpen: false };
const say = (text: string) => (byId('status').textContent = text);

/** Bind one room's panel: a light switch, a brightness slider and a thermostat spinbutton. */
function buildPanel(room: RoomId, name: string): HTMLElement {
  const state = data.rooms[room];
  const panel = document.createElement('section');
  panel.id = `panel-${room}`;
  panel.setAttribute('role', 'tabpanel');
  panel.setAttribute('aria-labelledby', `tab-${room}`);
  panel.innerHTML = `<h2>${name}</h2>
    <div class="control"><span id="${room}-lights-label">Lights</span>
      <button type="button" role="switch" aria-labelledby="${room}-lights-label" class="lights"></button></div>
    <div class="control"><span id="${room}-brightness-label">Brightness</span>
      <div class="track"><div class="fill"></div><div role="slider" tabindex="0" aria-labelledby="${room}-brightness-label"
        aria-valuemin="0" aria-valuemax="100"></div></div></div>
    <div class="control"><label for="${room}-thermostat" style="margin: 0">Thermostat</label>
      <div class="spin"><button type="button" class="down" aria-label="Decrease thermostat">−</button>
        <input id="${room}-thermostat" type="text" role="spinbutton" inputmode="decimal" autocomplete="off"
          aria-valuemin="${temperatureRange.min}" aria-valuemax="${temperatureRange.max}" />
        <button type="button" class="up" aria-label="Increase thermostat">+</button></div></div>
    ${room === 'garage' ? '<div class="control"><span>Garage door</span><div><span id="door-state"></span> <button type="button" id="door-button"></button></div></div>' : ''}`;

  const lights = panel.querySelector<HTMLElement>('.lights');
  const slider = panel.querySelector<HTMLElement>('[role="slider"]');
  const fill = panel.querySelector<HTMLElement>('.fill');
  const track = panel.querySelector<HTMLElement>('.track');
  const spin = panel.querySelector<HTMLInputElement>('[role="spinbutton"]');
  if (lights === null || slider === null || fill === null || track === null || spin === null)
    throw new Error('panel markup');

  const show = () => {
    lights.setAttribute('aria-checked', String(state.lights));
    lights.textContent = state.lights ? 'On' : 'Off';
    slider.setAttribute('aria-valuenow', String(state.brightness));
    slider.setAttribute('aria-valuetext', `${state.brightness}%`);
    slider.style.left = `${state.brightness}%`;
    fill.style.width = `${state.brightness}%`;
    spin.setAttribute('aria-valuenow', String(state.temperature));
    spin.setAttribute('aria-valuetext', `${state.temperature.toFixed(1)} °C`);
    if (document.activeElement !== spin) spin.value = `${state.temperature.toFixed(1)} °C`;
  };
  const setBrightness = (value: number) => {
    state.brightness = Math.round(Math.min(100, Math.max(0, value)));
    show();
  };
  const setTemperature = (value: number) => {
    if (!Number.isFinite(value)) return show();
    const stepped = Math.round(value / temperatureRange.step) * temperatureRange.step;
    state.temperature = Math.min(temperatureRange.max, Math.max(temperatureRange.min, stepped));
    show();
  };

  lights.addEventListener('click', () => {
    state.lights = !state.lights;
    show();
  });
  slider.addEventListener('keydown', (event) => {
    const steps: Record<string, number> = {
      ArrowRight: 1,
      ArrowUp: 1,
      ArrowLeft: -1,
      ArrowDown: -1,
      PageUp: 10,
      PageDown: -10,
    };
    if (event.key === 'Home') setBrightness(0);
    else if (event.key === 'End') setBrightness(100);
    else if (steps[event.key] !== undefined) setBrightness(state.brightness + (steps[event.key] ?? 0));
    else return;
    event.preventDefault();
  });
  const fromPointer = (event: PointerEvent) => {
    const box = track.getBoundingClientRect();
    setBrightness(((event.clientX - box.left) / box.width) * 100);
  };
  track.addEventListener('pointerdown', (event) => {
    track.setPointerCapture(event.pointerId);
    slider.focus();
    fromPointer(event);
  });
  track.addEventListener('pointermove', (event) => {
    if (track.hasPointerCapture(event.pointerId)) fromPointer(event);
  });
  spin.addEventListener('keydown', (event) => {
    const steps: Record<string, number> = { ArrowUp: 0.5, ArrowDown: -0.5, PageUp: 2, PageDown: -2 };
    if (event.key === 'Enter') setTemperature(Number.parseFloat(spin.value.replace(',', '.')));
    else if (event.key === 'Home') setTemperature(temperatureRange.min);
    else if (event.key === 'End') setTemperature(temperatureRange.max);
    else if (steps[event.key] !== undefined) {
      setTemperature(state.temperature + (steps[event.key] ?? 0));
      spin.value = `${state.temperature.toFixed(1)} °C`;
    } else return;
    event.preventDefault();
  });
  spin.addEventListener('change', () => setTemperature(Number.parseFloat(spin.value.replace(',', '.'))));
  spin.addEventListener('blur', () => show());
  panel
    .querySelector('.down')
    ?.addEventListener('click', () => setTemperature(state.temperature - temperatureRange.step));
  panel
    .querySelector('.up')
    ?.addEventListener('click', () => setTemperature(state.temperature + temperatureRange.step));
  show();
  return panel;
}

const tablist = byId('tablist');
const panels = byId('panels');
for (const room of rooms) {
  const tab = document.createElement('button');
  tab.type = 'button';
  tab.id = `tab-${room.id}`;
  tab.setAttribute('role', 'tab');
  tab.setAttribute('aria-controls', `panel-${room.id}`);
  tab.textContent = room.name;
  tab.addEventListener('click', () => selectTab(room.id));
  tablist.append(tab);
  panels.append(buildPanel(room.id, room.name));
}
tablist.addEventListener('keydown', (event) => {
  const index = rooms.findIndex((room) => room.id === view.tab);
  const next = { ArrowRight: index + 1, ArrowLeft: index - 1 + rooms.length, Home: 0, End: rooms.length - 1 }[
    event.key
  ];
  if (next === undefined) return;
  const room = rooms[next % rooms.length];
  if (room === undefined) return;
  selectTab(room.id);
  byId(`tab-${room.id}`).focus();
});

function selectTab(room: RoomId): void {
  view.tab = room;
  for (const entry of rooms) {
    const selected = entry.id === room;
    byId(`tab-${entry.id}`).setAttribute('aria-selected', String(selected));
    byId(`tab-${entry.id}`).tabIndex = selected ? 0 : -1;
    byId(`panel-${entry.id}`).hidden = !selected;
  }
}

const doorButton = byId('door-button');
const garageDialog = byId<HTMLDialogElement>('garage-dialog');
function showDoor(): void {
  byId('door-state').textContent = data.garageDoor === 'open' ? 'Open' : 'Closed';
  doorButton.textContent = data.garageDoor === 'open' ? 'Close garage door' : 'Open garage door';
}
doorButton.addEventListener('click', () => {
  if (data.garageDoor === 'open') {
    data.garageDoor = 'closed';
    return showDoor();
  }
  view.dialog = 'garage-door';
  garageDialog.showModal();
});
byId('garage-cancel').addEventListener('click', () => garageDialog.close());
byId('garage-confirm').addEventListener('click', () => {
  data.garageDoor = 'open';
  showDoor();
  say('The garage door is opening.');
  garageDialog.close();
});
garageDialog.addEventListener('close', () => (view.dialog = null));

const scenesButton = byId('scenes');
const scenesMenu = byId('scenes-menu');
for (const scene of scenes) {
  const item = document.createElement('li');
  item.setAttribute('role', 'menuitem');
  item.tabIndex = -1;
  item.textContent = scene.name;
  item.addEventListener('click', () => {
    data.scene = scene.id;
    say(`Scene "${scene.name}" started.`);
    setScenesMenu(false);
  });
  scenesMenu.append(item);
}
function setScenesMenu(open: boolean): void {
  view.scenesMenuOpen = open;
  scenesMenu.hidden = !open;
  scenesButton.setAttribute('aria-expanded', String(open));
  if (open) scenesMenu.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
}
scenesButton.addEventListener('click', () => setScenesMenu(!view.scenesMenuOpen));
scenesMenu.addEventListener('keydown', (event) => {
  const items = [...scenesMenu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const index = items.indexOf(document.activeElement as HTMLElement);
  if (event.key === 'ArrowDown') items[(index + 1) % items.length]?.focus();
  else if (event.key === 'ArrowUp') items[(index - 1 + items.length) % items.length]?.focus();
  else if (event.key === 'Enter' || event.key === ' ') (document.activeElement as HTMLElement).click();
  else if (event.key === 'Escape') {
    setScenesMenu(false);
    scenesButton.focus();
  } else return;
  event.preventDefault();
});
document.addEventListener('click', (event) => {
  if (view.scenesMenuOpen && !(event.target as HTMLElement).closest('.menu-wrap')) setScenesMenu(false);
});

selectTab('living');
showDoor();
exposeState('smart-home', () => ({ data, view }));
