import { corpusMissing } from '@quire/server/bench';

/**
 * Figures measured on the real-world corpus (FIXTURES_DIR) are left out when it is missing: this says so
 * under the benchmark's name and answers true, so `npm run bench` still runs everything else.
 */
export function leftOutWithoutCorpus(what: string): boolean {
  const missing = corpusMissing();
  if (missing) console.log(`  left out: ${what}. ${missing}`);
  return missing !== null;
}
