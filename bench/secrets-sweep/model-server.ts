import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server speaking OpenAI Chat Completions (the response shape of
 * https://platform.openai.com/docs/api-reference/chat/object) whose "model" is a literal-minded
 * clerk, after the one in packages/testing, that keeps every request body exactly as it arrived
 * so the prompts can be swept. It reads the element list in each prompt and knows two kinds of
 * step: `Type '<value>' into the '<field>' field` and `Click the '<name>' button`. Like a person
 * told to type `{{password}}`, it types the placeholder and lets Sandpiper fill in the value;
 * where a field shows a mask or dots, it takes the field as filled, and it quotes what it sees.
 */

/** One request as received. */
export interface RecordedRequest {
  /** When it arrived, milliseconds since the epoch (the clock the run's events use too). */
  readonly at: number;
  readonly path: string;
  /** The body, byte for byte. */
  readonly body: Buffer;
  /** The structured answer asked for (`plan`, `operator_decision`, …). */
  readonly outputName: string;
}

export interface SweepModelServer {
  /** `http://127.0.0.1:<port>/v1`. */
  readonly baseURL: string;
  /** Every request since the last `take`, oldest first. */
  take(): RecordedRequest[];
  close(): Promise<void>;
}

type Step =
  | { readonly kind: 'type'; readonly value: string; readonly field: string }
  | { readonly kind: 'click'; readonly name: string };

interface Element {
  readonly role: string;
  readonly name: string;
  readonly value: string | undefined;
  readonly centre: { readonly x: number; readonly y: number };
}

const ELEMENT_LINE = /^- (\S+) ("(?:[^"\\]|\\.)*")(.*) at x=(-?[\d.]+) y=(-?[\d.]+) w=([\d.]+) h=([\d.]+)$/;
const STEP = /type '([^']+)' into the '([^']+)' field|click the '([^']+)' button/gi;
/** Labels of fields whose value the clerk will not ask to see quoted back (it cannot read it). */
const SECRET_LABEL = /password|token|card|cvc|code|secret/i;

function stepsIn(text: string): Step[] {
  return [...text.matchAll(STEP)].map((match) =>
    match[3] === undefined
      ? { kind: 'type' as const, value: match[1]!, field: match[2]! }
      : { kind: 'click' as const, name: match[3] },
  );
}

function elements(text: string): Element[] {
  return text.split('\n').flatMap((line) => {
    const match = ELEMENT_LINE.exec(line);
    if (!match) return [];
    const value = /value=("(?:[^"\\]|\\.)*")/.exec(match[3]!)?.[1];
    const [x, y, width, height] = [match[4], match[5], match[6], match[7]].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    return [
      {
        role: match[1]!,
        name: JSON.parse(match[2]!) as string,
        value: value === undefined ? undefined : (JSON.parse(value) as string),
        centre: { x: Math.round(x + width / 2), y: Math.round(y + height / 2) },
      },
    ];
  });
}

/** The text after a label, up to the end of its line. */
function after(text: string, label: string): string {
  const start = text.indexOf(label);
  return start === -1 ? '' : (text.slice(start + label.length).split('\n')[0] ?? '').trim();
}

/** The last listed field of that name: the current screen comes last in a prompt. */
function field(text: string, name: string): Element | undefined {
  return elements(text).findLast((element) => /textbox|searchbox/.test(element.role) && element.name === name);
}

/** The field holds the value, or shows it hidden (dots, or the run's mask). */
function holds(element: Element | undefined, value: string): boolean {
  const shown = element?.value ?? '';
  return shown === value || (shown !== '' && /^[•●*]+$/.test(shown));
}

function typedAll(text: string): boolean {
  return stepsIn(after(text, 'Task: ')).every(
    (step) => step.kind === 'click' || holds(field(text, step.field), step.value),
  );
}

function quote(element: Element | undefined): string {
  return JSON.stringify(element?.value ?? '');
}

function criterionFor(step: Extract<Step, { kind: 'type' }>): unknown {
  return SECRET_LABEL.test(step.field)
    ? { kind: 'described', text: `The '${step.field}' field is filled in` }
    : {
        kind: 'field-value',
        text: `'${step.field}' shows '${step.value}'`,
        target: step.field,
        value: step.value,
        exact: true,
      };
}

/** The operator's answer for the step after `label`; a look ahead (`fresh`) has performed nothing for it yet. */
function operatorDecision(user: string, label = 'Current step: ', fresh = false): unknown {
  const [step] = stepsIn(after(user, label));
  if (!step) return { decision: 'fail', reason: 'The step is not one the clerk can read.' };
  const performed = fresh
    ? '(none)'
    : (user.split('Actions already performed for this step, oldest first:\n')[1]?.split('\n')[0] ?? '');
  if (step.kind === 'click') {
    if (performed !== '(none)') return { decision: 'step-complete', evidence: `'${step.name}' was clicked.` };
    const button = elements(user).findLast((element) => element.role === 'button' && element.name === step.name);
    if (!button) return { decision: 'fail', reason: `No '${step.name}' button is listed.` };
    return {
      decision: 'act',
      thought: `The '${step.name}' button is listed.`,
      actions: [{ summary: `Clicking '${step.name}'`, action: { type: 'click', at: button.centre } }],
    };
  }
  const target = field(user, step.field);
  if (!target) return { decision: 'fail', reason: `No '${step.field}' field is listed.` };
  if (holds(target, step.value))
    return { decision: 'step-complete', evidence: `'${step.field}' shows ${quote(target)}.` };
  return {
    decision: 'act',
    thought: `The '${step.field}' field is listed and is not filled in yet.`,
    actions: [
      { summary: `Clicking '${step.field}'`, action: { type: 'click', at: target.centre } },
      { summary: `Selecting the text in '${step.field}'`, action: { type: 'key', keys: ['Control', 'a'] } },
      { summary: `Typing '${step.value}' into '${step.field}'`, action: { type: 'type', text: step.value } },
    ],
  };
}

function stepVerdict(user: string): { verdict: 'success' | 'failure'; evidence: string; summary: string } {
  const [step] = stepsIn(after(user, 'Step: '));
  if (step?.kind === 'click')
    return { verdict: 'success', evidence: 'The page changed after the click.', summary: 'Done.' };
  const target = step ? field(user, step.field) : undefined;
  const done = step !== undefined && holds(target, step.value);
  return {
    verdict: done ? 'success' : 'failure',
    evidence: done ? `The field shows ${quote(target)}.` : 'The value is not shown.',
    summary: done ? 'Done.' : 'Not done.',
  };
}

/** Every listed criterion satisfied once every field the task names holds its value. */
function readings(user: string): { id: string; status: string; evidence: string }[] {
  const all = typedAll(user);
  return criteria(user).map(({ id, evidence }) => ({
    id,
    status: all ? 'satisfied' : 'unsatisfied',
    evidence: all ? evidence : '',
  }));
}

/** The listed criteria, each with its exact value when it has one. */
function criteria(user: string): { id: string; evidence: string }[] {
  return [...user.matchAll(/^- \[(criterion-[^\]]+)\] .*?(?: \(exact value: ("(?:[^"\\]|\\.)*")\))?$/gm)].map(
    (match) => {
      const exact = match[2] === undefined ? undefined : (JSON.parse(match[2]) as string);
      return { id: match[1]!, evidence: exact === undefined ? 'The field is filled in.' : `Reads '${exact}'.` };
    },
  );
}

/** The clerk's answer to one request, as the JSON text a model would write. */
function answer(outputName: string, user: string): unknown {
  switch (outputName) {
    case 'plan': {
      const steps = stepsIn(after(user, 'Task: '));
      const typing = steps.filter((step) => step.kind === 'type');
      return {
        decision: 'plan',
        analysis: 'Do the named steps in order.',
        constraints: [],
        successCriteria:
          typing.length > 0 ? typing.map(criterionFor) : [{ kind: 'described', text: 'Every step was done' }],
        steps: steps.map((step, index) => ({
          text:
            step.kind === 'type'
              ? `Type '${step.value}' into the '${step.field}' field`
              : `Click the '${step.name}' button`,
          ...(index === steps.length - 1 ? { expectedOutcome: 'The form shows what was entered' } : {}),
        })),
      };
    }
    case 'operator_decision':
      return operatorDecision(user);
    case 'change_description':
      return {
        changes: [...user.matchAll(/^(\d+)\. x=/gm)].map((match) => ({
          region: Number(match[1]),
          description: 'the clicked field or the page after the click',
          relevance: 'action-relevant',
        })),
        summary: 'The page changed where the action was.',
      };
    case 'step_verdict':
      return stepVerdict(user);
    case 'criteria_readings':
      return { readings: readings(user) };
    case 'step_verdict_and_next': {
      // The step check looking ahead: the verdict, the criteria and the next step's first move.
      const verdict = stepVerdict(user);
      const next = after(user, 'Next step: ');
      return {
        ...verdict,
        readings: readings(user),
        ...(verdict.verdict === 'success' && !next.startsWith('(none')
          ? { next: operatorDecision(user, 'Next step: ', true) }
          : {}),
      };
    }
    case 'completion_verdict': {
      const all = typedAll(user);
      return {
        verdict: all ? 'accept' : 'reject',
        certain: true,
        reason: all ? 'Every field named in the task is filled in.' : 'A field is still empty.',
        criteria: criteria(user).map(({ id, evidence }) => ({ id, satisfied: all, evidence })),
        sideEffects: 'confirmed',
        screenStable: true,
        missing: all ? [] : ['fill in the empty field'],
      };
    }
    case 'feasibility':
      return { verdict: 'feasible', evidence: ['The form is open.'] };
    case 'loop_verdict':
      return { progress: 'Fields fill in.', repeating: false, verdict: 'keep', reason: 'Progress is being made.' };
    case 'missing_work':
      return { steps: [] };
    case 'critic_verdict':
      return { verdict: 'retryable', reason: 'The run stopped before every field was filled in.' };
    default:
      return undefined;
  }
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: string; text?: string }) => (part.type === 'text' ? (part.text ?? '') : ''))
    .join('\n');
}

/** Start the clerk on an ephemeral port of 127.0.0.1. */
export async function startSweepModelServer(): Promise<SweepModelServer> {
  let requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = JSON.parse(raw.toString('utf8')) as {
        model: string;
        messages: { role: string; content: unknown }[];
      };
      const system = body.messages.filter((message) => message.role === 'system').map((m) => textOf(m.content));
      const outputName = /the "([a-z_]+)"/.exec(system.join('\n'))?.[1] ?? '';
      const user = body.messages
        .filter((message) => message.role === 'user')
        .map((message) => textOf(message.content))
        .join('\n');
      requests.push({ at: Date.now(), path: request.url ?? '', body: raw, outputName });
      const reply = answer(outputName, user);
      if (reply === undefined) {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `the clerk cannot answer "${outputName}"` } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: `chatcmpl-sweep-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: JSON.stringify(reply), refusal: null },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 1000, completion_tokens: 100, total_tokens: 1100 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    take() {
      const taken = requests;
      requests = [];
      return taken;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
