import { type Catalogue, type LocaleCode, lookup } from '@quire/contracts';
import de from '@quire/contracts/locales/de/app.json';
import en from '@quire/contracts/locales/en/app.json';
import es from '@quire/contracts/locales/es/app.json';
import fr from '@quire/contracts/locales/fr/app.json';
import it from '@quire/contracts/locales/it/app.json';
import nl from '@quire/contracts/locales/nl/app.json';

// The blog index's title and description are the web app's own strings: the page and its served head agree.
const APP: Record<LocaleCode, Catalogue> = { en, de, fr, es, it, nl };

/** A string of the web app's catalogue in a locale, English when the locale lacks it. */
export function blogCatalogueText(locale: LocaleCode, key: string): string {
  return lookup(APP[locale], key) ?? lookup(APP.en, key) ?? key;
}
