import { LOCALE_INFO, LOCALES } from '@quire/contracts';
import { Link, useLocation } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { LANGUAGE_COOKIE } from '../../lib/cookies';
import { switchLocalePath } from './language-path';

/** Every language as a link to the current page in that language (the footer's language list). */
export function LanguageLinks() {
  const locale = useLocale();
  const location = useLocation();
  return (
    <ul className="language-links">
      {LOCALES.map((code) => (
        <li key={code}>
          <Link
            to={switchLocalePath(location, code)}
            hrefLang={LOCALE_INFO[code].meta.htmlLang}
            lang={LOCALE_INFO[code].meta.htmlLang}
            aria-current={code === locale ? 'true' : undefined}
            onClick={() => LANGUAGE_COOKIE.write(code)}
          >
            {LOCALE_INFO[code].title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
