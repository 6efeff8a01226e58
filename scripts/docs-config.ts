// Rewrites the generated configuration docs (README.md, docs/configuration.md, .env.example) from config-variables.ts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_DOC_FILES, generatedConfigDoc } from '../apps/server/src/config-docs';
import { REPO_ROOT } from '../apps/server/src/paths';

for (const path of CONFIG_DOC_FILES) {
  const file = join(REPO_ROOT, path);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const next = generatedConfigDoc(path, current);
  if (next !== current) writeFileSync(file, next);
  console.warn(`${path}: ${next === current ? 'up to date' : 'rewritten'}`);
}
