import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess as runCli } from './run-cli.js';

/** Keys from the machine running the tests must not change what is probed. */
const NO_KEYS = {
  ANTHROPIC_API_KEY: undefined,
  OPENAI_API_KEY: undefined,
  SANDPIPER_OPENAI_COMPATIBLE_API_KEY: undefined,
};
const KEY = 'sk-local-probe-key-0123456789abcdef';

/**
 * A local server on the Chat Completions wire format, with the answer shape of
 * https://platform.openai.com/docs/api-reference/chat/object and the error shape of
 * https://platform.openai.com/docs/guides/error-codes, as vLLM and llama.cpp's server speak it.
 * Each model id behaves like a kind of real deployment:
 * - `qwen2.5-vl`: a vision model on a large context; it reads the picture's colour from the pixels;
 * - `llama-3.1-8b`: a text-only model that answers about a picture it never received;
 * - `qwen2.5-vl-4k`: the vision model behind a 4,096-token window that cuts longer prompts;
 * - anything else: not served (404).
 * With `requireKey`, a request without `Bearer <KEY>` gets 401.
 */
async function startServer(requireKey: boolean): Promise<{ baseURL: string; requests: unknown[]; server: Server }> {
  const requests: unknown[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => void answer());
    const answer = async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        model: string;
        messages: { content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
      };
      requests.push(body);
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      const error = (status: number, message: string, code: string | null) =>
        send(status, { error: { message, type: 'invalid_request_error', param: null, code } });
      if (requireKey && request.headers.authorization !== `Bearer ${KEY}`) {
        return error(401, 'Incorrect API key provided.', 'invalid_api_key');
      }
      const served = ['qwen2.5-vl', 'llama-3.1-8b', 'qwen2.5-vl-4k'];
      if (!served.includes(body.model))
        return error(404, `The model \`${body.model}\` does not exist.`, 'model_not_found');
      const parts = body.messages.flatMap((message) =>
        typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content,
      );
      const words = parts.reduce((sum, part) => sum + (part.text?.split(/\s+/).length ?? 0), 0);
      const promptTokens = body.model === 'qwen2.5-vl-4k' ? Math.min(words, 4096) : words;
      const image = parts.find((part) => part.type === 'image_url');
      const seesImages = body.model !== 'llama-3.1-8b';
      const content =
        image === undefined ? 'ready' : seesImages ? await colourOf(image.image_url!.url) : 'The square is blue.';
      send(200, {
        id: 'chatcmpl-probe',
        object: 'chat.completion',
        created: 1764662400,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
        usage: { prompt_tokens: promptTokens, completion_tokens: 2, total_tokens: promptTokens + 2 },
      });
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests, server };
}

/** What a vision model would say of the picture: the colour of its centre pixel, decoded with sharp. */
async function colourOf(dataUrl: string): Promise<string> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const centre = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  const [red, green, blue] = [data[centre]!, data[centre + 1]!, data[centre + 2]!];
  return red > 150 && green < 90 && blue < 90 ? 'Red' : 'White';
}

function directoryWith(config: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandpiper-models-probe-'));
  writeFileSync(path.join(dir, 'sandpiper.config.json'), JSON.stringify(config));
  return dir;
}

describe('sandpiper models probe', () => {
  let open: Awaited<ReturnType<typeof startServer>>;
  let keyed: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    open = await startServer(false);
    keyed = await startServer(true);
  });
  afterAll(async () => {
    for (const each of [open, keyed]) await new Promise((resolve) => each.server.close(resolve));
  });

  it('says every role works, exit 0, when the model answers, reads images and keeps a full request', async () => {
    const result = await runCli(['models', 'probe', '--model', `openai-compatible:qwen2.5-vl@${open.baseURL}`], {
      env: NO_KEYS,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/every role\s+openai-compatible:qwen2\.5-vl@\S+\s+\S+\s+ok\s+ok\s+ok\s+working/);
    expect(result.stdout).toContain('saw the red square');
    expect(result.stdout).toContain('Working: every role');
    expect(open.requests.length).toBe(3);
  });

  it('names, per role, the model that cannot read images and the window that is too small, with the fix', async () => {
    const cwd = directoryWith({
      models: {
        default: `openai-compatible:qwen2.5-vl@${open.baseURL}`,
        operator: `openai-compatible:llama-3.1-8b@${open.baseURL}`,
        grounder: `openai-compatible:qwen2.5-vl-4k@${open.baseURL}`,
        loopJudge: `openai-compatible:llama-3.1-8b@${open.baseURL}`,
      },
    });
    const result = await runCli(['models', 'probe'], { cwd, env: NO_KEYS });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `- operator, loopJudge (openai-compatible:llama-3.1-8b@${open.baseURL}): llama-3.1-8b at ${open.baseURL} does not read images`,
    );
    expect(result.stdout).toContain(
      `- grounder (openai-compatible:qwen2.5-vl-4k@${open.baseURL}): ${open.baseURL} cannot take a request of the agent's size`,
    );
    expect(result.stdout).toContain('--max-model-len');
    expect(result.stdout).not.toMatch(/- planner[ ,]/);
  });

  it('probes the fallback model too, as its own row, and names it when it cannot read images', async () => {
    const cwd = directoryWith({
      models: {
        default: `openai-compatible:qwen2.5-vl@${open.baseURL}`,
        fallback: `openai-compatible:llama-3.1-8b@${open.baseURL}`,
      },
    });
    const result = await runCli(['models', 'probe'], { cwd, env: NO_KEYS });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/every role\s+openai-compatible:qwen2\.5-vl@\S+\s+\S+\s+ok\s+ok\s+ok\s+working/);
    expect(result.stdout).toMatch(/fallback\s+openai-compatible:llama-3\.1-8b@\S+.*NOT WORKING/);
    expect(result.stdout).toContain(`- fallback (openai-compatible:llama-3.1-8b@${open.baseURL}): llama-3.1-8b at`);
  });

  it('says the key was refused and which variable to set, never printing the key, and spots a wrong model name', async () => {
    const wrongKey = await runCli(['models', 'probe', '--model', `openai-compatible:qwen2.5-vl@${keyed.baseURL}`], {
      env: { ...NO_KEYS, SANDPIPER_OPENAI_COMPATIBLE_API_KEY: 'sk-wrong-0000' },
    });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stdout).toContain(
      `${keyed.baseURL} refused the key (HTTP 401): set SANDPIPER_OPENAI_COMPATIBLE_API_KEY`,
    );
    expect(wrongKey.stdout).toMatch(/\bauth\s+skipped\s+skipped\s+NOT WORKING/);
    expect(wrongKey.stdout).not.toContain('sk-wrong-0000');

    const rightKey = await runCli(
      ['models', 'probe', '--model', `openai-compatible:qwen2-vl@${keyed.baseURL}`, '--json'],
      {
        env: { ...NO_KEYS, SANDPIPER_OPENAI_COMPATIBLE_API_KEY: KEY },
      },
    );
    expect(rightKey.code).toBe(1);
    expect(rightKey.stdout).not.toContain(KEY);
    const report = JSON.parse(rightKey.stdout) as { usable: boolean; models: { problems: string[] }[] };
    expect(report.usable).toBe(false);
    expect(report.models[0]!.problems[0]).toContain('knows no model "qwen2-vl"');
  });

  it('needs no network when no model is configured, and refuses a bad --timeout', async () => {
    const builtin = await runCli(['models', 'probe'], { cwd: directoryWith({}), env: NO_KEYS });
    expect(builtin.code).toBe(0);
    expect(builtin.stdout).toContain('Nothing to probe');
    const bad = await runCli(['models', 'probe', '--timeout', 'soon'], { env: NO_KEYS });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--timeout must be a positive whole number');
  });
});
