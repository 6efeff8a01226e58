// Prints, per language, how many of the known errors in the corpus (FIXTURES_DIR/proofreading) the built-in
// proofreader finds and fixes: `npx tsx scripts/proofreading-accuracy.ts [language]` (the benchmark prints the same).
import { LOCALES } from '@quire/contracts';
import { createHarperChecker } from '../apps/server/src/modules/proofreading/grammar/harper-checker';
import { createProofreader } from '../apps/server/src/modules/proofreading/proofreader';
import { measureAccuracy } from '../apps/server/src/modules/proofreading/proofreading.accuracy';
import { createHunspellDictionaries } from '../apps/server/src/modules/proofreading/spelling/hunspell-dictionaries';
import { createSpellChecker } from '../apps/server/src/modules/proofreading/spelling/spell-checker';
import { proofreadingFixtures } from '../apps/server/src/test/corpus';

const proofreader = createProofreader({
  spelling: createSpellChecker(createHunspellDictionaries()),
  grammar: { en: createHarperChecker() },
});
const only = process.argv[2];
for (const language of LOCALES) {
  if (only && only !== language) continue;
  const a = await measureAccuracy(language, proofreadingFixtures(language), (text) =>
    proofreader.check({ text, language }),
  );
  console.log(language, `found ${a.found}/${a.total}`, `fixed ${a.fixed}/${a.total}`, 'missed', a.missed.join(' '));
}
