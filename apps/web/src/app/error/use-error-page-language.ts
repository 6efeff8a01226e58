import { useEffect, useState } from 'react';
import { currentLocale, ensureLocale, hasCatalogue } from '../../i18n/i18n';
import { useLocale } from '../../i18n/use-locale';

/**
 * Error pages can render before the locale guard ran (a failing guard, a layout that did not load) or
 * after the home page loaded only its part of the catalogue. This loads the URL's language in full and
 * tells when the page can be shown in it.
 */
export function useErrorPageLanguage(): boolean {
  const locale = useLocale();
  const [ready, setReady] = useState(() => currentLocale() === locale && hasCatalogue(locale, 'full'));
  useEffect(() => {
    let live = true;
    ensureLocale(locale, 'full')
      .catch((error: unknown) => console.error('Could not load the language of the error page', error))
      .finally(() => {
        if (live) setReady(true);
      });
    return () => {
      live = false;
    };
  }, [locale]);
  return ready;
}
