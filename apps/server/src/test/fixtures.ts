import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../paths';

/** The team's shared test material sits beside the repository (`../shared/fixtures`). */
const FIXTURES = join(REPO_ROOT, '..', 'shared', 'fixtures');

/** A real paper from `shared/fixtures/pdfs/`. */
export function fixturePdf(name: string): Buffer {
  return readFileSync(join(FIXTURES, 'pdfs', name));
}

/** The Authorization header for an access token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
