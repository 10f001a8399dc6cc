import type { AccessibilityNode, Box } from '@sandpiper/protocol';

/**
 * Secrets in a run. A task names a secret by a placeholder, `{{password}}`, bound to its value by
 * whoever starts the run (an environment variable, a prompt); the planner, the models and the log
 * only ever see the placeholder, and the environment gets the value when text is typed. A value
 * typed into a secret field (a password, a token, a card number) becomes a secret too. Everything
 * a run records passes through `redact`. Pure.
 */
export interface SecretBook {
  /** Typed text with every bound placeholder replaced by its value: for the environment only. */
  fill(text: string): string;
  /**
   * A copy of a recorded value with every known secret hidden behind its placeholder: a bound
   * one's own (`{{password}}`), a learnt one's given name (`{{typed-secret-1}}`).
   */
  redact<T>(value: T): T;
  /**
   * Remember a value typed into a secret field, so nothing recorded from now on shows it. It is
   * bound to a placeholder of its own, so a step or a retry that names it still types the value.
   */
  learn(value: string): void;
  /** Whether the text holds a placeholder of a bound secret. */
  holdsPlaceholder(text: string): boolean;
  /** Whether the text shows the value of a known secret. */
  reveals(text: string): boolean;
  /**
   * The values of the known secrets long enough to look for, for a reader of the screen that
   * must find them in pixels. Never to be recorded.
   */
  values(): readonly string[];
}

/** The placeholder name of the n-th secret learnt in a run: `typed-secret-1`, `typed-secret-2`… */
export const LEARNT_SECRET = 'typed-secret';

/** `{{name}}`: letters, digits, `_` and `-`, any case. */
const PLACEHOLDER = /\{\{\s*([A-Za-z][\w-]{0,63})\s*\}\}/g;

/** Secrets shorter than this are not looked for in recorded text: they would hide ordinary words. */
const SHORTEST = 3;

/** A book of the bound secrets (placeholder name → value; names match in any case). */
export function createSecretBook(bound: ReadonlyMap<string, string> = new Map()): SecretBook {
  const values = new Map([...bound].map(([name, value]) => [name.toLowerCase(), value] as const));
  const hidden = new Map<string, string>();
  for (const [name, value] of values) if (value.length >= SHORTEST) hidden.set(value, `{{${name}}}`);

  const hide = (text: string): string => {
    let result = text;
    // Longest first, so a secret that contains another is hidden whole.
    for (const [value, shown] of [...hidden].sort((a, b) => b[0].length - a[0].length)) {
      if (result.includes(value)) result = result.split(value).join(shown);
    }
    return result;
  };

  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return hide(value);
    if (depth > 64 || value === null || typeof value !== 'object' || value instanceof Uint8Array) return value;
    if (Array.isArray(value)) return value.map((item) => walk(item, depth + 1));
    // Only plain records are copied: a class instance, a map or a buffer keeps its identity.
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, depth + 1)]));
  };

  return {
    fill: (text) => text.replace(PLACEHOLDER, (whole, name: string) => values.get(name.toLowerCase()) ?? whole),
    redact: <T>(value: T): T => (hidden.size === 0 ? value : (walk(value, 0) as T)),
    learn(value) {
      if (value.length < SHORTEST || hidden.has(value) || value.match(PLACEHOLDER)) return;
      let number = 1;
      while (values.has(`${LEARNT_SECRET}-${number}`)) number += 1;
      values.set(`${LEARNT_SECRET}-${number}`, value);
      hidden.set(value, `{{${LEARNT_SECRET}-${number}}}`);
    },
    reveals: (text) => [...hidden.keys()].some((value) => text.includes(value)),
    values: () => [...hidden.keys()],
    holdsPlaceholder: (text) =>
      [...text.matchAll(PLACEHOLDER)].some((match) => values.has((match[1] ?? '').toLowerCase())),
  };
}

/** Names of fields whose value is a secret. */
const SECRET_NAME =
  /\b(?:pass(?:word|phrase|code)|pin|secret|token|api[ -]?key|access[ -]?key|private[ -]?key|card[ -]?number|credit[ -]?card|cvc|cvv|security[ -]?code|one[- ]time[ -]?(?:code|password)|otp|2fa|verification[ -]?code)\b/i;

/** A field whose value must not be recorded: a password input, or one named or described as a secret. */
export function isSecretField(node: AccessibilityNode | undefined): boolean {
  if (node === undefined) return false;
  if (node.inputType === 'password') return true;
  return namesSecret(`${node.name} ${node.description ?? ''} ${node.placeholder ?? ''}`);
}

/** Whether a field's name or description says its value is a secret ("Password", "API token"). */
export function namesSecret(text: string): boolean {
  return SECRET_NAME.test(text);
}

/** What a secret field shows when it hides its value: dots, bullets or asterisks. */
const MASKED = /^[•●∙·*]+$/u;

/**
 * Where a screenshot shows a secret, from the snapshot taken with it (before redaction): every
 * secret field holding a value, and the smallest nodes whose text shows a known secret's value.
 * A container that only holds such a node is left alone, so the rest of the page stays legible.
 */
export function secretBoxes(nodes: readonly AccessibilityNode[] | undefined, book: SecretBook): Box[] {
  return smallestBoxes(nodes, (node) => {
    const value = node.value ?? '';
    if (isSecretField(node) && value !== '' && !MASKED.test(value)) return true;
    return book.reveals(`${node.name}\n${value}\n${node.description ?? ''}`);
  });
}

/**
 * Where a live view of the screen must be covered until the next snapshot: every secret field,
 * empty or not (a value typed into it shows in the frames before any snapshot sees it), and the
 * smallest nodes whose text shows a known secret.
 */
export function liveSecretBoxes(nodes: readonly AccessibilityNode[] | undefined, book: SecretBook): Box[] {
  return smallestBoxes(
    nodes,
    (node) =>
      (ENTRY_ROLES.has(node.role) && isSecretField(node)) ||
      book.reveals(`${node.name}\n${node.value ?? ''}\n${node.description ?? ''}`),
  );
}

/** Roles of nodes a person types into. */
const ENTRY_ROLES: ReadonlySet<string> = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/** The boxes of the nodes that show something, leaving out a holder of another such node. */
function smallestBoxes(
  nodes: readonly AccessibilityNode[] | undefined,
  shows: (node: AccessibilityNode) => boolean,
): Box[] {
  if (nodes === undefined) return [];
  const showing = nodes.filter(shows);
  const holders = new Set(showing.map((node) => node.parent).filter((ref) => ref !== undefined));
  return showing
    .filter((node) => !holders.has(node.ref) && node.box.width > 0 && node.box.height > 0)
    .map((node) => node.box);
}
