import { describe, expect, it } from 'vitest';
import { rootRedirectTarget } from './root-redirect';

describe('rootRedirectTarget', () => {
  it('sends a German browser to /de', () => {
    expect(rootRedirectTarget({ pathname: '/', cookie: undefined, browserLanguages: ['de-AT', 'en'] })).toBe('/de');
  });

  it('lets the cookie beat the browser language', () => {
    expect(rootRedirectTarget({ pathname: '/', cookie: 'fr', browserLanguages: ['de-DE'] })).toBe('/fr');
    expect(rootRedirectTarget({ pathname: '/', cookie: 'en', browserLanguages: ['de-DE'] })).toBeNull();
  });

  it('ignores a cookie that names no locale', () => {
    expect(rootRedirectTarget({ pathname: '/', cookie: 'klingon', browserLanguages: ['nl-BE'] })).toBe('/nl');
  });

  it('stays for English and unsupported browser languages', () => {
    expect(rootRedirectTarget({ pathname: '/', cookie: undefined, browserLanguages: ['en-GB'] })).toBeNull();
    expect(rootRedirectTarget({ pathname: '/', cookie: undefined, browserLanguages: ['ja', 'pt-BR'] })).toBeNull();
  });

  it('never redirects any other path', () => {
    for (const pathname of ['/pricing', '/de', '/fr/pricing', '/nope', '']) {
      expect(rootRedirectTarget({ pathname, cookie: 'de', browserLanguages: ['de'] })).toBeNull();
    }
  });
});
