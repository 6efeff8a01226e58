import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../paths';

/** The team's shared test material sits beside the repository (`../shared/fixtures`). */
const FIXTURES = join(REPO_ROOT, '..', 'shared', 'fixtures');

/** A real paper from `shared/fixtures/pdfs/`. */
export function fixturePdf(name: string): Buffer {
  return readFileSync(join(FIXTURES, 'pdfs', name));
}

/** The names of the real papers in `shared/fixtures/pdfs/`. */
export function fixturePdfNames(): string[] {
  return readdirSync(join(FIXTURES, 'pdfs'))
    .filter((name) => name.endsWith('.pdf'))
    .sort();
}

/** The Authorization header for an access token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** One sentence with a known error from `shared/fixtures/proofreading/{language}.json`. */
export type ProofreadingFixture = {
  id: string;
  incorrect: string;
  span_start: number;
  span_end: number;
  corrections: string[];
  corrected: string;
};

export function proofreadingFixtures(language: string): ProofreadingFixture[] {
  const file = JSON.parse(readFileSync(join(FIXTURES, 'proofreading', `${language}.json`), 'utf8'));
  return file.items;
}
