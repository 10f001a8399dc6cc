/** The element with this id; a missing one is a bug in the page's markup, so it throws. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`No element #${id}`);
  return element as T;
}

/** Escape text for use inside markup built as a string. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
