import { Link } from 'react-router';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { PlaceholderPage } from '../PlaceholderPage';

export function RedirectPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <PlaceholderPage pageKey="redirect">
      <p>
        <Link to={to('')}>{t('common.backHome')}</Link>
      </p>
    </PlaceholderPage>
  );
}
