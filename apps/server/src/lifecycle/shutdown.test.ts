import { describe, expect, it } from 'vitest';
import { startTestApp } from '../test/test-app';
import { createShutdown } from './shutdown';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, refuses new connections, then closes the database', async () => {
    const started = deferred();
    const release = deferred();
    const test = await startTestApp({
      extend: (app) =>
        app.get('/slow', async () => {
          started.resolve();
          await release.promise;
          return { data: 'finished' };
        }),
    });
    const shutdown = createShutdown({ app: test.app, database: test.database, timeoutMs: 5_000 });

    const inFlight = test.request('/slow');
    await started.promise;
    const closing = shutdown('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));

    await expect(test.request('/healthz')).rejects.toThrow();
    release.resolve();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: 'finished' });
    expect(await closing).toBe(true);
    await expect(test.database.ping()).rejects.toThrow();
  });

  it('gives up after the timeout when a request never finishes', async () => {
    const started = deferred();
    const test = await startTestApp({
      extend: (app) =>
        app.get('/stuck', async () => {
          started.resolve();
          await new Promise(() => undefined);
        }),
    });
    const shutdown = createShutdown({ app: test.app, database: test.database, timeoutMs: 300 });
    void test.request('/stuck').catch(() => undefined);
    await started.promise;
    expect(await shutdown('SIGTERM')).toBe(false);
    await test.database.close();
  });
});
