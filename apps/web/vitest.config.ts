import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { catalogues } from './catalogue-plugin.ts';

export default defineProject({
  plugins: [react(), catalogues()],
  // Resolve packages as the browser bundle does. With Node's conditions, 'react-router' would load as
  // CommonJS here while 'react-router/dom' requires its ESM build, and the two copies would not share contexts.
  resolve: { conditions: ['module', 'browser', 'development|production'] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Room for the 5 s waits of src/test/setup.ts on a loaded CI machine.
    testTimeout: 20_000,
  },
});
