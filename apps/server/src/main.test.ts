import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, startServerProcess } from './test/server-process';

const dataDir = join(mkdtempSync(join(tmpdir(), 'quire-main-')), 'data');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('starts on an empty DATA_DIR, stops cleanly on SIGTERM, and starts again on the same data', async () => {
    for (let start = 1; start <= 2; start++) {
      // A loaded CI machine (the whole suite on two cores) can take long to start a process through tsx.
      const server = await startServerProcess({
        env: { DATA_DIR: dataDir, WEB_DIST_DIR: '/nonexistent' },
        readyTimeoutMs: 120_000,
      });
      const contact = await fetch(`${server.baseUrl}/api/contact/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ body: `start ${start}`, email: 'nouser' }),
      });
      expect(contact.status).toBe(201);
      expect(await server.stop()).toBe(0);
    }
  }, 300_000);

  it('refuses to start on a wrong setting, naming the variable, without a stack trace', async () => {
    const child = spawnServer('source', { PATH: process.env.PATH ?? '', PORT: 'eighty', DATA_DIR: dataDir });
    let output = '';
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration: PORT must be a port number (got "eighty")');
    expect(output).not.toMatch(/\n\s+at /);
  }, 120_000);
});
