/**
 * Sending one case: find the run it is aimed at, fill in what is only known now (the token, the
 * run id, a step id, a screenshot hash), write the request the way the case says, and describe
 * it so it can be sent again by hand.
 */
import { fillPlaceholders } from './bodies.js';
import type { RunPool } from './run-pool.js';
import { sendHttp, sendRaw, sendSocket, upgradeRequest } from './transport.js';
import type { Answer, FuzzCase, HttpRequestSpec, SendContext, SocketRequestSpec, TokenPlacement } from './types.js';

/** The bound on every answer unless a case says otherwise. */
export const DEFAULT_BOUND_MS = 5000;
const LISTEN_MS = 1200;

export interface Sent {
  readonly answers: readonly Answer[];
  /** The state the pool saw the run in just before; undefined for cases without a run. */
  readonly seenState: string | undefined;
  readonly context: SendContext;
}

export interface ServerAddress {
  readonly host: string;
  readonly port: number;
  readonly token: string;
}

export async function sendCase(fuzzCase: FuzzCase, server: ServerAddress, pool: RunPool): Promise<Sent | string> {
  const target = fuzzCase.target;
  let runId = `r-missing-${fuzzCase.index}`;
  let stepId = 'step-missing';
  let screenshotHash = 'c'.repeat(64);
  if (target !== undefined && target !== 'unknown') {
    const run = await pool.runIn(target);
    if (!run) return `no run could be brought into the state ${target}`;
    runId = run.id;
    stepId = run.stepId ?? stepId;
    screenshotHash = run.screenshotHash ?? screenshotHash;
  }
  if (fuzzCase.route.includes(':hash')) screenshotHash = (await pool.runIn('ended'))?.screenshotHash ?? screenshotHash;
  const context: SendContext = { ...server, runId: encodeURIComponent(runId), stepId, screenshotHash };
  const times = fuzzCase.repeat?.times ?? 1;
  const once = () => sendOnce(fuzzCase, context);
  let answers: Answer[];
  if (fuzzCase.repeat?.concurrent) {
    answers = await Promise.all(Array.from({ length: times }, once));
  } else {
    answers = [];
    for (let count = 0; count < times; count += 1) answers.push(await once());
  }
  await adoptCreatedRuns(fuzzCase, answers, pool);
  return { answers, seenState: target, context };
}

function sendOnce(fuzzCase: FuzzCase, context: SendContext): Promise<Answer> {
  const bound = fuzzCase.timeoutMs ?? DEFAULT_BOUND_MS;
  const request = fuzzCase.request;
  switch (request.transport) {
    case 'http': {
      const { path, headers, body } = httpParts(request, context);
      return sendHttp({
        host: context.host,
        port: context.port,
        method: request.method,
        path,
        headers,
        body,
        timeoutMs: bound,
      });
    }
    case 'raw':
      return sendRaw(context.host, context.port, request.build(context), bound);
    case 'ws':
      return sendSocket({
        host: context.host,
        port: context.port,
        handshake: upgradeRequest(
          `${context.host}:${context.port}`,
          ...socketParts(request, context),
          request.handshake,
        ),
        behaviour: request.behaviour,
        timeoutMs: bound,
        listenMs: LISTEN_MS,
      });
  }
}

function httpParts(request: HttpRequestSpec, context: SendContext) {
  const placed = placeToken(request.token, context.token);
  const headers: Record<string, string> = { ...placed.headers, ...request.headers };
  let body: Buffer | undefined;
  if (request.token === 'body-field') {
    body = Buffer.from(JSON.stringify({ token: context.token }));
    headers['content-type'] = 'application/json';
  } else if (request.body) {
    body = request.body.build(context);
    if (request.body.contentType !== undefined) headers['content-type'] = request.body.contentType;
  }
  return { path: withQueryToken(fillPath(request.path, context), placed.query), headers, body };
}

function socketParts(request: SocketRequestSpec, context: SendContext): [string, Record<string, string>] {
  const placed = placeToken(request.token, context.token);
  return [withQueryToken(fillPath(request.path, context), placed.query), { ...placed.headers, ...request.headers }];
}

function fillPath(path: string, context: SendContext): string {
  return path.replaceAll('{run}', context.runId).replaceAll('{blob}', context.screenshotHash);
}

function withQueryToken(path: string, token: string | undefined): string {
  if (token === undefined) return path;
  return `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

function placeToken(placement: TokenPlacement, token: string): { headers: Record<string, string>; query?: string } {
  switch (placement) {
    case 'header':
      return { headers: { authorization: `Bearer ${token}` } };
    case 'none':
    case 'body-field':
      return { headers: {} };
    case 'wrong':
      return { headers: { authorization: `Bearer ${flipLast(token)}` } };
    case 'short':
      return { headers: { authorization: 'Bearer abc' } };
    case 'basic-scheme':
      return { headers: { authorization: `Basic ${Buffer.from(`user:${token}`).toString('base64')}` } };
    case 'bearer-without-token':
      return { headers: { authorization: 'Bearer' } };
    case 'bearer-with-extra':
      return { headers: { authorization: `Bearer ${token} extra` } };
    case 'query':
      return { headers: {}, query: token };
    case 'cookie':
      return { headers: { cookie: `token=${token}` } };
    case 'custom-header':
      return { headers: { 'x-access-token': token } };
  }
}

function flipLast(token: string): string {
  return `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
}

/** Runs a fuzz case started are cancelled at once, so their browsers do not pile up. */
async function adoptCreatedRuns(fuzzCase: FuzzCase, answers: readonly Answer[], pool: RunPool): Promise<void> {
  if (fuzzCase.route !== 'POST /api/runs') return;
  for (const answer of answers) {
    if (answer.status !== 201) continue;
    try {
      const id = (JSON.parse(answer.body.toString('utf8')) as { id?: unknown }).id;
      if (typeof id === 'string') await pool.adopt(id);
    } catch {
      // The verdict reports a 201 whose body is not JSON.
    }
  }
}

/** The case as a person would send it again: seed, position, method, path, headers, body. */
export function describeCase(fuzzCase: FuzzCase, seed: number, count: number, context?: SendContext): string {
  const request = fuzzCase.request;
  const where = `--seed ${seed} --count ${count} --case ${fuzzCase.index}`;
  const aim = fuzzCase.target ? ` on a run that is ${fuzzCase.target}` : '';
  const hide = (text: string) => (context ? text.replaceAll(context.token, '<token>') : text);
  const path = (raw: string) => (context ? fillPath(raw, context) : raw);
  const short = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…(${text.length} chars)` : text);
  switch (request.transport) {
    case 'http': {
      const headers = Object.entries(request.headers)
        .map(([name, value]) => ` -H '${name}: ${value}'`)
        .join('');
      const body = request.body
        ? ` body ${request.body.contentType ?? '(no type)'}: ${context ? fillPlaceholders(request.body.summary, context) : request.body.summary}`
        : '';
      return hide(
        `${where}${aim}: ${request.method} ${short(path(request.path))} token=${request.token}${headers}${body} — ${fuzzCase.note}`,
      );
    }
    case 'raw':
      return `${where}: raw bytes — ${request.summary}`;
    case 'ws': {
      const headers = Object.entries(request.headers)
        .map(([name, value]) => ` -H '${name}: ${value}'`)
        .join('');
      return hide(
        `${where}${aim}: WebSocket ${short(path(request.path))} token=${request.token}${headers}${request.handshake ? ` handshake=${request.handshake}` : ''} then ${request.behaviour} — ${fuzzCase.note}`,
      );
    }
  }
}
