import '../shared/base.css';
import {
  fileTreeInitialData,
  treeFolders,
  type FileTreeData,
  type FileTreeView,
} from '../../src/fixtures/file-tree.js';
import { byId, escapeHtml } from '../shared/dom.js';
import { exposeState, sorted } from '../shared/testbed-state.js';

const data: FileTreeData = structuredClone(fileTreeInitialData);
const view: FileTreeView = { expanded: ['src'], selected: null, menuOpen: false, dialog: null };
const folders = new Set(treeFolders);
const tree = byId('tree');
let focused: string | null = null;
/** Clicking re-renders the tree, so a double click is recognised here rather than by dblclick. */
let lastClick = { path: '', time: 0 };

const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const isFolder = (path: string) => folders.has(path);

/** Children of a folder ('' for the root): folders first, then files, each by name. */
function childrenOf(parent: string): string[] {
  return data.items
    .filter((path) => parentOf(path) === parent)
    .sort((a, b) => Number(isFolder(b)) - Number(isFolder(a)) || baseName(a).localeCompare(baseName(b)));
}

/** Paths a person can see right now, top to bottom. */
function visiblePaths(parent = ''): string[] {
  return childrenOf(parent).flatMap((path) => [path, ...(view.expanded.includes(path) ? visiblePaths(path) : [])]);
}

function renderItems(parent: string, level: number): string {
  return childrenOf(parent)
    .map((path, index) => {
      const folder = isFolder(path);
      const open = view.expanded.includes(path);
      const id = `item-${parent.length}-${level}-${index}-${baseName(path).replace(/[^a-z0-9]/gi, '')}`;
      return `<li role="treeitem" data-path="${escapeHtml(path)}" aria-level="${level}" aria-labelledby="${id}"
        aria-selected="${view.selected === path}" tabindex="${(focused ?? visiblePaths()[0]) === path ? 0 : -1}"
        ${folder ? `aria-expanded="${open}"` : ''}><span class="label" id="${id}"><span aria-hidden="true">${folder ? (open ? '📂' : '📁') : '📄'}</span> ${escapeHtml(baseName(path))}</span>
        ${folder && open ? `<ul role="group">${renderItems(path, level + 1)}</ul>` : ''}</li>`;
    })
    .join('');
}

function render(): void {
  tree.innerHTML = renderItems('', 1);
  const selected = view.selected;
  byId('details').textContent =
    selected === null
      ? 'Select a file or folder.'
      : `${baseName(selected)} — ${isFolder(selected) ? 'folder' : 'file'} in /${parentOf(selected)}`;
  for (const item of document.querySelectorAll<HTMLElement>('#actions-menu [data-action]')) {
    const fileOnly = item.dataset['action'] === 'open' || item.dataset['action'] === 'duplicate';
    item.setAttribute('aria-disabled', String(selected === null || (fileOnly && isFolder(selected))));
  }
}

function focusItem(path: string): void {
  focused = path;
  render();
  tree.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`)?.focus();
}

function toggle(path: string, open = !view.expanded.includes(path)): void {
  view.expanded = sorted([...view.expanded.filter((other) => other !== path), ...(open ? [path] : [])]);
}

function openFile(path: string): void {
  if (isFolder(path)) return;
  data.opened.push(path);
  byId('status').textContent = `Opened ${path} in the editor.`;
}

tree.addEventListener('click', (event) => {
  const path = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]')?.dataset['path'];
  if (path === undefined) return;
  const now = performance.now();
  const second = lastClick.path === path && now - lastClick.time < 500;
  lastClick = { path: second ? '' : path, time: now };
  view.selected = path;
  if (isFolder(path)) toggle(path);
  else if (second) openFile(path);
  focusItem(path);
});
tree.addEventListener('keydown', (event) => {
  const visible = visiblePaths();
  const current = focused ?? visible[0];
  if (current === undefined) return;
  const index = visible.indexOf(current);
  const moves: Record<string, () => void> = {
    ArrowDown: () => focusItem(visible[Math.min(index + 1, visible.length - 1)] ?? current),
    ArrowUp: () => focusItem(visible[Math.max(index - 1, 0)] ?? current),
    Home: () => focusItem(visible[0] ?? current),
    End: () => focusItem(visible.at(-1) ?? current),
    ArrowRight: () => {
      if (!isFolder(current)) return;
      if (!view.expanded.includes(current)) toggle(current, true);
      else if (childrenOf(current)[0] !== undefined) focused = childrenOf(current)[0] ?? current;
      focusItem(focused ?? current);
    },
    ArrowLeft: () => {
      if (isFolder(current) && view.expanded.includes(current)) toggle(current, false);
      else if (parentOf(current) !== '') focused = parentOf(current);
      focusItem(focused ?? current);
    },
    Enter: () => {
      view.selected = current;
      if (isFolder(current)) toggle(current);
      else openFile(current);
      focusItem(current);
    },
    ' ': () => {
      view.selected = current;
      focusItem(current);
    },
  };
  const move = moves[event.key];
  if (move === undefined) return;
  event.preventDefault();
  move();
});

const menuButton = byId('actions');
const menu = byId('actions-menu');
function setMenu(open: boolean): void {
  view.menuOpen = open;
  menu.hidden = !open;
  menuButton.setAttribute('aria-expanded', String(open));
  if (open) menu.querySelector<HTMLElement>('[aria-disabled="false"]')?.focus();
}
menuButton.addEventListener('click', () => setMenu(!view.menuOpen));
menu.addEventListener('keydown', (event) => {
  const items = [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const index = items.indexOf(document.activeElement as HTMLElement);
  if (event.key === 'Escape') {
    setMenu(false);
    menuButton.focus();
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    items[(index + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
  } else if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    (document.activeElement as HTMLElement).click();
  }
});
menu.addEventListener('click', (event) => {
  const item = (event.target as HTMLElement).closest<HTMLElement>('[data-action]');
  const selected = view.selected;
  if (item === null || item.getAttribute('aria-disabled') === 'true' || selected === null) return;
  setMenu(false);
  const action = item.dataset['action'];
  if (action === 'open') openFile(selected);
  if (action === 'duplicate') {
    const dot = baseName(selected).lastIndexOf('.');
    const copy =
      dot > 0
        ? `${selected.slice(0, selected.length - baseName(selected).length + dot)} copy${baseName(selected).slice(dot)}`
        : `${selected} copy`;
    if (!data.items.includes(copy)) data.items = sorted([...data.items, copy]);
    byId('status').textContent = `Created ${baseName(copy)}.`;
  }
  if (action === 'rename') {
    view.dialog = 'rename';
    byId('rename-title').textContent = `Rename ${baseName(selected)}`;
    byId<HTMLInputElement>('new-name').value = baseName(selected);
    byId<HTMLDialogElement>('rename-dialog').showModal();
  }
  if (action === 'delete') {
    view.dialog = 'delete';
    byId('delete-title').textContent = `Delete ${baseName(selected)}?`;
    byId<HTMLDialogElement>('delete-dialog').showModal();
  }
  render();
});
document.addEventListener('click', (event) => {
  if (view.menuOpen && !(event.target as HTMLElement).closest('.menu-wrap')) setMenu(false);
});

for (const dialog of document.querySelectorAll('dialog')) {
  dialog.addEventListener('close', () => (view.dialog = null));
  for (const button of dialog.querySelectorAll('[data-close]')) button.addEventListener('click', () => dialog.close());
}
byId('rename-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const selected = view.selected;
  const name = byId<HTMLInputElement>('new-name').value.trim();
  const parent = selected === null ? '' : parentOf(selected);
  const target = parent === '' ? name : `${parent}/${name}`;
  const error = byId('rename-error');
  error.hidden = name !== '' && !name.includes('/') && !data.items.includes(target);
  error.textContent = 'Choose a name that is not taken and has no slash.';
  if (!error.hidden || selected === null) return;
  data.items = sorted(
    data.items.map((path) =>
      path === selected || path.startsWith(`${selected}/`) ? target + path.slice(selected.length) : path,
    ),
  );
  if (folders.delete(selected)) folders.add(target);
  view.selected = target;
  byId<HTMLDialogElement>('rename-dialog').close();
  render();
});
byId('confirm-delete').addEventListener('click', () => {
  const selected = view.selected;
  if (selected === null) return;
  data.items = data.items.filter((path) => path !== selected && !path.startsWith(`${selected}/`));
  view.expanded = view.expanded.filter((path) => path !== selected && !path.startsWith(`${selected}/`));
  view.selected = null;
  focused = null;
  byId('status').textContent = `Deleted ${baseName(selected)}.`;
  byId<HTMLDialogElement>('delete-dialog').close();
  render();
});

render();
exposeState('file-tree', () => ({ data, view }));
