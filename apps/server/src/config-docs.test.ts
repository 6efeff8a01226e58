import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configurationTable, envExample } from './config-docs';
import { REPO_ROOT } from './paths';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const BEGIN = '<!-- configuration:begin -->';
const END = '<!-- configuration:end -->';

/** Run `npm run docs:config` to rewrite the generated parts after changing config.ts. */
describe('configuration documentation', () => {
  it.each(['docs/configuration.md', 'README.md'])('%s holds the current table of every variable', (path) => {
    const text = read(path);
    const generated = text.slice(text.indexOf(BEGIN) + BEGIN.length, text.indexOf(END)).trim();
    expect(generated).toBe(configurationTable());
  });

  it('.env.example lists every variable', () => {
    expect(read('.env.example')).toContain(envExample());
  });
});
