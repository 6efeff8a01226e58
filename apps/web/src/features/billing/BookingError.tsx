import { Link } from 'react-router';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';

/** A booking that did not go through, with the way to reach us (spec: 'The booking unfortunately did not work. Contact us'). */
export function BookingError({ message }: { message: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <p className="notice notice--error" role="alert" data-testid="booking-error">
      {message} <Link to={to('contact')}>{t('billing.contactLink')}</Link>
    </p>
  );
}
