import { isLocale, LOCALE_INFO, LOCALES } from '@quire/contracts';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { LANGUAGE_COOKIE } from '../../lib/cookies';
import { switchLocalePath } from './language-path';

/** A labelled select that shows the current page in another language and remembers the choice. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        data-testid="language-switcher"
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          LANGUAGE_COOKIE.write(next);
          navigate(switchLocalePath(location, next));
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={LOCALE_INFO[code].meta.htmlLang}>
            {LOCALE_INFO[code].title}
          </option>
        ))}
      </select>
    </div>
  );
}
