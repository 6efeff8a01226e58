import { describe, expect, it } from 'vitest';
import { switchLocalePath } from './language-path';

describe('switchLocalePath', () => {
  it('keeps the page when switching between prefixed languages', () => {
    expect(switchLocalePath({ pathname: '/fr/pricing' }, 'de')).toBe('/de/pricing');
  });

  it('adds and removes the prefix for English', () => {
    expect(switchLocalePath({ pathname: '/pricing' }, 'it')).toBe('/it/pricing');
    expect(switchLocalePath({ pathname: '/nl/feature/write-chapter' }, 'en')).toBe('/feature/write-chapter');
  });

  it('maps the start pages', () => {
    expect(switchLocalePath({ pathname: '/' }, 'es')).toBe('/es');
    expect(switchLocalePath({ pathname: '/es' }, 'en')).toBe('/');
    expect(switchLocalePath({ pathname: '/es/' }, 'fr')).toBe('/fr');
  });

  it('keeps the query string and hash', () => {
    expect(switchLocalePath({ pathname: '/de/login', search: '?redirect=%2Fde%2Faccount', hash: '#form' }, 'fr')).toBe(
      '/fr/login?redirect=%2Fde%2Faccount#form',
    );
  });
});
