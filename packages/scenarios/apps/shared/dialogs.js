// Modal dialogs built on the native <dialog> element: showModal() makes the rest of the page inert,
// so a click meant for the page behind a dialog does not reach it, as in a real app.

import { surpriseRequested } from './state-sync.js';

/**
 * Wire `dialog`: every `[data-close]` button inside closes it with its value, and Escape closes it
 * with "cancel". `onClose(value)` runs synchronously, inside the click or key event, because the
 * native "close" event arrives a task later: a state report must be on its way before the
 * click that caused it has finished.
 */
export function wireDialog(dialog, onClose) {
  let closedByUs = false;
  const close = (value) => {
    if (!dialog.open) return;
    closedByUs = true;
    dialog.close(value);
    onClose(value);
  };
  for (const button of dialog.querySelectorAll('[data-close]')) {
    button.addEventListener('click', () => close(button.dataset.close));
  }
  dialog.addEventListener('cancel', (event) => {
    if (!event.cancelable) return;
    event.preventDefault();
    close('cancel');
  });
  // The browser may close the dialog itself (a repeated Escape without user activation cannot be
  // intercepted); report that too, a task later.
  dialog.addEventListener('close', () => {
    if (closedByUs) closedByUs = false;
    else onClose('cancel');
  });
  return {
    open() {
      if (!dialog.open) dialog.showModal();
    },
    get isOpen() {
      return dialog.open;
    },
  };
}

/** Show the surprise notice when the page asked for it with `?surprise=1`. */
export function setupSurprise(dialog, onChange) {
  const controller = wireDialog(dialog, onChange);
  if (surpriseRequested()) controller.open();
  return controller;
}
