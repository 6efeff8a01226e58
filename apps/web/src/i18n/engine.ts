import { NAMESPACES } from '@quire/contracts';
import i18next, { type i18n as I18n } from 'i18next';

/** i18next, in its own chunk: loaded with the first page beyond the landing route; catalogues are added to it. */
export async function createEngine(locale: string): Promise<I18n> {
  const engine = i18next.createInstance();
  await engine.init({
    lng: locale,
    // Every locale has every key (checked by a test), so there is no need to download English as well.
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: 'app',
    resources: {},
    interpolation: { escapeValue: false },
  });
  return engine;
}
