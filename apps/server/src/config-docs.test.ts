import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOC_FILES, configurationTables, envExample, generatedConfigDoc } from './config-docs';
import { CONFIG_VARIABLES } from './config-variables';
import { REPO_ROOT } from './paths';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

/** Run `npm run docs:config` to rewrite the generated parts after changing config-variables.ts. */
describe('configuration documentation', () => {
  it.each(CONFIG_DOC_FILES)('%s is what `npm run docs:config` writes', (path) => {
    const current = read(path);
    expect(current).toBe(generatedConfigDoc(path, current));
  });

  it('lists every variable once in the tables and in .env.example, secrets marked', () => {
    const tables = configurationTables();
    const example = `${envExample()}\n`;
    for (const [name, variable] of Object.entries(CONFIG_VARIABLES)) {
      expect(tables.split(`| \`${name}\``)).toHaveLength(2);
      expect(example.split(`\n# ${name}=${variable.default}\n`)).toHaveLength(2);
      expect(tables.includes(`| \`${name}\` (secret) |`)).toBe(variable.secret);
    }
  });

  it('replaces an outdated table between the markers and keeps the prose around it', () => {
    const outdated = 'Intro.\n<!-- configuration:begin -->\n| `GONE` | | |\n<!-- configuration:end -->\nOutro.\n';
    const written = generatedConfigDoc('README.md', outdated);
    expect(written).not.toContain('GONE');
    expect(written).toBe(
      `Intro.\n<!-- configuration:begin -->\n${configurationTables()}\n<!-- configuration:end -->\nOutro.\n`,
    );
    expect(() => generatedConfigDoc('docs/configuration.md', 'no markers')).toThrowError(/markers/);
  });
});
