import { type BillingCatalogue, type CheckoutRequest, type PricingPeriod, TRIAL_PLAN_SLUG } from '@quire/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { BookingError } from './BookingError';
import { useCatalogue } from './billing.queries';
import { yearlySaving } from './billing-format';
import { productFromQuery, productKey } from './checkout-product';
import { PackCard } from './PackCard';
import { PeriodToggle } from './PeriodToggle';
import { PlanCard } from './PlanCard';
import { useCheckout } from './use-checkout';
import './billing.css';

/** The plans and packs on sale with a monthly/yearly switch; choosing one leads to the payment page. */
export function PricingPlans() {
  const { t } = useTranslation();
  const locale = useLocale();
  const checkout = useCheckout();
  const [period, setPeriod] = useState<PricingPeriod>('monthly');
  const { state, reload } = useCatalogue(locale, checkout.signedIn);
  useChoiceAfterLogin(checkout.signedIn, (product) => {
    if ('period' in product) setPeriod(product.period);
    void checkout.choose(product);
  });

  if (state.kind === 'loading')
    return (
      <p className="muted" role="status" data-testid="plans-loading">
        <span className="spinner" aria-hidden="true" />
        {t('billing.pricing.loading')}
      </p>
    );
  if (state.kind === 'error')
    return (
      <div className="notice notice--error" role="alert" data-testid="plans-error">
        <p>{state.message}</p>
        <button type="button" className="button button--secondary" onClick={reload}>
          {t('billing.retry')}
        </button>
      </div>
    );

  const catalogue: BillingCatalogue = state.value;
  const plans = catalogue.plans.filter((plan) => plan.slug !== TRIAL_PLAN_SLUG);
  const busy = checkout.pending !== null;
  const cardProps = (product: CheckoutRequest) => ({
    pending: checkout.pending === productKey(product),
    disabled: busy,
    onChoose: () => void checkout.choose(product),
  });

  return (
    <div className="pricing" data-testid="pricing-plans">
      <PeriodToggle period={period} onChange={setPeriod} saving={yearlySaving(plans)} />
      {checkout.error && <BookingError message={checkout.error} />}
      <div className="plan-grid">
        {plans.map((plan) => (
          <PlanCard
            key={plan.slug}
            plan={plan}
            period={period}
            current={catalogue.current === plan.slug}
            {...cardProps({ plan: plan.slug, period })}
          />
        ))}
      </div>
      {catalogue.packs.length > 0 && (
        <section className="pricing__packs" aria-labelledby="pricing-packs">
          <h2 id="pricing-packs" className="pricing__packs-title">
            {t('billing.pricing.packsTitle')}
          </h2>
          <p className="muted">{t('billing.pricing.packsText')}</p>
          <div className="plan-grid">
            {catalogue.packs.map((pack) => (
              <PackCard key={pack.slug} pack={pack} {...cardProps({ pack: pack.slug })} />
            ))}
          </div>
        </section>
      )}
      {catalogue.provider === 'local' && (
        <p className="muted" data-testid="pricing-test-mode">
          {t('billing.pricing.testMode')}
        </p>
      )}
    </div>
  );
}

/** A visitor who chose before logging in comes back with the choice in the query: it continues once, then the query goes. */
function useChoiceAfterLogin(signedIn: boolean, continueWith: (product: CheckoutRequest) => void) {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const done = useRef(false);
  const latest = useRef(continueWith);
  latest.current = continueWith;

  useEffect(() => {
    const product = productFromQuery(query);
    if (!signedIn || !product || done.current) return;
    done.current = true;
    void navigate('.', { replace: true });
    latest.current(product);
  }, [signedIn, query, navigate]);
}
