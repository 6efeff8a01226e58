import { describe, expect, it } from 'vitest';
import { localePath, matchPage, PAGE_IDS, PAGES, parseLocalePath } from './pages';

describe('pages', () => {
  it('has every route of spec §2, and those of the workspace (history, own applications, shared results, operator)', () => {
    expect(
      Object.values(PAGES)
        .map((page) => page.path)
        .sort(),
    ).toEqual(
      [
        '',
        'account',
        'apps/:app',
        'apps/:app/edit',
        'blog',
        'blog/:article',
        'checkout',
        'checkout_success',
        'contact',
        'feature/:feature',
        'flow/:flow',
        'flows',
        'history',
        'login',
        'maintenance',
        'operator',
        'pricing',
        'redirect',
        'shared/:token',
        'sources',
        'try',
      ].sort(),
    );
    expect(PAGE_IDS).toHaveLength(21);
  });

  it.each([
    ['/', 'home', 'en'],
    ['/de', 'home', 'de'],
    ['/fr/pricing', 'pricing', 'fr'],
    ['/nl/feature/write-chapter', 'feature', 'nl'],
    ['/blog/how-to-cite-apa', 'blogArticle', 'en'],
    ['/it/flow/summarize', 'flow', 'it'],
    ['/es/checkout_success', 'checkoutSuccess', 'es'],
    ['/de/checkout', 'checkout', 'de'],
    ['/pricing/', 'pricing', 'en'],
    ['/apps/new', 'ownApp', 'en'],
    ['/fr/apps/0b9c2f4e-8d7a-4c1b-9e3f-2a6d5c4b3a21', 'ownApp', 'fr'],
    ['/apps/0b9c2f4e-8d7a-4c1b-9e3f-2a6d5c4b3a21/edit', 'ownAppEdit', 'en'],
    ['/de/history', 'history', 'de'],
    ['/nl/shared/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA', 'shared', 'nl'],
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
    '/apps/not-an-id',
    '/apps/new/edit',
    '/shared/short',
    '/shared/has%20space-in-it-but-long-enough',
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
