/**
 * JSON from models and servers, read with limits. `JSON.parse` itself is iterative in V8, but
 * almost everything done with a decoded value afterwards (`structuredClone`, `JSON.stringify`,
 * schema walks) recurses, so a 10 000-deep answer would overflow the stack far from where it
 * arrived. Depth and size are therefore measured first, by loops with their own stacks, and a value
 * beyond the limits is refused before anything recursive touches it.
 */

/** How deep and how large a JSON text or value may be. */
export interface JsonLimits {
  /** Most levels of nested arrays and objects; the answers we ask for need fewer than 15. */
  readonly maxDepth: number;
  /** Most characters of JSON text. */
  readonly maxLength: number;
  /** Most arrays, objects and values in one decoded value. */
  readonly maxNodes: number;
}

/** The limits for anything a model writes or a server returns. */
export const MODEL_JSON_LIMITS: JsonLimits = { maxDepth: 64, maxLength: 500_000, maxNodes: 200_000 };

/** The outcome of a bounded parse or check. */
export type BoundedJson =
  | {
      readonly ok: true;
      /** The decoded value. */
      readonly value: unknown;
    }
  | {
      readonly ok: false;
      /** `syntax`: not JSON; `too-deep`, `too-long`, `too-many`: beyond the limits. */
      readonly problem: 'syntax' | 'too-deep' | 'too-long' | 'too-many';
      /** One sentence saying what was wrong, for a re-ask or an error message. */
      readonly message: string;
    };

/** Parse `text` as JSON unless it is longer or deeper than the limits allow. */
export function parseBoundedJson(text: string, limits: JsonLimits = MODEL_JSON_LIMITS): BoundedJson {
  if (text.length > limits.maxLength) {
    return {
      ok: false,
      problem: 'too-long',
      message: `the JSON is ${text.length} characters long; at most ${limits.maxLength} are read`,
    };
  }
  if (textDepthExceeds(text, limits.maxDepth)) return tooDeep(limits);
  try {
    return checkBoundedValue(JSON.parse(text) as unknown, limits);
  } catch {
    return { ok: false, problem: 'syntax', message: 'the text is not valid JSON' };
  }
}

/**
 * Check an already-decoded value (a tool input the SDK parsed, a strict-mode answer) against the
 * limits, walking it with an explicit stack so that the check itself cannot overflow.
 */
export function checkBoundedValue(value: unknown, limits: JsonLimits = MODEL_JSON_LIMITS): BoundedJson {
  const pending: { readonly node: unknown; readonly depth: number }[] = [{ node: value, depth: 0 }];
  let nodes = 0;
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    nodes += 1;
    if (nodes > limits.maxNodes) {
      return {
        ok: false,
        problem: 'too-many',
        message: `the JSON holds more than ${limits.maxNodes} values; answer with a small object`,
      };
    }
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= limits.maxDepth) return tooDeep(limits);
    const children: unknown[] = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) pending.push({ node: child, depth: depth + 1 });
  }
  return { ok: true, value };
}

/** Whether brackets outside strings nest deeper than `maxDepth`; stops at the first level too deep. */
function textDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text.charCodeAt(index);
    if (inString) {
      if (escaped) escaped = false;
      else if (character === BACKSLASH) escaped = true;
      else if (character === QUOTE) inString = false;
    } else if (character === QUOTE) {
      inString = true;
    } else if (character === OPEN_BRACE || character === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (character === CLOSE_BRACE || character === CLOSE_BRACKET) {
      depth = Math.max(0, depth - 1);
    }
  }
  return false;
}

function tooDeep(limits: JsonLimits): BoundedJson {
  return {
    ok: false,
    problem: 'too-deep',
    message: `the JSON is nested more than ${limits.maxDepth} levels deep; answer with a flat object`,
  };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
