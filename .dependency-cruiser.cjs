/**
 * The module boundaries of Quire, checked by `npm run lint` and by apps/server/src/module-boundaries.test.ts.
 * Paths are relative to the repository root; `$1` in a `to` refers to the group caught in `from`.
 */
const server = '^apps/server/src';
const web = '^apps/web/src';
// Tests may reach across a boundary to set up the world they check (a real PDF, the whole route tree).
const tests = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-not-server',
      comment: 'The web app talks to the server over HTTP only; what both need lives in packages/contracts.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'contracts-not-apps',
      comment: 'Contracts are shared by both apps, so they import neither.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'server-core-not-modules',
      comment: 'ai/, db/, jobs/ and text/ are the ground the feature modules stand on; they never reach up into one.',
      severity: 'error',
      from: { path: `${server}/(ai|db|jobs|text)/`, pathNot: tests },
      to: { path: `${server}/modules/` },
    },
    {
      name: 'no-foreign-store',
      comment: "A module reaches another module's data through that module's service, never its store.",
      severity: 'error',
      from: { path: `${server}/modules/([^/]+)/` },
      to: { path: `${server}/modules/[^/]+/.*\\.store\\.ts$`, pathNot: `${server}/modules/$1/` },
    },
    {
      name: 'features-not-app',
      comment: 'app/ (the shell: routes, layouts) imports features, never the reverse.',
      severity: 'error',
      from: { path: `${web}/features/`, pathNot: tests },
      to: { path: `${web}/app/` },
    },
    {
      name: 'feature-through-index',
      comment: "A feature uses another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: `${web}/features/([^/]+)/`, pathNot: tests },
      to: { path: `${web}/features/`, pathNot: `${web}/features/($1/|[^/]+/index\\.tsx?$)` },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports count: a cycle through types still tangles the modules.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
