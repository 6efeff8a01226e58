import react from '@vitejs/plugin-react';
import { configDefaults, defineProject, type TestProjectInlineConfiguration } from 'vitest/config';
import { catalogues } from './catalogue-plugin.ts';

/** Files that mock modules with `vi.mock` or test a module's first load need a module graph of their own. */
const ISOLATED = ['src/**/*.isolated.test.{ts,tsx}'];

const common = {
  root: import.meta.dirname,
  plugins: [react(), catalogues()],
  // Resolve packages as the browser bundle does. With Node's conditions, 'react-router' would load as
  // CommonJS here while 'react-router/dom' requires its ESM build, and the two copies would not share contexts.
  resolve: { conditions: ['module', 'browser', 'development|production'] },
};

const test = {
  environment: 'jsdom' as const,
  setupFiles: ['src/test/setup.ts'],
  // Room for the 5 s waits of src/test/setup.ts on a loaded CI machine.
  testTimeout: 20_000,
};

/**
 * The web's test projects. `web` shares one module graph among the files a worker runs (setup.ts resets the
 * shared state after every test), which spares loading React, the router and i18next again for every file and
 * takes a quarter of the time; `web-isolated` gives each `*.isolated.test.*` file a fresh graph.
 */
const web = {
  ...common,
  test: {
    ...test,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...ISOLATED],
    isolate: false,
  },
} satisfies TestProjectInlineConfiguration;

export const webProjects = [
  web,
  { ...common, test: { ...test, name: 'web-isolated', include: ISOLATED } },
] satisfies TestProjectInlineConfiguration[];

/** `npx vitest` inside apps/web runs the shared-graph project; the root config runs both. */
export default defineProject(web);
