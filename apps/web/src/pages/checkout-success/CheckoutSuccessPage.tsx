import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { CheckoutSuccess } from '../../features/billing/CheckoutSuccess';
import { useTranslation } from '../../i18n/use-translation';

/** /checkout_success?session={id}: where every booking ends, from Stripe and from the local checkout alike. */
export function CheckoutSuccessPage() {
  const { t } = useTranslation();
  const sessionId = useSearchParams()[0].get('session') ?? '';
  const title = t('pages.checkoutSuccess.title');
  return (
    <article className="page page--narrow">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t('pages.checkoutSuccess.intro')}</p>
      {sessionId ? (
        <CheckoutSuccess key={sessionId} sessionId={sessionId} />
      ) : (
        <p className="notice notice--error" role="alert" data-testid="success-error">
          {t('billing.checkout.notFound')}
        </p>
      )}
    </article>
  );
}
