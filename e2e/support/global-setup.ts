import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@quire/server/testing';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    baseUrl: string;
  }
}

let server: ServerProcess | undefined;
let dataDir: string | undefined;

/** Starts the built server (`npm run build` ran before) on the embedded defaults in a fresh DATA_DIR. */
export async function setup(project: TestProject): Promise<void> {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-e2e-'));
  server = await startServerProcess({ build: 'dist', env: { DATA_DIR: dataDir } });
  project.provide('baseUrl', server.baseUrl);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
