import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type FakeAcademicApis,
  type ServerProcess,
  startFakeAcademicApis,
  startServerProcess,
} from '@quire/server/testing';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    baseUrl: string;
  }
}

let server: ServerProcess | undefined;
let dataDir: string | undefined;
let catalogues: FakeAcademicApis | undefined;

/**
 * Starts the built server (`npm run build` ran before) on the embedded defaults in a fresh DATA_DIR, with
 * the academic catalogues answered by local fakes that replay their recorded responses (no network here).
 */
export async function setup(project: TestProject): Promise<void> {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-e2e-'));
  catalogues = await startFakeAcademicApis();
  server = await startServerProcess({
    build: 'dist',
    // A short survey delay and one operator, for the engagement journey.
    env: { DATA_DIR: dataDir, SURVEY_DELAY: '2', OPERATOR_EMAILS: 'operator@example.org', ...catalogues.env() },
  });
  project.provide('baseUrl', server.baseUrl);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await catalogues?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
