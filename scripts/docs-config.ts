// Rewrites the generated configuration table in README.md and docs/configuration.md, and .env.example.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configurationTable, envExample } from '../apps/server/src/config-docs';
import { REPO_ROOT } from '../apps/server/src/paths';

const BEGIN = '<!-- configuration:begin -->';
const END = '<!-- configuration:end -->';

for (const path of ['README.md', 'docs/configuration.md']) {
  const file = join(REPO_ROOT, path);
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < 0) throw new Error(`${path} has no ${BEGIN} … ${END} markers`);
  writeFileSync(file, `${text.slice(0, start + BEGIN.length)}\n${configurationTable()}\n${text.slice(end)}`);
}
writeFileSync(
  join(REPO_ROOT, '.env.example'),
  `# Quire configuration. Every variable is optional; the defaults run the embedded setup.\n\n${envExample()}\n`,
);
