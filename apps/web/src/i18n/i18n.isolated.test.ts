import { describe, expect, it, vi } from 'vitest';
import { currentLocale, ensureLocale, hasCatalogue, translate } from './i18n';

// The English landing catalogue arrives late, as it can on a real network.
vi.mock('virtual:quire-catalogue/en/landing', async (importOriginal) => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return importOriginal();
});

describe('i18n', () => {
  it('lets the last requested language win when loads overlap (first page, then a root redirect)', async () => {
    const first = ensureLocale('en', 'landing');
    const redirected = ensureLocale('de', 'landing');
    await Promise.all([first, redirected]);
    expect(currentLocale()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(translate('nav.pricing')).toBe('Preise');
    expect(hasCatalogue('en', 'landing')).toBe(true);
  });

  it('serves the landing route without i18next and every other page with it', async () => {
    expect(hasCatalogue('de', 'full')).toBe(false);
    expect(translate('pages.pricing.title')).toBe('pages.pricing.title');
    await ensureLocale('de', 'full');
    expect(translate('pages.pricing.title')).toBe('Preise');
    expect(translate('pages.pricing.wordLimit', { words: 10_000 })).toBe(
      'Jeder Tarif enthält ein monatliches Wortlimit, zum Beispiel 10.000 Wörter.',
    );
  });

  it('keeps translating languages loaded only in part once i18next runs', async () => {
    await ensureLocale('it', 'landing');
    expect(translate('home.ctaTry')).toBe('Prova Quire gratis');
    expect(translate('errors:offline')).toBe(
      'Sei offline. Potrai di nuovo apportare modifiche quando tornerai online.',
    );
    await ensureLocale('en', 'landing');
    expect(translate('home.ctaTry')).toBe('Try Quire for free');
  });
});
