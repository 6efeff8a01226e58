import type { LocaleCode } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import { createHunspellDictionaries } from './hunspell-dictionaries';
import { quickSuggestionAffixes } from './quick-suggestions';
import { createSpellChecker } from './spell-checker';
import { spellingWords } from './spelling-words';

const spelling = createSpellChecker(createHunspellDictionaries());

async function flagged(text: string, language: LocaleCode, personal: string[] = []) {
  const issues = await spelling.check(text, language, new Set(personal));
  return issues.map((issue) => ({
    word: text.slice(issue.offset, issue.offset + issue.length),
    first: issue.suggestions[0],
  }));
}

const CASES: { language: LocaleCode; correct: string; wrong: string; word: string; fix: string }[] = [
  {
    language: 'en',
    correct: 'We received the results of the survey.',
    wrong: 'We recieved them.',
    word: 'recieved',
    fix: 'received',
  },
  {
    language: 'de',
    correct: 'Die Ergebnisse der Umfrage sind eindeutig.',
    wrong: 'Die Ergebnise sind da.',
    word: 'Ergebnise',
    fix: 'Ergebnisse',
  },
  {
    language: 'fr',
    correct: "L'homme qu'il a vu est parti aujourd’hui.",
    wrong: 'Le résultat est intéresant.',
    word: 'intéresant',
    fix: 'intéressant',
  },
  {
    language: 'es',
    correct: 'Los resultados de la encuesta son claros.',
    wrong: 'Los resultados son claros y precisoss.',
    word: 'precisoss',
    fix: 'precisos',
  },
  {
    language: 'it',
    correct: "Dell'anno scorso ricordo l’estate e un po' di pioggia.",
    wrong: 'I risultati sono importanti e interesanti.',
    word: 'interesanti',
    fix: 'interessanti',
  },
  {
    language: 'nl',
    correct: "De resultaten van het onderzoek zijn duidelijk, zo'n beetje.",
    wrong: 'De resultaaten zijn duidelijk.',
    word: 'resultaaten',
    fix: 'resultaten',
  },
];

describe('spell checker', () => {
  for (const { language, correct, wrong, word, fix } of CASES) {
    it(`${language}: flags a misspelling with the right first suggestion and leaves a correct sentence alone`, async () => {
      expect(await flagged(correct, language)).toEqual([]);
      expect(await flagged(wrong, language)).toEqual([{ word, first: fix }]);
    });
  }

  it('leaves URLs, e-mail addresses, DOIs, numbers, words with digits, file names, code and initials alone', async () => {
    const text =
      'See https://exmpl.org/qwzx, write to jdoe@qwzx.org, doi:10.1000/xyz123 and 10.1234/abcd.efg, ' +
      'version 3.5 of covid19 in dataqwz.csv with `constqwz = 1` as J. R. Tolkien and Smith, K. wrote at /usr/lib/qwz.';
    expect(await flagged(text, 'en')).toEqual([]);
  });

  it('checks French and Italian elisions as the dictionaries expect, typographic apostrophes too', async () => {
    expect(await flagged("Qu’il vienne, l'homme et jusqu'à d’aujourd'hui.", 'fr')).toEqual([]);
    expect(await flagged("L'hommme est là.", 'fr')).toEqual([{ word: 'hommme', first: 'homme' }]);
    expect(await flagged("Nell’ambito dell'analisi, quest'anno.", 'it')).toEqual([]);
    expect(await flagged("Dell'annno scorso.", 'it')).toEqual([{ word: 'annno', first: 'anno' }]);
  });

  it('keeps an Italian wrong ending apostrophe but not an English possessive plural', async () => {
    expect((await flagged("L'uva e' sul tavolo.", 'it')).map((issue) => issue.word)).toEqual(["e'"]);
    expect(await flagged("The presidents' speeches were long.", 'en')).toEqual([]);
  });

  it('checks a hyphenated compound as a whole, then its parts', async () => {
    expect(await flagged('A well-known and state-of-the-art method.', 'en')).toEqual([]);
    expect(await flagged('A well-knwon method.', 'en')).toEqual([{ word: 'knwon', first: 'known' }]);
    expect(await flagged('Soms kan dat BTW-vrij.', 'nl')).toEqual([{ word: 'BTW', first: 'btw' }]);
  });

  it('flags capitals the dictionary knows in lower case, and leaves unknown acronyms alone', async () => {
    expect(await flagged('Boek met CD en LLM.', 'nl')).toEqual([{ word: 'CD', first: 'cd' }]);
    expect(await flagged('We fine-tuned an LLM on GPU clusters.', 'en')).toEqual([]);
  });

  it('accepts personal words as written, in capitals and, for lower-case ones, capitalised', async () => {
    const personal = ['Zotqwerty', 'blorptastic'];
    expect(await flagged('Zotqwerty and ZOTQWERTY are blorptastic. Blorptastic!', 'en', personal)).toEqual([]);
    expect((await flagged('zotqwerty', 'en', personal)).map((issue) => issue.word)).toEqual(['zotqwerty']);
    expect(await flagged('Zotqwerty’s', 'en', ["Zotqwerty's"])).toEqual([]);
  });

  it('suggests at most five words, once per distinct word, with the text’s apostrophes', async () => {
    const issues = await spelling.check('Teh cat and teh dog and teh bird.', 'en', new Set());
    expect(issues.map((issue) => issue.offset)).toEqual([0, 12, 24]);
    for (const issue of issues) expect(issue.suggestions.length).toBeLessThanOrEqual(5);
    expect(issues[1]?.suggestions[0]).toBe('the');
    expect((await flagged("Aujourdhui, l'hommme.", 'fr')).map((issue) => issue.first)).toEqual([
      "Aujourd'hui",
      'homme',
    ]);
  });
});

describe('spelling words', () => {
  it('keeps offsets of the original text and drops a closing quote', () => {
    const text = "Read `x` at https://a.org then 'quoted' words.";
    expect(spellingWords(text).map((word) => [word.text, text.slice(word.start, word.end)])).toEqual([
      ['Read', 'Read'],
      ['at', 'at'],
      ['then', 'then'],
      ['quoted', 'quoted'],
      ['words', 'words'],
    ]);
  });
});

describe('quick suggestion affixes', () => {
  it('turns off the n-gram pass, keeps lower-case MAP groups and counts them', () => {
    const quick = quickSuggestionAffixes('TRY abcABC\nMAP 3\nMAP aàAÀ\nMAP bB\nMAP eé\nSFX A Y 1\n');
    expect(quick.split('\n')).toEqual([
      'TRY abc',
      'MAP 2',
      'MAP aà',
      'MAP eé',
      'SFX A Y 1',
      '',
      'MAXNGRAMSUGS 0',
      'NOSPLITSUGS',
      '',
    ]);
  });
});

describe('a cold spell checker', () => {
  it('gives every misspelling of its first text suggestions: loading the dictionaries is not suggestion time', async () => {
    const cold = createSpellChecker(createHunspellDictionaries());
    const text = 'We recieve seperate goverment arguements that occured.';
    const issues = await cold.check(text, 'en', new Set());
    expect(issues.map((issue) => text.slice(issue.offset, issue.offset + issue.length))).toEqual([
      'recieve',
      'seperate',
      'goverment',
      'arguements',
      'occured',
    ]);
    for (const issue of issues) expect(issue.suggestions.length).toBeGreaterThan(0);
  });
});
