import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { serverProjects } from './apps/server/vitest.config.ts';
import { webProjects } from './apps/web/vitest.config.ts';

/**
 * Every workspace's test projects: contracts, server (PGlite), web, scripts, bench, and the server's slow,
 * postgres and corpus projects. The npm scripts pick which run (docs/testing.md): `npm test` runs all but
 * slow, postgres and corpus.
 */
export default defineConfig({
  test: {
    projects: ['packages/contracts', ...serverProjects, ...webProjects, 'scripts', 'bench'],
    // Vitest's default on 2 cores is one file at a time; much of a server test waits on PGlite, sockets or
    // child processes, so two at a time runs the suite faster here, with the same results.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
