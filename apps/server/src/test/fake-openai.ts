import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/** One request the fake received, as tests assert on it. */
export type FakeOpenAiRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (null when there was none or it was not JSON). */
  body: ChatCompletionBody | null;
  /** True once the client closed the connection before the fake finished its answer. */
  aborted: boolean;
  /** Resolves when the connection of this request is closed, by either side. */
  closed: Promise<void>;
};

/** The fields of a chat-completions request the fake reads; the rest is kept as sent. */
export type ChatCompletionBody = {
  model?: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  messages?: { role: string; content: unknown }[];
  [field: string]: unknown;
};

/** How the fake answers one chat-completions request. */
export type FakeReply = {
  /** The assistant's text; split into `chunks` pieces when streaming (default: one piece per word). */
  text?: string;
  /** The streamed pieces, when a test wants to choose them; their concatenation is the text. */
  chunks?: string[];
  /**
   * Stream piece i at (i + 1) × this many ms after the answer starts, as a model generates at its own pace:
   * a piece sent late (the fake's process was busy) does not push back the ones after it.
   */
  chunkDelayMs?: number;
  /** Answer with this HTTP status and an OpenAI-style error body instead. */
  status?: number;
  /** Extra response headers, e.g. `{ 'retry-after': '0' }` with status 429. */
  headers?: Record<string, string>;
  /** Accept the request and never answer (nor close the connection). */
  hang?: boolean;
  /** Stream this many pieces, then stall with the connection open. */
  stallAfterChunks?: number;
  /** Stream a line that is not valid JSON after the first piece, then end the stream. */
  malformed?: boolean;
};

export type FakeScript = string | FakeReply | ((request: FakeOpenAiRequest) => string | FakeReply);

/** How the fake answers legacy completions (`POST /v1/completions`), as scored with `echo` and `logprobs`. */
export type FakeLogprobsReply = {
  /** The log-probability of each prompt token (default: -2 for every one). */
  logprob?: (token: string, index: number) => number;
  /** Answer with this HTTP status and an OpenAI-style error body instead. */
  status?: number;
  /** Ignore `echo`, as servers without prompt log-probabilities do: score only the generated token. */
  ignoreEcho?: boolean;
};

export type FakeOpenAi = {
  /** `http://127.0.0.1:<port>`; the OpenAI-compatible API is at `${url}/v1`. */
  url: string;
  /** Every request received, oldest first. */
  requests: FakeOpenAiRequest[];
  /** The chat-completions requests only. */
  completions: () => FakeOpenAiRequest[];
  /** The answer to every request not taken by `enqueue` (default: "Hello from the fake model."). */
  reply: (script: FakeScript) => void;
  /** One-off answers, used in order by the next requests, before the default reply. */
  enqueue: (...scripts: FakeScript[]) => void;
  /** The legacy completions requests only. */
  legacyCompletions: () => FakeOpenAiRequest[];
  /** How legacy completions are answered from now on. */
  logprobsReply: (reply: FakeLogprobsReply) => void;
  /** Forgets the recorded requests, queued answers and the default replies. */
  reset: () => void;
  close: () => Promise<void>;
};

const DEFAULT_REPLY = 'Hello from the fake model.';

/**
 * A loopback server speaking the OpenAI chat-completions wire protocol (`POST /v1/chat/completions`,
 * streamed as `text/event-stream` chunks ending in `data: [DONE]`, or one `chat.completion` JSON;
 * `GET /v1/models`), scriptable per request. With `ollama: true` it also answers Ollama's `GET /api/tags`,
 * as a local Ollama server does beside its OpenAI-compatible `/v1`.
 */
export async function startFakeOpenAi(
  options: { models?: string[]; ollama?: boolean; script?: FakeScript } = {},
): Promise<FakeOpenAi> {
  const models = options.models ?? ['fake-model'];
  const requests: FakeOpenAiRequest[] = [];
  let queue: FakeScript[] = [];
  let fallback: FakeScript = options.script ?? DEFAULT_REPLY;
  let legacy: FakeLogprobsReply = {};

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `fake-openai failed: ${String(error)}`, type: 'server_error' } }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const request: FakeOpenAiRequest = {
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
      body: parseJson(raw),
      aborted: false,
      closed: new Promise((resolve) => {
        res.on('close', () => {
          if (!res.writableFinished) request.aborted = true;
          resolve();
        });
      }),
    };
    requests.push(request);

    if (req.method === 'GET' && path === '/v1/models') return sendJson(res, 200, modelList(models));
    if (req.method === 'GET' && path === '/api/tags' && options.ollama) return sendJson(res, 200, ollamaTags(models));
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      const script = queue.shift() ?? fallback;
      const answer = typeof script === 'function' ? script(request) : script;
      return complete(res, request, typeof answer === 'string' ? { text: answer } : answer);
    }
    if (req.method === 'POST' && path === '/v1/completions') return completeLegacy(res, request, legacy);
    sendJson(res, 404, { error: { message: `Unknown path ${path}`, type: 'invalid_request_error' } });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    completions: () => requests.filter((request) => request.path === '/v1/chat/completions'),
    legacyCompletions: () => requests.filter((request) => request.path === '/v1/completions'),
    logprobsReply: (reply) => {
      legacy = reply;
    },
    reply: (script) => {
      fallback = script;
    },
    enqueue: (...scripts) => {
      queue.push(...scripts);
    },
    reset: () => {
      requests.length = 0;
      queue = [];
      fallback = options.script ?? DEFAULT_REPLY;
      legacy = {};
    },
    close: () =>
      new Promise((resolve) => {
        // Hanging answers keep their connections open; a test server must not wait for them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function complete(res: ServerResponse, request: FakeOpenAiRequest, reply: FakeReply): Promise<void> {
  if (reply.hang) return;
  if (reply.status && reply.status >= 400) return sendError(res, reply.status, reply.headers);
  const model = request.body?.model ?? 'fake-model';
  const chunks = reply.chunks ?? splitWords(reply.text ?? DEFAULT_REPLY);
  if (!request.body?.stream) {
    return sendJson(res, 200, completion(model, chunks.join(''), request.body), reply.headers);
  }

  const id = `chatcmpl-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...reply.headers });
  res.flushHeaders();
  const started = performance.now();
  for (const [index, piece] of chunks.entries()) {
    if (res.destroyed) return;
    if (reply.stallAfterChunks !== undefined && index >= reply.stallAfterChunks) return;
    if (reply.chunkDelayMs) await sleepUntil(started + (index + 1) * reply.chunkDelayMs);
    writeEvent(res, chunk(index === 0 ? { role: 'assistant', content: piece } : { content: piece }, null));
    if (reply.malformed) {
      res.end('data: {"id": "broken", "choices": [ {"delta": \n\n');
      return;
    }
  }
  if (reply.stallAfterChunks !== undefined && reply.stallAfterChunks >= chunks.length) return;
  writeEvent(res, chunk({}, 'stop'));
  if (request.body.stream_options?.include_usage) {
    writeEvent(res, { ...chunk({}, null), choices: [], usage: usage(request.body, chunks.join('')) });
  }
  res.end('data: [DONE]\n\n');
}

/** The generated token of a legacy completion: one, as `max_tokens: 1` asks. */
const GENERATED_TOKEN = ' the';

/**
 * A legacy `text_completion`: with `echo`, the prompt's tokens (a word with its leading whitespace, as BPE
 * tokenizers split) come first with their log-probabilities, the first one null as it has no context, then
 * the generated token; `text_offset` counts characters of prompt + completion.
 */
function completeLegacy(res: ServerResponse, request: FakeOpenAiRequest, reply: FakeLogprobsReply): void {
  if (reply.status && reply.status >= 400) {
    sendError(res, reply.status);
    return;
  }
  const prompt = typeof request.body?.prompt === 'string' ? request.body.prompt : '';
  const echo = request.body?.echo === true && !reply.ignoreEcho;
  const promptTokens = echo ? (prompt.match(/\s*\S+|\s+$/g) ?? []) : [];
  const tokens = [...promptTokens, GENERATED_TOKEN];
  const logprobs = tokens.map((token, index) =>
    index >= promptTokens.length ? -1 : index === 0 ? null : (reply.logprob?.(token, index) ?? -2),
  );
  const offsets = tokens.map((_, index) => tokens.slice(0, index).join('').length + (echo ? 0 : prompt.length));
  sendJson(res, 200, {
    id: `cmpl-${randomUUID()}`,
    object: 'text_completion',
    created: Math.floor(Date.now() / 1000),
    model: request.body?.model ?? 'fake-model',
    choices: [
      {
        index: 0,
        text: `${echo ? prompt : ''}${GENERATED_TOKEN}`,
        logprobs: {
          tokens,
          token_logprobs: logprobs,
          top_logprobs: tokens.map((token, index) => (logprobs[index] === null ? null : { [token]: logprobs[index] })),
          text_offset: offsets,
        },
        finish_reason: 'length',
      },
    ],
    usage: { prompt_tokens: promptTokens.length, completion_tokens: 1, total_tokens: promptTokens.length + 1 },
  });
}

function completion(model: string, text: string, body: ChatCompletionBody | null) {
  return {
    id: `chatcmpl-${randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: usage(body, text),
  };
}

/** Token counts are words here: tests only need them to be plausible. */
function usage(body: ChatCompletionBody | null, text: string) {
  const promptTokens = (body?.messages ?? []).reduce(
    (sum, message) => sum + splitWords(typeof message.content === 'string' ? message.content : '').length,
    0,
  );
  const completionTokens = splitWords(text).length;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

function sendError(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  const type = status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error';
  sendJson(
    res,
    status,
    { error: { message: `Fake provider error ${status}`, type, param: null, code: type } },
    headers,
  );
}

function modelList(models: string[]) {
  return {
    object: 'list',
    data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' })),
  };
}

function ollamaTags(models: string[]) {
  return {
    models: models.map((name) => ({
      name,
      model: name,
      modified_at: '2025-01-01T00:00:00Z',
      size: 1,
      digest: 'fake',
      details: { format: 'gguf', family: 'fake', parameter_size: '1B', quantization_level: 'Q4_0' },
    })),
  };
}

/** Words with their following space, so the pieces join back to the text exactly. */
function splitWords(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [''];
}

function writeEvent(res: ServerResponse, payload: unknown): void {
  res.write(`data: ${JSON.stringify(payload)}\n\n`);
}

function sendJson(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(payload));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function parseJson(raw: string): ChatCompletionBody | null {
  try {
    return raw ? (JSON.parse(raw) as ChatCompletionBody) : null;
  } catch {
    return null;
  }
}

/** Resolves at `deadline` (a `performance.now()` time), or at once when it has passed. */
function sleepUntil(deadline: number): Promise<void> {
  const wait = deadline - performance.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}
