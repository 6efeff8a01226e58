import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../test/make-pdf';
import { OidcBrowser } from '../../test/oidc-browser';
import { type ServerProcess, startServerProcess } from '../../test/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'quire-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Listed = { id: string; state: string; progress: number; pages: string | null };

async function documents(server: ServerProcess, token: string): Promise<Listed[]> {
  const response = await fetch(`${server.baseUrl}/doc/documents`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: Listed[] }).data;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a server killed while it processes a source', () => {
  it('finishes the job after a restart, and the source becomes usable', async () => {
    const env = { DATA_DIR: dataDir, WEB_DIST_DIR: '/nonexistent', JOB_LEASE_SECONDS: '2', QUIRE_SERVICES: 'api,doc' };
    const first = await startServerProcess({ env });
    const tokens = await new OidcBrowser(first.baseUrl).signUp({
      name: 'Crash',
      email: 'crash@example.org',
      password: 'survives-kill-9',
    });
    const pages = Array.from({ length: 300 }, (_, index) => [
      `Page ${index + 1}: the sediment record of station ${index} shows how rainfall and slope shape erosion.`,
    ]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(makePdf(pages))], { type: 'application/pdf' }), 'long.pdf');
    const upload = await fetch(`${first.baseUrl}/doc/upload/document`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(upload.status).toBe(201);

    // Killed with no chance to clean up, once the job has visibly started reading pages.
    await waitFor(
      () => documents(first, tokens.access_token),
      (list) => (list[0]?.progress ?? 0) > 0,
      'processing to start',
    );
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServerProcess({ env: { ...env, PORT: String(first.port), PUBLIC_URL: first.baseUrl } });
    try {
      const [source] = await waitFor(
        () => documents(second, tokens.access_token),
        (list) => list[0]?.state !== 'processing',
        'the job to be taken over and finished',
      );
      expect(source).toMatchObject({ state: 'usable', progress: 100, pages: '1–300' });
    } finally {
      await second.stop();
    }
  }, 120_000);
});
