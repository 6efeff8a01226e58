import type { LocaleCode } from '@quire/contracts';

/**
 * Each language's usual use of its twenty most frequent words (all function words), as relative weights.
 *
 * English: the counts per million words of the Brown corpus (Kučera & Francis, "Computational Analysis of
 * Present-Day American English", 1967). The other languages: the rank order of the top of the common published
 * frequency lists (Leipzig Corpora Collection news corpora; DeReWo for German), weighted by Zipf's law
 * (weight = 1 / rank), which the Brown figures themselves follow to within a factor of about 1.5 over these
 * ranks. Only the shape matters: the detector compares distributions over these words, never absolute counts.
 */
const ZIPF_RANKED: Record<Exclude<LocaleCode, 'en'>, readonly string[]> = {
  de: ['der', 'die', 'und', 'in', 'den', 'von', 'zu', 'das', 'mit', 'sich'].concat([
    'des',
    'auf',
    'für',
    'ist',
    'im',
    'dem',
    'nicht',
    'ein',
    'eine',
    'als',
  ]),
  fr: ['de', 'la', 'le', 'et', 'les', 'des', 'en', 'un', 'du', 'une'].concat([
    'que',
    'est',
    'pour',
    'qui',
    'dans',
    'par',
    'plus',
    'pas',
    'au',
    'sur',
  ]),
  es: ['de', 'la', 'que', 'el', 'en', 'y', 'a', 'los', 'se', 'del'].concat([
    'las',
    'un',
    'por',
    'con',
    'no',
    'una',
    'su',
    'para',
    'es',
    'al',
  ]),
  it: ['di', 'e', 'il', 'la', 'che', 'a', 'in', 'per', 'un', 'è'].concat([
    'del',
    'non',
    'i',
    'della',
    'le',
    'con',
    'una',
    'si',
    'da',
    'al',
  ]),
  nl: ['de', 'van', 'een', 'het', 'en', 'in', 'is', 'dat', 'op', 'te'].concat([
    'zijn',
    'voor',
    'met',
    'die',
    'niet',
    'aan',
    'er',
    'om',
    'ook',
    'als',
  ]),
};

const BROWN_PER_MILLION: Readonly<Record<string, number>> = {
  the: 69_971,
  of: 36_412,
  and: 28_853,
  to: 26_149,
  a: 23_237,
  in: 21_341,
  that: 10_595,
  is: 10_099,
  was: 9_816,
  he: 9_543,
  for: 9_489,
  it: 8_756,
  with: 7_289,
  as: 7_250,
  his: 6_997,
  on: 6_742,
  be: 6_377,
  at: 5_378,
  by: 5_307,
  i: 5_173,
};

function zipf(words: readonly string[]): Record<string, number> {
  return Object.fromEntries(words.map((word, index) => [word, 1 / (index + 1)]));
}

const PROFILES: Record<LocaleCode, Readonly<Record<string, number>>> = {
  en: BROWN_PER_MILLION,
  de: zipf(ZIPF_RANKED.de),
  fr: zipf(ZIPF_RANKED.fr),
  es: zipf(ZIPF_RANKED.es),
  it: zipf(ZIPF_RANKED.it),
  nl: zipf(ZIPF_RANKED.nl),
};

/** The function-word profile of a language (word → relative weight). */
export function functionWordProfile(language: LocaleCode): Readonly<Record<string, number>> {
  return PROFILES[language];
}
