import { LOCALES, type LocaleCode } from '@quire/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lexicon } from '../checker-types';
import { createHunspellDictionaries } from '../spelling/hunspell-dictionaries';
import { compileRules } from './rule-engine';
import { ruleFile } from './rule-files';

// Every rule is tested by its own examples, alone, with the real Hunspell lexicon of its language.
const dictionaries = createHunspellDictionaries();
const lexicons = new Map<LocaleCode, Lexicon>();

beforeAll(async () => {
  for (const language of LOCALES) {
    const hunspell = await dictionaries.get(language);
    lexicons.set(language, { isWord: (word) => hunspell.spell(word) });
  }
}, 30_000);

const cases = [
  ...LOCALES.map((language) => ({ file: language, language })),
  { file: 'all' as const, language: 'en' as const },
];

describe.each(cases)('rules of $file', ({ file, language }) => {
  const rules = ruleFile(file).rules;

  it('have unique ids with the file’s prefix', () => {
    const ids = rules.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id.startsWith(`${file.toUpperCase()}_`)).toBe(true);
  });

  for (const rule of rules) {
    it(`${rule.id} holds for its examples`, () => {
      const single = compileRules({ language, rules: [rule] });
      const lexicon = lexicons.get(language) as Lexicon;
      for (const example of rule.examples) {
        if ('incorrect' in example) {
          const issue = single.check(example.incorrect, lexicon).find((found) => found.rule === rule.id);
          expect(issue, `${rule.id} flags “${example.incorrect}”`).toBeDefined();
          if (!issue) continue;
          const fixed = `${example.incorrect.slice(0, issue.offset)}${issue.suggestions[0] ?? ''}${example.incorrect.slice(issue.offset + issue.length)}`;
          expect(fixed, `${rule.id} corrects “${example.incorrect}”`).toBe(example.correct);
        }
        const flagged = single.check(example.correct, lexicon).filter((found) => found.rule === rule.id);
        expect(flagged, `${rule.id} leaves “${example.correct}” alone`).toEqual([]);
      }
    });
  }
});
