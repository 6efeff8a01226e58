import type { CheckoutSummary } from '@quire/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLocale, useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { BookingError } from './BookingError';
import { confirmCheckout } from './billing.api';
import { useCheckoutSummary } from './billing.queries';
import { formatMoney } from './billing-format';
import { useFollowUrl } from './use-follow-url';
import './billing.css';

/**
 * The local payment provider's checkout (no Stripe key): what is booked, marked plainly as a test payment.
 * Confirming books it through the same code path Stripe's webhooks use and leads to the same success page.
 */
export function LocalCheckout({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const state = useCheckoutSummary(sessionId);

  if (state.kind === 'loading')
    return (
      <p className="muted" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('billing.checkout.loading')}
      </p>
    );
  if (state.kind === 'error')
    return <CheckoutNotice message={state.code === 'not_found' ? t('billing.checkout.notFound') : state.message} />;

  const summary = state.value;
  if (summary.status === 'complete')
    return (
      <p className="notice notice--success" data-testid="checkout-complete">
        {t('billing.checkout.alreadyComplete')}{' '}
        <Link to={`${to('checkout_success')}?session=${encodeURIComponent(summary.id)}`}>
          {t('billing.checkout.toSuccess')}
        </Link>
      </p>
    );
  if (summary.status === 'expired' || summary.provider !== 'local')
    return <CheckoutNotice message={t('billing.checkout.expired')} />;
  return <OpenCheckout summary={summary} />;
}

function OpenCheckout({ summary }: { summary: CheckoutSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const navigate = useNavigate();
  const follow = useFollowUrl();
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);

  async function confirm() {
    setConfirming(true);
    setFailed(false);
    try {
      follow((await confirmCheckout(summary.id)).url);
    } catch (error) {
      // The spec's one message for a booking that did not go through, whatever the cause; the cause is logged.
      console.error('Confirming the checkout failed', error);
      setFailed(true);
      setConfirming(false);
    }
  }

  return (
    <div className="checkout" data-testid="local-checkout">
      <p className="checkout__test-mark" role="note" data-testid="test-payment">
        <strong>{t('billing.checkout.testMark')}</strong> {t('billing.checkout.testText')}
      </p>
      <dl className="checkout__facts">
        <dt>{t('billing.checkout.product')}</dt>
        <dd data-testid="checkout-product">{summary.product_name}</dd>
        {summary.period && (
          <>
            <dt>{t('billing.checkout.period')}</dt>
            <dd data-testid="checkout-period">{t(`billing.periods.${summary.period}`)}</dd>
          </>
        )}
        <dt>{t('billing.checkout.price')}</dt>
        <dd data-testid="checkout-price">{formatMoney(summary.price, locale)}</dd>
      </dl>
      {failed && <BookingError message={t('errors:booking_failed')} />}
      <div className="checkout__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={confirming}
          onClick={() => void navigate(`${to('pricing')}?checkout=cancelled`)}
          data-testid="checkout-cancel"
        >
          {t('billing.checkout.cancel')}
        </button>
        <button
          type="button"
          className="button"
          disabled={confirming}
          aria-busy={confirming}
          onClick={() => void confirm()}
          data-testid="checkout-confirm"
        >
          {confirming ? t('billing.checkout.confirming') : t('billing.checkout.confirm')}
        </button>
      </div>
    </div>
  );
}

function CheckoutNotice({ message }: { message: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div className="notice notice--error" role="alert" data-testid="checkout-error">
      <p>{message}</p>
      <Link to={to('pricing')}>{t('billing.checkout.backToPricing')}</Link>
    </div>
  );
}
