import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../app';
import type { BlobStore } from '../blobs/blob-store';
import { type Config, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { BillingProvider } from '../modules/billing/billing.provider';
import type { GenerationLimits } from '../modules/generation/generation.limits';
import type { ToolEngines } from '../modules/generation/generation.service';
import type { LogRecorder } from './log-recorder';
import { freePort } from './server-process';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  baseUrl: string;
  /** fetch against the running test server; paths start with "/". */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
};

/**
 * Starts the real app on a free loopback port with a fresh database. `env` overrides configuration
 * variables as the environment would; `database` reuses one a test file already opened.
 */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    database?: DatabaseHandle;
    /** Adds test-only routes before the server starts listening. */
    extend?: (app: FastifyInstance) => void;
    /** Receives the e-mails the app sends. */
    mailer?: Mailer;
    /** Background jobs poll on their own when true; by default tests run them with `app.jobs.drain()`. */
    startWorkers?: boolean;
    /** Writing tools' engines to use instead of the registry's, by tool. */
    engines?: ToolEngines;
    /** A payment provider to use instead of the configured one. */
    billingProvider?: BillingProvider;
    /** A blob store to use instead of the configured one. */
    blobs?: BlobStore;
    /** Per-user generation limits instead of GENERATION_LIMITS, for tests that start many runs at once. */
    generationLimits?: GenerationLimits;
    /** Keeps the app's log lines for the test to wait on (see recordLogs); silent otherwise. */
    logs?: LogRecorder;
  } = {},
): Promise<TestApp> {
  // The port is chosen first, so PUBLIC_URL (and with it the identity provider's issuer) is the real address.
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '/nonexistent-quire-web-dist',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // A developer's local Ollama must not turn tests that expect the built-in engine into model tests.
    OLLAMA_URL: 'off',
    // Tests never reach the real catalogues: a DOI found in a test PDF is looked up at a port that refuses.
    CROSSREF_URL: 'http://127.0.0.1:9',
    OPENALEX_URL: 'http://127.0.0.1:9',
    ...options.env,
  });
  const owned = options.database ? null : await createTestDatabase();
  const database = options.database ?? (owned as NonNullable<typeof owned>).database;
  const app = await buildApp({
    config,
    database,
    logger: options.logs?.logger ?? pino({ level: config.logLevel }),
    mailer: options.mailer,
    startWorkers: options.startWorkers ?? false,
    engines: options.engines,
    billingProvider: options.billingProvider,
    blobs: options.blobs,
    generationLimits: options.generationLimits,
  });
  app.addHook('onClose', async () => rmSync(dataDir, { recursive: true, force: true }));
  options.extend?.(app);
  await app.listen({ port, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    database,
    config,
    baseUrl,
    request: (path, init) => fetch(`${baseUrl}${path}`, init),
    close: async () => {
      // A test that aborted a request can leave its connection half-open (a hijacked answer to a client that
      // left): the suite is over, so no connection is waited for.
      app.server.closeAllConnections();
      await app.close();
      await owned?.dispose();
    },
  };
}

export function jsonRequest(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/** A response body as tests read it: asserted on, never trusted. */
// biome-ignore lint/suspicious/noExplicitAny: tests assert on the payload's shape themselves
export type TestBody = { data?: any; error?: any };

export async function readBody(response: Response): Promise<TestBody> {
  return (await response.json()) as TestBody;
}
