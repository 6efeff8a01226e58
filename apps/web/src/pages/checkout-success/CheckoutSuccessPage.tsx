import { REDIRECTS } from '@quire/contracts';
import { Link } from 'react-router';
import { useLocalePath } from '../../app/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { PlaceholderPage } from '../PlaceholderPage';

export function CheckoutSuccessPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <PlaceholderPage pageKey="checkoutSuccess">
      <p>
        <Link to={to(REDIRECTS.afterLogin)} className="button">
          {t('pages.checkoutSuccess.start')}
        </Link>
      </p>
    </PlaceholderPage>
  );
}
