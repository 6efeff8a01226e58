import { configDefaults, defineProject, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The server's test projects, chosen by file name: `*.slow.test.ts` (evaluation-grade suites), `*.pg.test.ts`
 * (what only a PostgreSQL server does), `*.corpus.test.ts` (needs the real-world corpus in FIXTURES_DIR);
 * every other `*.test.ts` is in `server`. docs/testing.md says which command runs which.
 */
const SPECIAL = ['**/*.slow.test.ts', '**/*.pg.test.ts', '**/*.corpus.test.ts'];

const common = {
  environment: 'node' as const,
  setupFiles: ['src/test/setup.ts'],
  // A new in-memory PGlite takes a few seconds to start on this machine.
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

const project = (
  name: string,
  include: string[],
  extra: { exclude?: string[]; globalSetup?: string[]; isolate?: boolean } = {},
) =>
  ({
    root: import.meta.dirname,
    test: { ...common, name, include, ...extra },
  }) satisfies TestProjectInlineConfiguration;

/**
 * The ordinary tests share one module graph among the files a worker runs: loading Fastify, Drizzle, PGlite and
 * the modules again for every file was a third of the suite's time. A file must leave no module state behind
 * (each closes the app and database it opened).
 */
const server = project('server', ['src/**/*.test.ts'], {
  exclude: [...configDefaults.exclude, ...SPECIAL],
  isolate: false,
});

export const serverProjects = [
  server,
  project('slow', ['src/**/*.slow.test.ts']),
  project('postgres', ['src/**/*.pg.test.ts'], { globalSetup: ['src/test/require-postgres.ts'] }),
  project('corpus', ['src/**/*.corpus.test.ts'], { globalSetup: ['src/test/require-corpus.ts'] }),
];

/** `npx vitest` inside apps/server runs the ordinary server project. */
export default defineProject(server);
