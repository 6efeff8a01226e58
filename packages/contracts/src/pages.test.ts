import { describe, expect, it } from 'vitest';
import { localePath, matchPage, PAGE_IDS, PAGES, parseLocalePath } from './pages';

describe('pages', () => {
  it('has every route of spec §2', () => {
    expect(
      Object.values(PAGES)
        .map((page) => page.path)
        .sort(),
    ).toEqual(
      [
        '',
        'account',
        'blog',
        'blog/:article',
        'checkout_success',
        'contact',
        'feature/:feature',
        'flow/:flow',
        'flows',
        'login',
        'maintenance',
        'pricing',
        'redirect',
        'sources',
        'try',
      ].sort(),
    );
    expect(PAGE_IDS).toHaveLength(15);
  });

  it.each([
    ['/', 'home', 'en'],
    ['/de', 'home', 'de'],
    ['/fr/pricing', 'pricing', 'fr'],
    ['/nl/feature/write-chapter', 'feature', 'nl'],
    ['/blog/how-to-cite-apa', 'blogArticle', 'en'],
    ['/it/flow/summarize', 'flow', 'it'],
    ['/es/checkout_success', 'checkoutSuccess', 'es'],
    ['/pricing/', 'pricing', 'en'],
  ])('%s is the %s page in %s', (path, id, locale) => {
    expect(matchPage(path)).toMatchObject({ id, locale });
  });

  it.each([
    '/nope',
    '/de/nope',
    '/feature/no-such-tool',
    '/flow/summarise',
    '/en/pricing',
    '/de/de',
    '/blog/Bad_Slug',
    '/x/y/z',
  ])('%s is no page', (path) => {
    expect(matchPage(path)).toBeNull();
  });

  it('builds and splits locale paths symmetrically', () => {
    expect(localePath('en', 'pricing')).toBe('/pricing');
    expect(localePath('de', '')).toBe('/de');
    expect(localePath('fr', '/feature/summarize')).toBe('/fr/feature/summarize');
    expect(parseLocalePath('/fr/feature/summarize')).toEqual({ locale: 'fr', rest: 'feature/summarize' });
    expect(parseLocalePath('/en')).toEqual({ locale: 'en', rest: 'en' });
  });
});
