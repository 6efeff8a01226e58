import { REDIRECTS } from '@quire/contracts';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { loadProfile } from '../auth';
import { useCheckoutSummary } from './billing.queries';
import './billing.css';

/** How long to wait between asking again while Stripe has not yet confirmed the payment to us, and how often. */
export const CONFIRMATION_POLL_MS = 2_000;
const CONFIRMATION_POLLS = 30;

/**
 * After paying: the booked product's name and 'start now'. With Stripe the browser can arrive before the
 * webhook that books the plan; until then the page says the booking is being confirmed and asks again.
 * Once complete, the header's words are fetched afresh, as the plan's words start now.
 */
export function CheckoutSuccess({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const state = useCheckoutSummary(sessionId, { ms: CONFIRMATION_POLL_MS, times: CONFIRMATION_POLLS });
  const status = state.kind === 'ready' ? state.value.status : null;

  useEffect(() => {
    if (status !== 'complete') return;
    loadProfile({ fresh: true }).catch((error: unknown) => console.warn('Could not refresh the words left', error));
  }, [status]);

  if (state.kind === 'error')
    return (
      <p className="notice notice--error" role="alert" data-testid="success-error">
        {state.message}
      </p>
    );
  return (
    <div className="checkout-success" data-testid="checkout-success">
      {state.kind === 'ready' ? (
        <p className="checkout-success__product" data-testid="success-product">
          {t('pages.checkoutSuccess.booked', { product: state.value.product_name })}
        </p>
      ) : (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('billing.checkout.loading')}
        </p>
      )}
      {status === 'open' && (
        <p className="muted" role="status" data-testid="success-confirming">
          {t('pages.checkoutSuccess.confirming')}
        </p>
      )}
      <p>
        <Link to={to(REDIRECTS.afterLogin)} className="button button--large" data-testid="start-now">
          {t('pages.checkoutSuccess.start')}
        </Link>
      </p>
    </div>
  );
}
