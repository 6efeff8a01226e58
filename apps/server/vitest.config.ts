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

const project = (name: string, include: string[], extra: { exclude?: string[]; globalSetup?: string[] } = {}) =>
  ({
    root: import.meta.dirname,
    test: { ...common, name, include, ...extra },
  }) satisfies TestProjectInlineConfiguration;

const server = project('server', ['src/**/*.test.ts'], { exclude: [...configDefaults.exclude, ...SPECIAL] });

export const serverProjects = [
  server,
  project('slow', ['src/**/*.slow.test.ts']),
  project('postgres', ['src/**/*.pg.test.ts'], { globalSetup: ['src/test/require-postgres.ts'] }),
  project('corpus', ['src/**/*.corpus.test.ts'], { globalSetup: ['src/test/require-corpus.ts'] }),
];

/** `npx vitest` inside apps/server runs the ordinary server project. */
export default defineProject(server);
