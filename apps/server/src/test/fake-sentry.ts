import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One item of an envelope: its header (`type`, `length`…) and its payload, parsed when it is JSON. */
export type EnvelopeItem = { header: { type: string; length?: number } & Record<string, unknown>; payload: unknown };

/** One envelope as Sentry's ingest would read it, with the raw text for assertions on what was never sent. */
export type Envelope = { project: string; header: Record<string, unknown>; items: EnvelopeItem[]; raw: string };

export type FakeSentry = {
  /** A DSN for this server's project 42, what `SENTRY_DSN` is set to. */
  dsn: string;
  /** Every envelope received, oldest first. */
  envelopes: Envelope[];
  /** Resolves once `count` envelopes arrived; rejects after `timeoutMs`. */
  waitForEnvelopes: (count: number, timeoutMs?: number) => Promise<Envelope[]>;
  /** Answers every envelope from now on with this status (and X-Sentry-Rate-Limits on 429); null accepts again. */
  refuse: (status: number | null) => void;
  close: () => Promise<void>;
};

const PUBLIC_KEY = 'quirepublickey';
const PROJECT = '42';

/**
 * A loopback server speaking Sentry's envelope ingest protocol: `POST /api/{project}/envelope/`, authenticated
 * by the DSN's public key (in the `sentry_key` query parameter, the X-Sentry-Auth header or the envelope
 * header's `dsn`), with a body of newline-delimited JSON — the envelope header, then per item a header and its
 * payload (`length` bytes when the header gives a length, else up to the next newline) — possibly gzip-compressed.
 * `refuse(429)` makes it answer as an ingest over its quota does, keeping nothing.
 */
export async function startFakeSentry(): Promise<FakeSentry> {
  const envelopes: Envelope[] = [];
  const waiters = new Set<() => void>();
  let refusal: number | null = null;

  const server = createServer((request, response) => {
    void receive(request, response).catch((error: unknown) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: error instanceof Error ? error.message : String(error) }));
    });
  });

  async function receive(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake-sentry');
    const match = /^\/api\/(\d+)\/envelope\/$/.exec(url.pathname);
    if (request.method !== 'POST' || !match) {
      response.writeHead(404).end();
      return;
    }
    let body = await readAll(request);
    if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
    const envelope = parseEnvelope(body);
    if (!authenticated(url, request.headers['x-sentry-auth'], envelope.header.dsn)) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: 'bad sentry_key' }));
      return;
    }
    if (refusal !== null) {
      const limits = refusal === 429 ? { 'x-sentry-rate-limits': '60::organization', 'retry-after': '60' } : {};
      response.writeHead(refusal, { 'content-type': 'application/json', ...limits });
      response.end(JSON.stringify({ detail: 'refused by the test' }));
      return;
    }
    envelopes.push({ project: match[1] as string, ...envelope, raw: body.toString('utf8') });
    for (const waiter of waiters) waiter();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: envelopes.at(-1)?.header.event_id ?? null }));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    dsn: `http://${PUBLIC_KEY}@127.0.0.1:${port}/${PROJECT}`,
    envelopes,
    waitForEnvelopes: (count, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (envelopes.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(envelopes);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} envelope(s), received ${envelopes.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    refuse: (status) => {
      refusal = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The public key, in the query, the X-Sentry-Auth header or (from a tunnel) the envelope header's DSN. */
function authenticated(url: URL, header: string | string[] | undefined, envelopeDsn: unknown): boolean {
  if (url.searchParams.get('sentry_key') === PUBLIC_KEY) return true;
  if (typeof envelopeDsn === 'string' && URL.canParse(envelopeDsn) && new URL(envelopeDsn).username === PUBLIC_KEY) {
    return true;
  }
  return typeof header === 'string' && new RegExp(`sentry_key=${PUBLIC_KEY}(,|$)`).test(header);
}

/** Reads an envelope as Sentry's ingest does; a malformed one throws (and is answered with 400). */
export function parseEnvelope(body: Buffer): Pick<Envelope, 'header' | 'items'> {
  let offset = 0;
  const readLine = (): Buffer => {
    const end = body.indexOf(0x0a, offset);
    const line = body.subarray(offset, end < 0 ? body.length : end);
    offset = end < 0 ? body.length : end + 1;
    return line;
  };
  const header = JSON.parse(readLine().toString('utf8')) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const line = readLine();
    if (line.length === 0) continue;
    const itemHeader = JSON.parse(line.toString('utf8')) as EnvelopeItem['header'];
    let payload: Buffer;
    if (typeof itemHeader.length === 'number') {
      payload = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      if (body[offset] === 0x0a) offset += 1;
    } else {
      payload = readLine();
    }
    const text = payload.toString('utf8');
    items.push({ header: itemHeader, payload: isJson(itemHeader) ? JSON.parse(text) : text });
  }
  return { header, items };
}

function isJson(header: EnvelopeItem['header']): boolean {
  return header.type !== 'attachment' || header.content_type === 'application/json';
}

async function readAll(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
