import { defineConfig } from 'vitest/config';

/** One `npm test` runs every workspace's unit and integration tests. */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
