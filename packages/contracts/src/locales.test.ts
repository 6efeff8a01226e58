import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors';
import { type Catalogue, interpolate, leafKeys, lookup } from './i18n';
import { LOCALES, negotiateLocale } from './locales';

const LOCALES_DIR = join(import.meta.dirname, '..', 'locales');

function catalogue(locale: string, namespace: string): Catalogue {
  return JSON.parse(readFileSync(join(LOCALES_DIR, locale, `${namespace}.json`), 'utf8'));
}

const namespaces = readdirSync(join(LOCALES_DIR, 'en')).map((file) => file.replace(/\.json$/, ''));

describe('translation catalogues', () => {
  it('every locale has exactly the folders and namespaces English has', () => {
    expect(readdirSync(LOCALES_DIR).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      expect(readdirSync(join(LOCALES_DIR, locale)).sort(), locale).toEqual(
        readdirSync(join(LOCALES_DIR, 'en')).sort(),
      );
    }
  });

  for (const namespace of namespaces) {
    const english = catalogue('en', namespace);
    const englishKeys = leafKeys(english).sort();

    it(`${namespace}: every locale has every key, and no key English lacks`, () => {
      for (const locale of LOCALES) {
        const keys = leafKeys(catalogue(locale, namespace)).sort();
        expect({ locale, missing: englishKeys.filter((key) => !keys.includes(key)) }).toEqual({ locale, missing: [] });
        expect({ locale, extra: keys.filter((key) => !englishKeys.includes(key)) }).toEqual({ locale, extra: [] });
      }
    });

    it(`${namespace}: translations keep the same placeholders and are not empty`, () => {
      for (const locale of LOCALES) {
        const translated = catalogue(locale, namespace);
        for (const key of englishKeys) {
          const text = lookup(translated, key) ?? '';
          expect(text.trim(), `${locale} ${namespace}:${key}`).not.toBe('');
          expect(placeholders(text), `${locale} ${namespace}:${key}`).toEqual(placeholders(lookup(english, key) ?? ''));
        }
      }
    });
  }

  it('the other locales are real translations, not copies of English', () => {
    for (const locale of LOCALES.filter((code) => code !== 'en')) {
      for (const namespace of namespaces) {
        const english = catalogue('en', namespace);
        const translated = catalogue(locale, namespace);
        const keys = leafKeys(english);
        const same = keys.filter((key) => lookup(translated, key) === lookup(english, key));
        // Short words such as "Link", "Type" or a brand name may coincide; whole catalogues must not.
        expect(same.length / keys.length, `${locale} ${namespace}: ${same.join(', ')}`).toBeLessThan(0.25);
      }
    }
  });

  it('every error code has a message in every locale', () => {
    for (const locale of LOCALES) {
      const errors = catalogue(locale, 'errors');
      for (const code of ERROR_CODES) expect(lookup(errors, code), `${locale} errors:${code}`).toBeTruthy();
    }
  });

  it('keeps the spec wording of the English messages', () => {
    expect(lookup(catalogue('en', 'validation'), 'required')).toBe('{{field}} is required');
    expect(lookup(catalogue('en', 'errors'), 'upload_too_large')).toBe('File too large (max. 50 MB), try splitting it');
    expect(lookup(catalogue('de', 'errors'), 'empty_result')).toBe(
      'Etwas ist schief gelaufen. Bitte versuche es erneut.',
    );
    expect(lookup(catalogue('en', 'errors'), 'not_found_title')).toBe('Page not found');
  });
});

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('negotiateLocale', () => {
  it.each([
    ['de-AT,de;q=0.9,en;q=0.8', 'de'],
    ['en-GB;q=0.5, nl;q=0.9', 'nl'],
    ['pt-BR,pt;q=0.9', 'en'],
    ['*', 'en'],
    ['fr;q=0, it', 'it'],
    ['', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });

  it('takes a list of browser languages in order', () => {
    expect(negotiateLocale(['ja', 'es-MX', 'de'])).toBe('es');
    expect(negotiateLocale(undefined)).toBe('en');
  });
});

describe('interpolate', () => {
  it('fills named placeholders and leaves unknown ones visible', () => {
    expect(interpolate('{{field}} must be at least {{ length }} characters long', { field: 'Topic', length: 3 })).toBe(
      'Topic must be at least 3 characters long',
    );
    expect(interpolate('Unknown middleware {{name}}')).toBe('Unknown middleware {{name}}');
  });
});
