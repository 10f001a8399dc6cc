import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the OpenAI Chat Completions wire format (the response shape of
 * https://platform.openai.com/docs/api-reference/chat/object), as Ollama or vLLM would, whose
 * "model" is a careful clerk: it reads the element list in each prompt and answers every role of
 * the model engine from what is listed. It only knows steps of the form
 * `Type '<value>' into the '<field>' field`, which is all the tests ask of it.
 */

/** One request the server answered. */
export interface ServedRequest {
  /** The structured answer asked for (`plan`, `operator_decision`, …), read from the system turn. */
  readonly outputName: string;
  /** The `Authorization` header as received; undefined when absent. */
  readonly authorization: string | undefined;
  /** The model id in the request body. */
  readonly model: string;
  /** The text of the user turns, joined: what the role told the model about the task and the screen. */
  readonly user: string;
}

export interface ModelServer {
  /** `http://127.0.0.1:<port>/v1`, for an `openai-compatible:<model>@<baseURL>` spec. */
  readonly baseURL: string;
  /** Every request, in order. */
  readonly requests: ServedRequest[];
  close(): Promise<void>;
}

/** Tokens the server bills for every answer, so budgets and costs are predictable. */
export const TOKENS_PER_CALL = { input: 1000, output: 100 } as const;

interface Element {
  readonly role: string;
  readonly name: string;
  readonly value: string | undefined;
  readonly centre: { readonly x: number; readonly y: number };
}

const ELEMENT_LINE = /^- (\S+) ("(?:[^"\\]|\\.)*")(.*) at x=(-?[\d.]+) y=(-?[\d.]+) w=([\d.]+) h=([\d.]+)$/;
const TYPING = /type '([^']+)' into the '([^']+)' field/gi;

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

function typings(text: string): { value: string; field: string }[] {
  return [...text.matchAll(TYPING)].map((match) => ({ value: match[1]!, field: match[2]! }));
}

function shown(text: string, value: string): boolean {
  return elements(text).some((element) => element.value === value);
}

function criteria(text: string): { id: string; exactValue: string | undefined }[] {
  return [...text.matchAll(/^- \[(criterion-[^\]]+)\] .*?(?: \(exact value: ("(?:[^"\\]|\\.)*")\))?$/gm)].map(
    (match) => ({ id: match[1]!, exactValue: match[2] === undefined ? undefined : (JSON.parse(match[2]) as string) }),
  );
}

/** The operator's answer for the step on the line after `label`: type its value unless the field shows it. */
function operate(user: string, label: string): unknown {
  const [step] = typings(after(user, label));
  if (!step) return { decision: 'fail', reason: 'The step is not one the clerk can read.' };
  const field = elements(user).findLast((element) => element.role === 'textbox' && element.name === step.field);
  if (!field) return { decision: 'fail', reason: `No '${step.field}' field is listed.` };
  if (field.value === step.value) {
    return { decision: 'step-complete', evidence: `'${step.field}' shows '${step.value}'.` };
  }
  return {
    decision: 'act',
    thought: `The '${step.field}' field is listed and does not hold the value yet.`,
    actions: [
      { summary: `Clicking '${step.field}'`, action: { type: 'click', at: field.centre } },
      { summary: `Selecting the text in '${step.field}'`, action: { type: 'key', keys: ['Control', 'a'] } },
      { summary: `Typing '${step.value}' into '${step.field}'`, action: { type: 'type', text: step.value } },
    ],
    completesStep: true,
  };
}

/** A typing step passes when the screen shows its value. */
function verdict(user: string): { verdict: 'success' | 'failure'; evidence: string; summary: string } {
  const [step] = typings(after(user, 'Step: '));
  const done = step !== undefined && shown(user, step.value);
  return {
    verdict: done ? 'success' : 'failure',
    evidence: done ? `The field shows '${step.value}'.` : 'The value is not shown.',
    summary: done ? 'Done.' : 'Not done.',
  };
}

/** Each exact criterion read from the element list. */
function readings(user: string): { id: string; status: string; evidence: string }[] {
  return criteria(user).map(({ id, exactValue }) => {
    const seen = exactValue !== undefined && shown(user, exactValue);
    return { id, status: seen ? 'satisfied' : 'unsatisfied', evidence: seen ? `Reads '${exactValue}'.` : '' };
  });
}

/** The clerk's answer to one request, as the JSON text a model would write. */
function answer(outputName: string, user: string): unknown {
  switch (outputName) {
    case 'plan': {
      const fields = typings(after(user, 'Task: '));
      return {
        decision: 'plan',
        analysis: 'Fill in the named fields of the form and leave it unsubmitted.',
        constraints: ['Do not submit the form.'],
        successCriteria: fields.map(({ value, field }) => ({
          kind: 'field-value',
          text: `'${field}' shows '${value}'`,
          target: field,
          targetRole: 'field',
          value,
          exact: true,
        })),
        steps: fields.map(({ value, field }) => ({
          text: `Type '${value}' into the '${field}' field`,
          expectedOutcome: `'${field}' shows '${value}'`,
        })),
      };
    }
    case 'operator_decision':
      return operate(user, 'Current step: ');
    case 'change_description':
      return {
        changes: [...user.matchAll(/^(\d+)\. x=/gm)].map((match) => ({
          region: Number(match[1]),
          description: 'the typed text in the clicked field',
          relevance: 'action-relevant',
        })),
        summary: 'The clicked field changed.',
      };
    case 'step_verdict':
      return verdict(user);
    case 'criteria_readings':
      return { readings: readings(user) };
    case 'step_verdict_and_next': {
      // The step check looking ahead: the verdict, the criteria and the next step's first move.
      const judged = verdict(user);
      const next = after(user, 'Next step: ');
      return {
        ...judged,
        ...(criteria(user).length > 0 ? { readings: readings(user) } : {}),
        ...(judged.verdict === 'success' && !next.startsWith('(none') ? { next: operate(user, 'Next step: ') } : {}),
      };
    }
    case 'completion_verdict': {
      const read = criteria(user).map(({ id, exactValue }) => ({
        id,
        satisfied: exactValue !== undefined && shown(user, exactValue),
        evidence: `The field reads '${exactValue ?? ''}'.`,
      }));
      const all = read.every((entry) => entry.satisfied);
      return {
        verdict: all ? 'accept' : 'reject',
        certain: true,
        reason: all ? 'Every value is in its field.' : 'A value is missing.',
        criteria: read,
        sideEffects: 'confirmed',
        screenStable: true,
        missing: all ? [] : ['type the missing values'],
      };
    }
    case 'feasibility':
      return { verdict: 'feasible', evidence: ['The form is open.'] };
    case 'loop_verdict':
      return { progress: 'Fields fill in.', repeating: false, verdict: 'keep', reason: 'Progress is being made.' };
    case 'missing_work':
      return { steps: [] };
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
export async function startModelServer(): Promise<ModelServer> {
  const requests: ServedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        model: string;
        messages: { role: string; content: unknown }[];
      };
      const system = body.messages.filter((message) => message.role === 'system').map((m) => textOf(m.content));
      const outputName = /the "([a-z_]+)"/.exec(system.join('\n'))?.[1] ?? '';
      const user = body.messages
        .filter((message) => message.role === 'user')
        .map((message) => textOf(message.content))
        .join('\n');
      requests.push({ outputName, authorization: request.headers.authorization, model: body.model, user });
      const reply = answer(outputName, user);
      if (reply === undefined) {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `the clerk cannot answer "${outputName}"` } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: 1_760_000_000,
          model: body.model,
          choices: [
            { index: 0, message: { role: 'assistant', content: JSON.stringify(reply) }, finish_reason: 'stop' },
          ],
          usage: {
            prompt_tokens: TOKENS_PER_CALL.input,
            completion_tokens: TOKENS_PER_CALL.output,
            total_tokens: TOKENS_PER_CALL.input + TOKENS_PER_CALL.output,
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
