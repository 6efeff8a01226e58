import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { SERVER_ROOT } from '../paths';

export * from './fake-openai';

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process printed so far. */
  output: () => string;
  exited: Promise<number | null>;
  /** Sends SIGTERM and resolves with the exit code. */
  stop: () => Promise<number | null>;
};

/**
 * Starts the real server as its own process: from source through tsx (tests), or the built bundle
 * (browser journeys, benchmarks). Resolves once /readyz answers; rejects with the output otherwise.
 */
export async function startServerProcess(
  options: { env?: Record<string, string>; build?: 'source' | 'dist'; readyTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = Number(options.env?.PORT ?? (await freePort()));
  const child = spawnServer(options.build ?? 'source', {
    PATH: process.env.PATH ?? '',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...options.env,
    PORT: String(port),
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server: ServerProcess = {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  await waitUntilReady(server, options.readyTimeoutMs ?? 30_000);
  return server;
}

/** Starts the server process without waiting for it, for checking how it refuses to start. */
export function spawnServer(build: 'source' | 'dist', env: Record<string, string>): ChildProcess {
  const args = build === 'dist' ? ['dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  return spawn(process.execPath, args, { cwd: SERVER_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    probe.on('error', reject);
  });
}

async function waitUntilReady(server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let stopped = false;
  void server.exited.then(() => {
    stopped = true;
  });
  while (Date.now() < deadline && !stopped) {
    try {
      if ((await fetch(`${server.baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`the server did not become ready:\n${server.output()}`);
}

export * from './fake-academic-apis';
