import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';

export function NotFound() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <section className="error-page" data-testid="not-found">
      <p className="error-page__status">404</p>
      <PageTitle documentTitle={t('errors:not_found_title')}>{t('errors:not_found_title')}</PageTitle>
      <p className="lead">{t('errors:not_found')}</p>
      <Link to={to('')} className="button">
        {t('common.backHome')}
      </Link>
    </section>
  );
}
