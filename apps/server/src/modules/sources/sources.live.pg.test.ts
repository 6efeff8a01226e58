import type { LiveEvent } from '@quire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { makePdf } from '../../test/make-pdf';
import { OidcBrowser } from '../../test/oidc-browser';
import { readBody, startTestApp, type TestApp } from '../../test/test-app';

/**
 * Long enough that reading it takes many progress steps: an event carries the row as it is when the event is
 * sent, so a document read in one step could go from 0 to usable with no progress in between.
 */
const PDF = makePdf(
  Array.from({ length: 150 }, (_, page) =>
    Array.from(
      { length: 20 },
      (_, line) => `Page ${page + 1}, line ${line + 1}: the river carried sediment downstream.`,
    ),
  ),
);

let test: TestApp;
let token: string;
let otherToken: string;
beforeAll(async () => {
  test = await startTestApp();
  token = (
    await new OidcBrowser(test.baseUrl).signUp({ name: 'Live', email: 'live@example.org', password: 'watching-live' })
  ).access_token;
  otherToken = (
    await new OidcBrowser(test.baseUrl).signUp({ name: 'Else', email: 'else@example.org', password: 'watching-else' })
  ).access_token;
});
afterAll(() => test.close());

const open = (app: TestApp, query: string) => new WebSocket(`${app.baseUrl.replace('http', 'ws')}/doc/live${query}`);

/** Connects and collects every event; resolves once the server says the subscription is ready. */
async function connect(app: TestApp, accessToken: string): Promise<{ socket: WebSocket; events: LiveEvent[] }> {
  const events: LiveEvent[] = [];
  const socket = open(app, `?token=${accessToken}`);
  await new Promise<void>((resolve) => {
    socket.on('message', (data: Buffer) => {
      const event = JSON.parse(data.toString()) as LiveEvent;
      if (event.type === 'ready') resolve();
      else events.push(event);
    });
  });
  return { socket, events };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function upload(app: TestApp, accessToken: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'live.pdf');
  return app.request('/doc/upload/document', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

describe('GET /doc/live', () => {
  it.each([
    ['no token', ''],
    ['a wrong token', 'not-a-token'],
  ])('closes the connection for %s', async (_case, value) => {
    const socket = open(test, value ? `?token=${value}` : '');
    const code = await new Promise<number>((resolve) => socket.on('close', (closeCode: number) => resolve(closeCode)));
    expect(code).toBe(4401);
  });

  it('answers a plain GET without an upgrade with the JSON not_found envelope (found by the route fuzz)', async () => {
    const response = await test.request('/doc/live');
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
  });

  it("pushes a source's life to its owner: created, progress, usable, deleted — and nothing to anyone else", async () => {
    const mine = await connect(test, token);
    const theirs = await connect(test, otherToken);

    const { data } = await readBody(await upload(test, token));
    await until(
      () => mine.events.some((event) => event.type === 'source.updated' && event.source.id === data.id),
      'created',
    );
    await test.app.jobs.drain();
    await until(
      () => mine.events.some((event) => event.type === 'source.updated' && event.source.state === 'usable'),
      'usable',
    );
    const progress = mine.events.flatMap((event) => (event.type === 'source.updated' ? [event.source.progress] : []));
    expect(progress[0]).toBe(0);
    expect(progress.some((value) => value > 0 && value < 100)).toBe(true);
    expect(progress.at(-1)).toBe(100);

    await test.request(`/doc/delete/document/${data.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    await until(() => mine.events.some((event) => event.type === 'source.deleted' && event.id === data.id), 'deleted');
    expect(theirs.events).toEqual([]);
    mine.socket.terminate();
    theirs.socket.terminate();
  });

  it('reaches a connection on another instance that shares the database', async () => {
    const other = await startTestApp({
      database: test.database,
      env: { PUBLIC_URL: test.baseUrl, QUIRE_SERVICES: 'doc' },
    });
    try {
      const watcher = await connect(other, token);
      const { data } = await readBody(await upload(test, token));
      await until(
        () => watcher.events.some((event) => event.type === 'source.updated' && event.source.id === data.id),
        'the change made on the first instance',
      );
      watcher.socket.terminate();
    } finally {
      await other.app.close();
    }
  });
});
