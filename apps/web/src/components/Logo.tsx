import { Link } from 'react-router';
import { useLocalePath } from '../i18n/use-locale';
import { useTranslation } from '../i18n/use-translation';

/** The word mark, linking to the start page of the current language (the mark itself is drawn in CSS). */
export function Logo() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <Link to={to('')} className="logo" aria-label={t('nav.home')}>
      <span className="logo__mark" aria-hidden="true" />
      <span className="logo__word">{t('brand.name')}</span>
    </Link>
  );
}
