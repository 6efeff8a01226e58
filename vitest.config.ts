import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One `npm test` runs every workspace's unit and integration tests. */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web', 'scripts'],
    // Vitest's default on 2 cores is one file at a time; much of a server test waits on PGlite, sockets or
    // child processes, so two at a time ran the suite in 652 s instead of 842 s here, with the same results.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
