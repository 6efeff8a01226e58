import { REFERRAL_BONUS_WORDS } from '@quire/contracts';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/use-translation';
import { importWithReload } from '../../lib/chunk-reload';

// The plans, their prices and the checkout in a chunk of their own: the page's frame shows at once.
const PricingPlans = lazy(() =>
  importWithReload(() => import('../../features/billing/PricingPlans')).then((module) => ({
    default: module.PricingPlans,
  })),
);

/** /pricing: the plans with a monthly/yearly switch, extra words, and a calm word after a cancelled checkout. */
export function PricingPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const title = t('pages.pricing.title');
  return (
    <article className="page">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t('pages.pricing.intro')}</p>
      {query.get('checkout') === 'cancelled' && (
        <p className="notice" role="status" data-testid="checkout-cancelled">
          {t('pages.pricing.checkoutCancelled')}
        </p>
      )}
      <Suspense
        fallback={
          <p className="muted" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('common.loading')}
          </p>
        }
      >
        <PricingPlans />
      </Suspense>
      <p className="muted">{t('pages.pricing.referral', { words: REFERRAL_BONUS_WORDS })}</p>
    </article>
  );
}
