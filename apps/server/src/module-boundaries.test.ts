import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The rules `npm run lint` checks with dependency-cruiser, proved to catch what they forbid.
const repository = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const configFile = path.join(repository, '.dependency-cruiser.cjs');

async function repositoryOptions(): Promise<ICruiseOptions> {
  return { ...(await extractDepcruiseOptions(configFile)), validate: true };
}

/** Each violation as "rule: from → to" (a cycle as its first step). */
function described(violations: IViolation[]): string[] {
  return violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`).sort();
}

async function violationsIn(baseDir: string, files: string[], options: ICruiseOptions): Promise<IViolation[]> {
  const { output } = await cruise(files, { ...options, baseDir });
  if (typeof output === 'string') throw new Error('dependency-cruiser answered with text, not a result');
  return output.summary.violations;
}

/** One file tree that breaks every rule once, in the repository's layout. */
const BREAKING_TREE: Record<string, string> = {
  'packages/contracts/src/index.ts': "export { serverThing } from '../../../apps/server/src/db/client';\n",
  'apps/server/src/db/client.ts':
    "export { accountRows } from '../modules/accounts/accounts.store';\nexport const serverThing = 1;\n",
  'apps/server/src/modules/accounts/accounts.store.ts': 'export const accountRows = [];\n',
  'apps/server/src/modules/billing/billing.service.ts':
    "import { accountRows } from '../accounts/accounts.store';\nexport const rows = accountRows;\n",
  'apps/server/src/modules/billing/plan.ts':
    "import type { Price } from './price';\nexport type Plan = { price: Price };\n",
  'apps/server/src/modules/billing/price.ts':
    "import type { Plan } from './plan';\nexport type Price = { plan?: Plan };\n",
  'apps/web/src/app/routes.ts': 'export const routes = [];\n',
  'apps/web/src/features/cards/Cards.ts':
    "import { routes } from '../../app/routes';\nimport { session } from '../auth/session';\n" +
    "import { serverThing } from '../../../../server/src/db/client';\nexport const cards = [routes, session, serverThing];\n",
  'apps/web/src/features/auth/session.ts': 'export const session = {};\n',
  'apps/web/src/features/auth/index.ts': "export { session } from './session';\n",
  'apps/web/src/features/tools/Tools.ts': "import { session } from '../auth';\nexport const tools = [session];\n",
};

describe('the module boundaries of .dependency-cruiser.cjs', () => {
  let tree: string;

  beforeAll(async () => {
    tree = await mkdtemp(path.join(tmpdir(), 'quire-boundaries-'));
    for (const [file, text] of Object.entries(BREAKING_TREE)) {
      await mkdir(path.dirname(path.join(tree, file)), { recursive: true });
      await writeFile(path.join(tree, file), text);
    }
  });

  afterAll(async () => {
    await rm(tree, { recursive: true, force: true });
  });

  it('reports each rule a file tree breaks, and nothing it keeps', async () => {
    const { tsConfig: _tsConfig, ...options } = await repositoryOptions();
    const violations = await violationsIn(tree, ['packages', 'apps'], options);
    expect(described(violations)).toEqual([
      'contracts-not-apps: packages/contracts/src/index.ts → apps/server/src/db/client.ts',
      'feature-through-index: apps/web/src/features/cards/Cards.ts → apps/web/src/features/auth/session.ts',
      'features-not-app: apps/web/src/features/cards/Cards.ts → apps/web/src/app/routes.ts',
      'no-circular: apps/server/src/modules/billing/plan.ts → apps/server/src/modules/billing/price.ts',
      'no-foreign-store: apps/server/src/modules/billing/billing.service.ts → apps/server/src/modules/accounts/accounts.store.ts',
      'server-core-not-modules: apps/server/src/db/client.ts → apps/server/src/modules/accounts/accounts.store.ts',
      'web-not-server: apps/web/src/features/cards/Cards.ts → apps/server/src/db/client.ts',
    ]);
  });
});
