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
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  if (options.env?.PORT) return startOnPort(Number(options.env.PORT), options);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort(await freePort(), options);
    } catch (error) {
      // The free port can be taken by another test's process between asking for it and the server binding it.
      if (attempt >= PORT_ATTEMPTS || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

type ServerProcessOptions = { env?: Record<string, string>; build?: 'source' | 'dist'; readyTimeoutMs?: number };

/** Tries with a new free port when the one chosen was taken before the server could listen on it. */
const PORT_ATTEMPTS = 3;

async function startOnPort(port: number, options: ServerProcessOptions): Promise<ServerProcess> {
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
  // A first start from a new folder (a fresh clone, CI's bare copy) compiles every source file through tsx.
  await waitUntilReady(server, options.readyTimeoutMs ?? 60_000);
  return server;
}

/** Starts the server process without waiting for it, for checking how it refuses to start. */
export function spawnServer(build: 'source' | 'dist', env: Record<string, string>): ChildProcess {
  const args = build === 'dist' ? ['dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  return spawn(process.execPath, args, { cwd: SERVER_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Ports handed out first: below the kernel's ephemeral range (32768–60999 on Linux, 49152 and up elsewhere),
 * where it places outgoing connections and every other process's port-0 listener, one of which once took a
 * port between this probe and the server binding it.
 */
const TEST_PORTS = { from: 20_000, to: 32_768 };

/** A port nothing listens on now, for a server about to start. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 20; tries++) {
    const port = TEST_PORTS.from + Math.floor(Math.random() * (TEST_PORTS.to - TEST_PORTS.from));
    if (await listenBriefly(port).catch(() => null)) return port;
  }
  return listenBriefly(0);
}

/** Listens on `port` (0: any) and closes again; resolves with the port it had. */
function listenBriefly(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(port, '127.0.0.1', () => {
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
export { mapReducePaperPdf } from './test-papers';
