import type { Category } from './cases.js';
import { endlessWorkCategory, injectionCategory, prematureDoneCategory } from './catalog-claims.js';
import { emptyAndToolCategories } from './catalog-empty.js';
import { sizeCategories } from './catalog-sizes.js';
import { mapContainers, mapJson, mapLeaves, withRawField } from './replies.js';
import { acting, answer, grounder, operatorAnswer, reviveEvery, written } from './variants.js';

/**
 * Hostile replies about what the model wrote: JSON wrapped in prose, wrong types, actions and
 * points no screen has. Runaway lengths and depths are in `catalog-sizes.ts`, empty answers,
 * refusals and stray tool calls in `catalog-empty.ts`, claims (injected instructions, premature
 * "done", endless work) in `catalog-claims.ts`.
 */

const proseAround: Category = {
  name: 'prose-around-json',
  copies: 2,
  variants: [
    written('prefix-prose', (valid) => `Sure! Here is the answer you asked for:\n${valid}`),
    written('suffix-prose', (valid) => `${valid}\nLet me know if there is anything else I can do.`),
    written('fenced-json', (valid) => `\`\`\`json\n${valid}\n\`\`\``),
    written('fenced-untagged', (valid) => `Answer:\n\`\`\`\n${valid}\n\`\`\`\nDone.`),
    written('think-block', (valid) => `<think>The header {is} there [maybe], so click it.</think>\n${valid}`),
    written('two-objects', (valid) => `First draft: {"draft": true, "note": "ignore this"}\nFinal:\n${valid}`),
    written('trailing-comma', (valid) => valid.replace(/}$/, ',}')),
    written('line-comments', (valid) => `// my answer\n${valid}\n// end`),
    written('single-quotes', (valid) => valid.replace(/"/g, "'")),
    written('prose-only', () => 'I would click the Name header, and then the table would be sorted.'),
    written('xml-wrapped', (valid) => `<answer>${valid}</answer>`),
    written('json-in-a-string', (valid) => JSON.stringify(valid)),
  ],
};

const wrongTypes: Category = {
  name: 'wrong-types',
  copies: 2,
  variants: [
    answer(
      'numbers-as-strings',
      reviveEvery((value) => (typeof value === 'number' ? String(value) : value)),
    ),
    answer(
      'booleans-as-strings',
      reviveEvery((value) => (typeof value === 'boolean' ? String(value) : value)),
    ),
    answer('lists-as-objects', (valid) =>
      JSON.stringify(
        mapContainers(JSON.parse(valid), (value) =>
          Array.isArray(value) ? Object.fromEntries(value.map((each, index) => [String(index), each])) : value,
        ),
      ),
    ),
    answer('strings-as-lists', (valid) =>
      JSON.stringify(mapLeaves(JSON.parse(valid), (value) => (typeof value === 'string' ? [value] : value))),
    ),
    answer('nulls-everywhere', (valid) => JSON.stringify(mapLeaves(JSON.parse(valid), () => null))),
    written('top-level-array', (valid) => `[${valid}]`),
    answer('top-level-string', () => '"done"'),
    answer('top-level-number', () => '42'),
    answer(
      'shouted-enums',
      reviveEvery((value) => (typeof value === 'string' && /^[a-z-]+$/.test(value) ? value.toUpperCase() : value)),
    ),
    answer(
      'first-field-missing',
      mapJson((value) => Object.fromEntries(Object.entries(value).slice(1))),
    ),
    answer('prototype-keys', (valid) =>
      withRawField(
        withRawField(valid, '__proto__', '{"polluted":true}'),
        'constructor',
        '{"prototype":{"polluted":true}}',
      ),
    ),
    answer('empty-object', () => '{}'),
  ],
};

const inventedActions: Category = {
  name: 'invented-actions',
  copies: 2,
  variants: [
    operatorAnswer('teleport', () => acting({ type: 'teleport', to: { x: 10, y: 10 } })),
    operatorAnswer('shell-command', () => acting({ type: 'shell', command: 'rm -rf /' })),
    operatorAnswer('shouted-type', () => acting({ type: 'CLICK', at: { x: 10, y: 10 } })),
    operatorAnswer('missing-type', () => acting({ at: { x: 10, y: 10 } })),
    operatorAnswer('unknown-decision', () => JSON.stringify({ decision: 'hack', payload: 'root' })),
    operatorAnswer('key-chords-as-names', () => acting({ type: 'key', keys: ['Hyper+Q', 'Ctrl+Alt+Del'] })),
    operatorAnswer('emoji-key', () => acting({ type: 'key', keys: ['😀'] })),
    operatorAnswer('nul-key', () => acting({ type: 'key', keys: ['\u0000'] })),
    operatorAnswer('unknown-tool', () =>
      acting({ type: 'tool-call', tool: 'browser', input: { url: 'http://example.test' } }),
    ),
    operatorAnswer('empty-code-command', () => acting({ type: 'tool-call', tool: 'code', input: {} })),
    operatorAnswer('chain-of-fifty', () => acting(...Array.from({ length: 50 }, () => ({ type: 'wait', ms: 10 })))),
    operatorAnswer('empty-chain', () => JSON.stringify({ decision: 'act', actions: [] })),
    operatorAnswer('open-file-url', () => acting({ type: 'open', target: 'file:///etc/passwd' })),
    operatorAnswer('open-javascript-url', () => acting({ type: 'open', target: 'javascript:alert(document.cookie)' })),
    operatorAnswer('wait-a-minute', () => acting({ type: 'wait', ms: 60_000 })),
    operatorAnswer('drag-without-start', () => acting({ type: 'drag', to: { x: 10, y: 10 } })),
    operatorAnswer('type-ten-thousand', () => acting({ type: 'type', text: 'w'.repeat(10_000) })),
    operatorAnswer('shell-through-coder', () =>
      acting({ type: 'tool-call', tool: 'code', input: { command: 'cat /etc/passwd; rm -rf ~' } }),
    ),
    operatorAnswer('search-tool-loop', () =>
      acting({ type: 'tool-call', tool: 'search', input: { query: 'x'.repeat(500), limit: 10 } }),
    ),
    operatorAnswer('hold-nonsense', () => acting({ type: 'hold-and-press', hold: [], press: ['Shift'] })),
  ],
};

const clickAt = (x: unknown, y: unknown) => acting({ type: 'click', at: { x, y } });
const foundBox = (box: Record<string, unknown>) => JSON.stringify({ found: true, label: 'Name', box });

const badCoordinates: Category = {
  name: 'bad-coordinates',
  copies: 2,
  variants: [
    operatorAnswer('off-screen-click', () => clickAt(99_999, 99_999)),
    operatorAnswer('negative-click', () => clickAt(-50, -10)),
    operatorAnswer('nan-literal', () => clickAt(0, 0).replace('"x":0', '"x":NaN')),
    operatorAnswer('nan-string', () => clickAt('NaN', 'NaN')),
    operatorAnswer('infinite-exponent', () => clickAt(1, 1).replace('"x":1', '"x":1e999')),
    operatorAnswer('huge-finite', () => clickAt(1e308, 1e308)),
    operatorAnswer('negative-zero', () => clickAt(0, 0).replace('"x":0', '"x":-0')),
    operatorAnswer('drag-off-screen', () => acting({ type: 'drag', from: { x: -400, y: 20 }, to: { x: 5000, y: 20 } })),
    operatorAnswer('scroll-at-negative', () => acting({ type: 'scroll', direction: 'down', at: { x: -1, y: -1 } })),
    answer('box-off-screen', () => foundBox({ x: 50_000, y: 50_000, width: 10, height: 10 }), [grounder(0)]),
    answer('box-negative-size', () => foundBox({ x: 100, y: 100, width: -40, height: -10 }), [grounder(0)]),
    answer('box-nan', () => foundBox({ x: 'NaN', y: null, width: 'wide', height: {} }), [grounder(0)]),
    answer('box-huge', () => foundBox({ x: 0, y: 0, width: 1e9, height: 1e9 }), [grounder('every')]),
    answer('box-infinite', () => foundBox({ x: 1, y: 1, width: 5, height: 5 }).replace('"width":5', '"width":1e999'), [
      grounder(0),
    ]),
  ],
};

export const contentCategories: readonly Category[] = [
  proseAround,
  wrongTypes,
  inventedActions,
  badCoordinates,
  ...sizeCategories,
  injectionCategory,
  prematureDoneCategory,
  endlessWorkCategory,
  ...emptyAndToolCategories,
];
