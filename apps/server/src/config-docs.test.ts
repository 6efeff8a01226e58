import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configurationTable, envExample } from './config-docs';
import { REPO_ROOT } from './paths';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const BEGIN = '<!-- configuration:begin -->';
const END = '<!-- configuration:end -->';

/** A Markdown table's cells without the padding a formatter adds; the separator row is left out. */
function tableCells(markdown: string): string[][] {
  return markdown
    .trim()
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    .filter((cells) => !cells.every((cell) => /^:?-+:?$/.test(cell)));
}

/** Run `npm run docs:config` to rewrite the generated parts after changing config.ts. */
describe('configuration documentation', () => {
  it.each(['docs/configuration.md', 'README.md'])('%s holds the current table of every variable', (path) => {
    const text = read(path);
    const documented = text.slice(text.indexOf(BEGIN) + BEGIN.length, text.indexOf(END));
    expect(tableCells(documented)).toEqual(tableCells(configurationTable()));
  });

  it('.env.example lists every variable', () => {
    expect(read('.env.example')).toContain(envExample());
  });
});
