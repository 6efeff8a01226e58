import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { type Logger, pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { AppError } from '../http/app-error';
import { type FakeOpenAi, startFakeOpenAi } from '../test/fake-openai';
import { createAiGateway, type ModelGateway } from './gateway';

let fake: FakeOpenAi;
const silent = pino({ level: 'silent' });
/** Gateways made by a test, whose model threads end after it. */
const opened: ModelGateway[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
beforeEach(() => fake.reset());
afterEach(async () => {
  await Promise.all(opened.splice(0).map((gateway) => gateway.close()));
});
afterAll(() => fake.close());

async function modelGateway(env: Record<string, string> = {}, logger: Logger = silent): Promise<ModelGateway> {
  const config = loadConfig({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: `${fake.url}/v1`,
    AI_MODEL: 'fake-model',
    AI_API_KEY: 'test-key',
    ...env,
  });
  const gateway = await createAiGateway(config.ai, logger);
  if (gateway.engine !== 'model') throw new Error('expected a model gateway');
  opened.push(gateway);
  return gateway;
}

/** A logger writing JSON records into `records`. */
function recordingLogger(records: Record<string, unknown>[]): Logger {
  const sink = new Writable({
    write(line, _encoding, done) {
      records.push(JSON.parse(String(line)));
      done();
    },
  });
  return pino({ level: 'info' }, sink);
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

async function failure(stream: AsyncIterable<string>): Promise<unknown> {
  return collect(stream).then(
    () => new Error('the stream did not fail'),
    (error: unknown) => error,
  );
}

describe('the AI gateway against an OpenAI-compatible server', () => {
  it('streams the text in pieces and sends the system prompt, the prompt and the key', async () => {
    fake.reply({ chunks: ['The master ', 'pings ', 'every worker.'], chunkDelayMs: 100 });
    const gateway = await modelGateway();
    const pieces = await collect(
      gateway.streamText({ system: 'Answer briefly.', prompt: 'How are failures detected?', maxOutputTokens: 200 }),
    );
    // Pieces that reach the model thread together are passed on as one (text-batches.ts).
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('The master pings every worker.');
    const [request] = fake.completions();
    expect(request?.headers.authorization).toBe('Bearer test-key');
    expect(request?.body).toMatchObject({
      model: 'fake-model',
      stream: true,
      max_tokens: 200,
      messages: [
        { role: 'system', content: 'Answer briefly.' },
        { role: 'user', content: 'How are failures detected?' },
      ],
    });
  });

  it('retries after a 429 that says when to come back, then succeeds', async () => {
    fake.enqueue({ status: 429, headers: { 'retry-after': '0' } });
    fake.reply('Second time lucky.');
    const gateway = await modelGateway();
    expect((await collect(gateway.streamText({ prompt: 'Hi' }))).join('')).toBe('Second time lucky.');
    expect(fake.completions()).toHaveLength(2);
  });

  it('gives up with model_failed when the provider keeps answering 500', async () => {
    fake.reply({ status: 500, headers: { 'retry-after-ms': '10' } });
    const gateway = await modelGateway({ AI_MAX_RETRIES: '2' });
    const error = await failure(gateway.streamText({ prompt: 'Hi' }));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('model_failed');
    expect(fake.completions()).toHaveLength(3);
  });

  it('does not retry a 400 and reports model_failed', async () => {
    fake.reply({ status: 400 });
    const gateway = await modelGateway();
    expect(((await failure(gateway.streamText({ prompt: 'Hi' }))) as AppError).code).toBe('model_failed');
    expect(fake.completions()).toHaveLength(1);
  });

  it('times out with model_timeout when the provider hangs, and closes the connection', async () => {
    fake.reply({ hang: true });
    const gateway = await modelGateway({ AI_TIMEOUT_MS: '1000' });
    const started = Date.now();
    const error = await failure(gateway.streamText({ prompt: 'Hi' }));
    expect((error as AppError).code).toBe('model_timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    await fake.completions()[0]?.closed;
    expect(fake.completions()[0]?.aborted).toBe(true);
  });

  it('times out when the stream stalls halfway', async () => {
    fake.reply({ text: 'one two three four', stallAfterChunks: 2 });
    const gateway = await modelGateway({ AI_TIMEOUT_MS: '1000' });
    const pieces: string[] = [];
    const error = await (async () => {
      try {
        for await (const piece of gateway.streamText({ prompt: 'Hi' })) pieces.push(piece);
      } catch (caught) {
        return caught;
      }
    })();
    expect(pieces.join('')).toBe('one two ');
    expect((error as AppError).code).toBe('model_timeout');
  });

  it('reports a malformed stream as model_failed', async () => {
    fake.reply({ text: 'Half an answer', malformed: true });
    const gateway = await modelGateway();
    expect(((await failure(gateway.streamText({ prompt: 'Hi' }))) as AppError).code).toBe('model_failed');
  });

  it('cancels the provider call when the caller aborts', async () => {
    fake.reply({ text: 'a b c d e f g h', chunkDelayMs: 200 });
    const gateway = await modelGateway();
    const controller = new AbortController();
    const pieces: string[] = [];
    const error = await (async () => {
      try {
        for await (const piece of gateway.streamText({ prompt: 'Hi', signal: controller.signal })) {
          pieces.push(piece);
          controller.abort(new Error('client went away'));
        }
      } catch (caught) {
        return caught;
      }
    })();
    expect((error as Error).message).toBe('client went away');
    expect(pieces).toEqual(['a ']);
    const [request] = fake.completions();
    await request?.closed;
    expect(request?.aborted).toBe(true);
  });

  it('closes the provider connection when the caller stops reading', async () => {
    fake.reply({ text: 'a b c d e f g h', chunkDelayMs: 100 });
    const gateway = await modelGateway();
    for await (const _piece of gateway.streamText({ prompt: 'Hi' })) break;
    const [request] = fake.completions();
    await request?.closed;
    expect(request?.aborted).toBe(true);
  });

  it('sends a conversation as messages', async () => {
    const gateway = await modelGateway();
    await collect(
      gateway.streamText({
        messages: [
          { role: 'user', content: 'First question' },
          { role: 'assistant', content: 'First answer' },
          { role: 'user', content: 'Second question' },
        ],
      }),
    );
    expect(fake.completions()[0]?.body?.messages?.map((message) => message.content)).toEqual([
      'First question',
      'First answer',
      'Second question',
    ]);
  });
});

/** Anthropic's Messages API, streamed as its documented server-sent events, answering `text` in pieces. */
async function startFakeAnthropic(pieces: string[], pieceDelayMs = 100) {
  const requests: { headers: Record<string, unknown>; body: Record<string, unknown> }[] = [];
  const server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    requests.push({ headers: request.headers, body: JSON.parse(raw) });
    const event = (type: string, data: Record<string, unknown>) =>
      response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    event('message_start', {
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-test',
        content: [],
        usage: { input_tokens: 5, output_tokens: 0 },
      },
    });
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    for (const text of pieces) {
      await new Promise((resolve) => setTimeout(resolve, pieceDelayMs));
      event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
    }
    event('content_block_stop', { index: 0 });
    event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } });
    event('message_stop', {});
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("the thread that reads the model's streams", () => {
  it('serves several streams at once, each with its own text', async () => {
    fake.reply((request) => ({ text: `answer to ${request.body?.messages?.at(-1)?.content}`, chunkDelayMs: 5 }));
    const gateway = await modelGateway();
    const answers = await Promise.all(
      ['one', 'two', 'three'].map(async (prompt) => (await collect(gateway.streamText({ prompt }))).join('')),
    );
    expect(answers).toEqual(['answer to one', 'answer to two', 'answer to three']);
  });

  it("hands a failure's details to the serving thread's log, and only the code to the caller", async () => {
    fake.reply({ status: 400 });
    const records: Record<string, unknown>[] = [];
    const gateway = await modelGateway({}, recordingLogger(records));
    const error = await failure(gateway.streamText({ prompt: 'Hi' }));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('model_failed');
    const logged = records.find((record) => record.msg === 'language model call failed');
    expect(logged).toMatchObject({ level: 50, provider: 'openai-compatible', model: 'fake-model' });
    expect(logged?.err).toMatchObject({ statusCode: 400, message: expect.stringContaining('Fake provider error 400') });
  });

  it('fails the streams it was reading when it ends, and the next stream starts a new thread', async () => {
    fake.reply({ text: 'a b c d e f g h', chunkDelayMs: 100 });
    const gateway = await modelGateway();
    const pieces: string[] = [];
    const error = await (async () => {
      try {
        for await (const piece of gateway.streamText({ prompt: 'Hi' })) {
          pieces.push(piece);
          await gateway.close();
        }
      } catch (caught) {
        return caught;
      }
    })();
    expect(pieces).toEqual(['a ']);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('model_failed');
    fake.reply({ text: 'back again' });
    expect((await collect(gateway.streamText({ prompt: 'Hi' }))).join('')).toBe('back again');
  });
});

describe('the AI gateway against Anthropic', () => {
  it('streams the text in pieces and sends the system prompt, the conversation and the key', async () => {
    const anthropic = await startFakeAnthropic(['Soil ', 'holds ', 'water.']);
    try {
      const config = loadConfig({ AI_PROVIDER: 'anthropic', AI_API_KEY: 'ant-key', AI_BASE_URL: anthropic.url });
      const gateway = await createAiGateway(config.ai, silent);
      if (gateway.engine !== 'model') throw new Error('expected a model gateway');
      opened.push(gateway);
      const pieces = await collect(gateway.streamText({ system: 'Be brief.', prompt: 'What does soil do?' }));
      expect(pieces.length).toBeGreaterThan(1);
      expect(pieces.join('')).toBe('Soil holds water.');
      const [request] = anthropic.requests;
      expect(request?.headers['x-api-key']).toBe('ant-key');
      expect(request?.body).toMatchObject({
        stream: true,
        system: [{ type: 'text', text: 'Be brief.' }],
        messages: [{ role: 'user', content: [{ type: 'text', text: 'What does soil do?' }] }],
      });
    } finally {
      await anthropic.close();
    }
  });
});
