import { type Catalogue, LOCALES, leafKeys, lookup } from '@quire/contracts';
import de from '@quire/contracts/locales/de/app.json';
import en from '@quire/contracts/locales/en/app.json';
import es from '@quire/contracts/locales/es/app.json';
import fr from '@quire/contracts/locales/fr/app.json';
import it_ from '@quire/contracts/locales/it/app.json';
import nl from '@quire/contracts/locales/nl/app.json';
import { describe, expect, it } from 'vitest';

const APP: Record<(typeof LOCALES)[number], Catalogue> = { en, de, fr, es, it: it_, nl };
const placeholders = (text: string) => [...text.matchAll(/\{\{[^}]+\}\}/g)].map((match) => match[0]).sort();

describe('app catalogues', () => {
  const english = leafKeys(APP.en);

  it.each(LOCALES)('%s has exactly the keys English has', (locale) => {
    expect(leafKeys(APP[locale]).sort()).toEqual([...english].sort());
  });

  it.each(LOCALES)('%s keeps every placeholder of the English text', (locale) => {
    for (const key of english) {
      expect(placeholders(lookup(APP[locale], key) ?? ''), `${locale} ${key}`).toEqual(
        placeholders(lookup(APP.en, key) ?? ''),
      );
    }
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s is translated, not copied from English', (locale) => {
    const copied = english.filter((key) => lookup(APP[locale], key) === lookup(APP.en, key));
    // Brand names, loanwords ("Blog", "Tools", "Account", "Flashcards") and the title pattern may stay; prose may not.
    expect(copied.length).toBeLessThan(english.length * 0.15);
  });
});
