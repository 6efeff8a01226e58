import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { REPO_ROOT } from '../paths';

/**
 * The real-world corpus (papers, LanguageTool's examples, Zotero's translator) lives outside the repository:
 * FIXTURES_DIR, or `../shared/fixtures` beside it; a relative FIXTURES_DIR is taken from the repository root.
 * Only the `corpus` test project, the benchmarks and scripts read it; `npm test` never does.
 */
export const FIXTURES_DIR = resolveFixturesDir(process.env.FIXTURES_DIR);

export function resolveFixturesDir(setting: string | undefined): string {
  const folder = setting?.trim() || join('..', 'shared', 'fixtures');
  return isAbsolute(folder) ? folder : resolve(REPO_ROOT, folder);
}

/** Why the corpus cannot be read (a sentence for the person running the command), or null when it can. */
export function corpusMissing(folder = FIXTURES_DIR): string | null {
  if (existsSync(join(folder, 'pdfs'))) return null;
  return (
    `The real-world test corpus is not at ${folder} (no pdfs/ folder there). ` +
    'Put it there, or point FIXTURES_DIR at it, to run the corpus tests; `npm test` does not need it.'
  );
}

/** A real paper from `pdfs/` (or another folder of the corpus, such as `pdfs-more`). */
export function corpusPdf(name: string, folder = 'pdfs'): Buffer {
  return readFileSync(join(FIXTURES_DIR, folder, name));
}

/** The names of the real papers in `pdfs/`, sorted. */
export function corpusPdfNames(folder = 'pdfs'): string[] {
  return readdirSync(join(FIXTURES_DIR, folder))
    .filter((name) => name.endsWith('.pdf'))
    .sort();
}

/** One sentence with a known error from `proofreading/{language}.json` (from LanguageTool's rule examples). */
export type ProofreadingFixture = {
  id: string;
  incorrect: string;
  span_start: number;
  span_end: number;
  corrections: string[];
  corrected: string;
};

export function proofreadingFixtures(language: string): ProofreadingFixture[] {
  const file = JSON.parse(readFileSync(join(FIXTURES_DIR, 'proofreading', `${language}.json`), 'utf8'));
  return file.items;
}
