import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { LocalCheckout } from '../../features/billing/LocalCheckout';
import { useTranslation } from '../../i18n/use-translation';

/** /checkout?session={id}: the local payment provider's page (only when Stripe is not configured). */
export function CheckoutPage() {
  const { t } = useTranslation();
  const sessionId = useSearchParams()[0].get('session') ?? '';
  const title = t('pages.checkout.title');
  return (
    <article className="page page--narrow">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      {sessionId ? (
        <LocalCheckout key={sessionId} sessionId={sessionId} />
      ) : (
        <p className="notice notice--error" role="alert" data-testid="checkout-error">
          {t('billing.checkout.notFound')}
        </p>
      )}
    </article>
  );
}
