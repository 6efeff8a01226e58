import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: one built server for the run, two journey files at a time. Much of a journey waits on the
 * server or the browser, so two side by side keep both cores busy; each signs up its own users.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
