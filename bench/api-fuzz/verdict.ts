/**
 * Judging the answers to one case. Every answer must come within its bound; no 5xx unless the
 * case says why one is honest; the status must be one that fits; an error must be a JSON body
 * whose `error` says what is wrong (and names the field at fault, when one is); a success must be
 * JSON that fits the route's answer schema; a WebSocket must stream messages that fit the stream
 * schema, and close when it is sent garbage.
 */
import { apiErrorBodySchema, streamMessageSchema } from '@sandpiper/protocol';
import type { z } from 'zod';
import type { FuzzRoute } from './routes.js';
import type { Answer, AnswerClass, FuzzCase } from './types.js';

export interface Verdict {
  readonly classes: AnswerClass[];
  readonly problems: string[];
  readonly unclear: boolean;
}

/** Messages that name no cause: an HTTP reason phrase, a bare word. */
const VAGUE =
  /^(bad request|internal server error|error|invalid|invalid request|not found|forbidden|unauthorized|failed|request failed)\.?$/i;
const MIN_MESSAGE_LENGTH = 15;

export function judgeCase(fuzzCase: FuzzCase, answers: readonly Answer[], routes: readonly FuzzRoute[]): Verdict {
  const classes: AnswerClass[] = [];
  const problems: string[] = [];
  let unclear = false;
  const route = routes.find((candidate) => candidate.key === fuzzCase.route);
  const head = fuzzCase.request.transport === 'http' && fuzzCase.request.method === 'HEAD';
  for (const [position, answer] of answers.entries()) {
    const prefix = answers.length > 1 ? `answer ${position + 1}: ` : '';
    const judged = judgeAnswer(fuzzCase, answer, route, head);
    classes.push(judged.class);
    problems.push(...judged.problems.map((problem) => prefix + problem));
    unclear ||= judged.unclear;
  }
  if (fuzzCase.repeat && ['cancel', 'approve', 'reject'].some((name) => fuzzCase.route.endsWith(`/${name}`))) {
    const accepted = answers.filter((answer) => answer.status === 202).length;
    if (accepted > 1)
      problems.push(`${accepted} of ${answers.length} identical decisions were accepted; one at most fits`);
  }
  return { classes, problems, unclear };
}

function judgeAnswer(
  fuzzCase: FuzzCase,
  answer: Answer,
  route: FuzzRoute | undefined,
  head: boolean,
): { class: AnswerClass; problems: string[]; unclear: boolean } {
  const bound = fuzzCase.timeoutMs ?? 5000;
  if (answer.timedOut) {
    const detail = answer.status === undefined ? 'no answer' : `status ${answer.status} but the answer never finished`;
    return { class: 'hang', problems: [`${detail} within ${bound} ms`], unclear: false };
  }
  if (answer.status === undefined) {
    return {
      class: 'no-answer',
      problems: [`the connection ended without an answer (${answer.transportError ?? 'no reason'})`],
      unclear: false,
    };
  }
  const status = answer.status;
  const problems: string[] = [];
  const expected = fuzzCase.expect.statuses;
  if (!expected.includes(status)) {
    const accepted = status < 300 && expected.every((candidate) => candidate >= 400);
    problems.push(
      accepted
        ? `answered ${status}: accepted a request that must be refused (expected ${expected.join('/')})`
        : `answered ${status}, expected ${expected.join('/')}`,
    );
  }
  if (status >= 500 && !fuzzCase.expect.serverErrorReason) problems.push(`a server error (${status})`);
  if (status === 101)
    return { class: 'opened', problems: [...problems, ...judgeSocket(fuzzCase, answer)], unclear: false };
  if (status >= 400) {
    const clarity = head ? undefined : judgeError(fuzzCase, answer);
    if (clarity) problems.push(clarity);
    return { class: status >= 500 ? '5xx' : '4xx', problems, unclear: clarity !== undefined };
  }
  if (status >= 300) return { class: '3xx', problems, unclear: false };
  if (route) problems.push(...judgeSuccess(route, answer));
  return { class: '2xx', problems, unclear: false };
}

/** Why an error answer does not say what is wrong, or undefined when it does. */
function judgeError(fuzzCase: FuzzCase, answer: Answer): string | undefined {
  const type = String(answer.headers['content-type'] ?? '');
  const text = answer.body.toString('utf8');
  if (!type.startsWith('application/json')) {
    return `the ${answer.status} answer is ${type || 'untyped'}, not JSON: ${JSON.stringify(text.slice(0, 80))}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `the ${answer.status} answer is not valid JSON: ${JSON.stringify(text.slice(0, 80))}`;
  }
  const parsed = apiErrorBodySchema.safeParse(body);
  if (!parsed.success) return `the ${answer.status} answer does not fit { error, issues? }: ${text.slice(0, 120)}`;
  const message = parsed.data.error.trim();
  if (message.length < MIN_MESSAGE_LENGTH || VAGUE.test(message)) {
    return `the ${answer.status} error says too little: ${JSON.stringify(message)}`;
  }
  const issues = parsed.data.issues ?? [];
  // Naming the field is half the answer: the sentence must also say what is wrong with it.
  if (issues.length > 0 && !issues.some((issue) => issue.message !== '' && message.includes(issue.message))) {
    return `the ${answer.status} error names where but not what is wrong: ${JSON.stringify(message.slice(0, 160))}`;
  }
  const field = fuzzCase.expect.names;
  if (field && answer.status === 400 && fuzzCase.expect.statuses.includes(400)) {
    const paths = issues.map((issue) => issue.path);
    const named =
      paths.some((path) => path === field || path.startsWith(field) || field.startsWith(path)) ||
      message.includes(field);
    if (!named) return `the error does not name ${field}: ${JSON.stringify(message.slice(0, 160))}`;
  }
  return undefined;
}

/** Why a 2xx answer breaks the route's contract, if it does. */
function judgeSuccess(route: FuzzRoute, answer: Answer): string[] {
  const type = String(answer.headers['content-type'] ?? '');
  const contract = route.contract.answer;
  if (contract.kind === 'page') return type.startsWith('text/html') ? [] : [`the page came as ${type}`];
  if (contract.kind === 'image') return /^image\/(png|jpeg)$/.test(type) ? [] : [`the image came as ${type}`];
  if (contract.kind !== 'json') return [];
  if (!type.startsWith('application/json')) return [`the ${answer.status} answer is ${type}, not JSON`];
  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return [`the ${answer.status} answer is not valid JSON`];
  }
  if (answer.status !== contract.status)
    return [`answered ${answer.status} where the contract says ${contract.status}`];
  const checked = (contract.schema as z.ZodType).safeParse(body);
  if (checked.success) return [];
  const issue = checked.error.issues[0]!;
  return [`the answer does not fit its schema at ${issue.path.join('.') || '(root)'}: ${issue.message}`];
}

/** Garbage must make the server close the socket; a listener's messages must fit the stream schema. */
function judgeSocket(fuzzCase: FuzzCase, answer: Answer): string[] {
  if (fuzzCase.request.transport !== 'ws' || !answer.socket) return [];
  const problems: string[] = [];
  const behaviour = fuzzCase.request.behaviour;
  const stream = fuzzCase.route.endsWith('/stream');
  for (const message of answer.socket.messages) {
    if (!stream) {
      if (!message.binary) problems.push('the live view sent a text message');
      continue;
    }
    try {
      const parsed = streamMessageSchema.safeParse(JSON.parse(message.data.toString('utf8')));
      if (!parsed.success)
        problems.push(`a stream message does not fit its schema: ${parsed.error.issues[0]?.message}`);
    } catch {
      problems.push('a stream message is not JSON');
    }
  }
  if (stream && behaviour === 'listen' && answer.socket.messages.length === 0) {
    problems.push('the stream sent nothing, not even caught-up');
  }
  const mustClose = behaviour !== 'listen' && behaviour !== 'binary-garbage';
  if (mustClose && !answer.socket.closedByServer) problems.push(`the server kept the socket open after ${behaviour}`);
  return problems;
}
