import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../app/use-locale';

/** The word mark, linking to the start page of the current language. */
export function Logo() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <Link to={to('')} className="logo" aria-label={t('nav.home')}>
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" />
        <path d="M16 7a9 9 0 1 0 4.9 16.55L24 26.6l2.1-2.1-2.95-2.95A9 9 0 0 0 16 7Zm0 3a6 6 0 1 1 0 12 6 6 0 0 1 0-12Z" />
      </svg>
      <span className="logo__word">{t('brand.name')}</span>
    </Link>
  );
}
