import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { modelFetch } from './model-fetch';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A local HTTP server answering with `handler`, once the request's body has been read. */
async function serve(handler: Handler): Promise<string> {
  const local = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => handler(request, body, response));
  });
  server = local;
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
}

/** Each read of the body as text, until it ends. */
async function reads(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string[]> {
  const decoder = new TextDecoder();
  const texts: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return texts;
    texts.push(decoder.decode(value));
  }
}

const bodyReader = (answer: Response) => (answer.body as ReadableStream<Uint8Array>).getReader();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('modelFetch', () => {
  it('sends the method, headers and body, and answers with the status, headers and body', async () => {
    const url = await serve((request, body, response) => {
      response.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'r1' });
      response.end(JSON.stringify({ method: request.method, auth: request.headers.authorization, body }));
    });
    const answer = await modelFetch({ intervalMs: 50 }).fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer key', 'content-type': 'application/json' },
      body: '{"stream":true}',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-request-id')).toBe('r1');
    expect(await answer.json()).toEqual({ method: 'POST', auth: 'Bearer key', body: '{"stream":true}' });
  });

  it('resolves an error status like any answer, with its headers', async () => {
    const url = await serve((_request, _body, response) => {
      response.writeHead(429, { 'retry-after': '3' });
      response.end('{"error":{"message":"slow down"}}');
    });
    const answer = await modelFetch({ intervalMs: 50 }).fetch(url, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('3');
    expect(await answer.text()).toContain('slow down');
  });

  it('rejects a refused connection as fetch does, a TypeError with the cause, which the SDK retries', async () => {
    const url = await serve(() => {});
    await new Promise((resolve) => server?.close(resolve));
    const failure = await modelFetch({ intervalMs: 50 })
      .fetch(url, { method: 'POST', body: '{}' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe('fetch failed');
    expect(((failure as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });

  it('rejects with the signal’s reason when aborted before the answer, and closes the connection', async () => {
    let closed: Promise<void> = new Promise(() => {});
    const url = await serve((request) => {
      closed = new Promise((resolve) => request.socket.on('close', () => resolve()));
    });
    const controller = new AbortController();
    const pending = modelFetch({ intervalMs: 50 }).fetch(url, { signal: controller.signal });
    await sleep(100);
    const reason = new Error('the client left');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await closed;
  });

  it('fails the body with the signal’s reason when aborted while the answer streams', async () => {
    const url = await serve((_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n');
    });
    const controller = new AbortController();
    const answer = await modelFetch({ intervalMs: 50 }).fetch(url, { signal: controller.signal });
    const reader = bodyReader(answer);
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: one\n\n');
    const reason = new Error('timed out');
    controller.abort(reason);
    await expect(reader.read()).rejects.toBe(reason);
  });

  it('fails the body when the server breaks the connection halfway', async () => {
    const url = await serve((_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n', () => setTimeout(() => response.socket?.destroy(), 20));
    });
    const answer = await modelFetch({ intervalMs: 50 }).fetch(url);
    await expect(reads(bodyReader(answer))).rejects.toThrow('terminated');
  });

  it('hands each piece on as it comes until paced', async () => {
    let next: () => void = () => {};
    const url = await serve((_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const pieces = ['a', 'b', 'c'];
      next = () => {
        const piece = pieces.shift();
        if (piece) response.write(piece);
        else response.end();
      };
      next();
    });
    // Another call's pace is not this one's.
    const transport = modelFetch({ intervalMs: 60_000 });
    transport.pace(new AbortController().signal);
    const answer = await transport.fetch(url, { signal: new AbortController().signal });
    const reader = bodyReader(answer);
    const seen: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      seen.push(new TextDecoder().decode(value));
      // The server writes its next piece only after this one was read: nothing waits for an interval.
      next();
    }
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('once paced, hands on what came in the interval together, and the end without waiting it out', async () => {
    const url = await serve(async (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('first ');
      await sleep(100);
      for (let piece = 0; piece < 10; piece++) {
        response.write(`p${piece} `);
        await sleep(10);
      }
      response.end('last');
    });
    const transport = modelFetch({ intervalMs: 5_000 });
    const call = new AbortController();
    const answer = await transport.fetch(url, { signal: call.signal });
    const reader = bodyReader(answer);
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first ');
    transport.pace(call.signal);
    const started = performance.now();
    const rest = await reads(reader);
    // All ten pieces and the last came within the 5-second interval: one read, as soon as the answer ended.
    expect(rest).toEqual(['p0 p1 p2 p3 p4 p5 p6 p7 p8 p9 last']);
    expect(performance.now() - started).toBeLessThan(2_500);
  });

  it('reads an answer a server compressed anyway', async () => {
    const url = await serve((request, _body, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip', 'x-asked': String(request.headers['accept-encoding']) });
      response.end(gzipSync('data: compressed\n\n'));
    });
    const answer = await modelFetch({ intervalMs: 50 }).fetch(url);
    expect(answer.headers.get('x-asked')).toBe('identity');
    expect(await answer.text()).toBe('data: compressed\n\n');
  });
});
