import { type Catalogue, LOCALES, leafKeys, NAMESPACES } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import { createEngine } from './engine';
import { type Bundle, translateWith } from './translate';

const PARAMS = { seconds: 3, words: 10_000, discount: 0.5, title: 'Pricing', status: 503, name: 'teleport', count: 2 };

async function load(locale: string, part: 'landing' | 'full'): Promise<Bundle> {
  return (await import(/* @vite-ignore */ `virtual:quire-catalogue/${locale}/${part}`)).default;
}

describe('translateWith', () => {
  it.each(LOCALES)('agrees with i18next on every landing key in %s', async (locale) => {
    const landing = await load(locale, 'landing');
    const engine = await createEngine(locale);
    const full = await load(locale, 'full');
    for (const namespace of NAMESPACES) engine.addResourceBundle(locale, namespace, full[namespace] ?? {});
    let checked = 0;
    for (const namespace of NAMESPACES) {
      for (const key of leafKeys((landing[namespace] ?? {}) as Catalogue)) {
        const fullKey = `${namespace}:${key}`;
        expect(translateWith(landing, locale, fullKey, PARAMS), fullKey).toBe(engine.t(fullKey, PARAMS));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('formats numbers and percentages for the locale', () => {
    const bundle: Bundle = { app: { a: '{{n, number}} / {{p, number(style: percent)}}' } };
    expect(translateWith(bundle, 'de', 'a', { n: 10_000, p: 0.5 })).toBe('10.000 / 50\u00a0%');
    expect(translateWith(bundle, 'en', 'a', { n: 10_000, p: 0.5 })).toBe('10,000 / 50%');
  });

  it('falls back to the default value, then to the key, like i18next', () => {
    const bundle: Bundle = { app: { here: 'Here' }, errors: { gone: 'Gone' } };
    expect(translateWith(bundle, 'en', 'here')).toBe('Here');
    expect(translateWith(bundle, 'en', 'errors:gone')).toBe('Gone');
    expect(translateWith(bundle, 'en', 'missing.key', 'Default')).toBe('Default');
    expect(translateWith(bundle, 'en', 'errors:missing')).toBe('missing');
  });

  it('leaves placeholders without a value untouched', () => {
    expect(translateWith({ app: { a: 'Hello {{name}}' } }, 'en', 'a')).toBe('Hello {{name}}');
  });
});
