import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // A new in-memory PGlite takes a few seconds to start on this machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
