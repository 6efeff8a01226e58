import { describe, expect, it } from 'vitest';
import { afterLoginPath, loginPath, safeReturnPath, signedOutPath } from './return-path';

const ORIGIN = 'https://quire.example';

describe('safeReturnPath', () => {
  it.each([
    ['/de/account', '/de/account'],
    ['/sources?tab=papers#top', '/sources?tab=papers#top'],
    ['/feature/write-chapter', '/feature/write-chapter'],
  ])('keeps the path %s', (value, expected) => {
    expect(safeReturnPath(value, ORIGIN)).toBe(expected);
  });

  it.each([
    'https://evil.example/account',
    'https://quire.example/account',
    '//evil.example/account',
    '/\\evil.example/account',
    '/\t/evil.example',
    'javascript:alert(1)',
    'account',
    '',
    null,
    undefined,
    '/login?redirect=%2Faccount',
    '/de/login',
  ])('ignores %s', (value) => {
    expect(safeReturnPath(value, ORIGIN)).toBeNull();
  });
});

describe('paths', () => {
  it('builds the login page with its return address in the guard’s format', () => {
    expect(loginPath('es', '/es/account?x=1')).toBe('/es/login?redirect=%2Fes%2Faccount%3Fx%3D1');
    expect(loginPath('en')).toBe('/login');
  });

  it('knows where a login ends by default and where a sign-out lands', () => {
    expect(afterLoginPath('en')).toBe('/feature/write-chapter');
    expect(afterLoginPath('it')).toBe('/it/feature/write-chapter');
    expect(signedOutPath('en')).toBe('/?logout');
    expect(signedOutPath('de')).toBe('/de?logout');
  });
});
