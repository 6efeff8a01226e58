import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './paths';

const dataDir = join(mkdtempSync(join(tmpdir(), 'quire-main-')), 'data');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilReady(port: number, run: Run): Promise<void> {
  const deadline = Date.now() + 25_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become ready:\n${run.output()}`);
}

describe('the server process', () => {
  it('starts on an empty DATA_DIR, stops cleanly on SIGTERM, and starts again on the same data', async () => {
    for (let start = 1; start <= 2; start++) {
      const port = await freePort();
      const run = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
      await waitUntilReady(port, run);
      const contact = await fetch(`http://127.0.0.1:${port}/api/contact/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ body: `start ${start}`, email: 'nouser' }),
      });
      expect(contact.status).toBe(201);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    }
  }, 90_000);

  it('refuses to start on a wrong setting, naming the variable, without a stack trace', async () => {
    const run = startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Invalid configuration: PORT must be a port number (got "eighty")');
    expect(run.output()).not.toMatch(/\n\s+at /);
  }, 30_000);
});
