/**
 * What fits the answer to a body, in the order the server looks at it: its size, whether it is
 * there at all, its content type, whether it parses, then the protocol schema (`expectBody`),
 * plus the one rule the schema cannot express: a person's input must land on the screen.
 */
import { expectBody, MAX_BODY_BYTES, parseWithStandIns, pointsOutsideScreen, type FuzzRoute } from './routes.js';
import type { Expectation, RunTarget } from './types.js';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** Actions the person cannot perform on a screen: the agent's own verdicts and tool calls. */
const AGENT_ONLY_ACTIONS = new Set(['done', 'fail', 'tool-call']);

/** What fits a body sent as `text` with `contentType`, in the order the server checks. */
export function expectText(
  route: FuzzRoute,
  target: RunTarget | undefined,
  text: string,
  contentType: string | undefined,
): Expectation {
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return { statuses: [413] };
  if (text.trim() === '') return expectBody(route, target, {});
  if (!JSON_TYPE.test(contentType ?? '')) return { statuses: [415] };
  const parsed = parseWithStandIns(text);
  if (!parsed.ok) return { statuses: [400], names: '' };
  return refuseImpossibleInput(route, target, parsed.value, expectBody(route, target, parsed.value));
}

/** An input the screen cannot take must not be accepted, whatever the schema lets through. */
function refuseImpossibleInput(
  route: FuzzRoute,
  target: RunTarget | undefined,
  value: unknown,
  expect: Expectation,
): Expectation {
  if (route.name !== 'input' || !expect.statuses.includes(202)) return expect;
  const type = (value as { action?: { type?: unknown } }).action?.type;
  const impossible = pointsOutsideScreen(value) || (typeof type === 'string' && AGENT_ONLY_ACTIONS.has(type));
  if (!impossible) return expect;
  return { statuses: target === 'ended' ? [409] : [400, 409], names: 'action' };
}
