import type { CheckoutRequest } from '@quire/contracts';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { useLocale } from '../../i18n/use-locale';
import { loginPath, useSession } from '../auth';
import { startCheckout } from './billing.api';
import { productKey, productQuery } from './checkout-product';
import { useFollowUrl } from './use-follow-url';

/**
 * Choosing a plan or a pack: a signed-in user goes to the payment page (Stripe's, or our local one); a visitor
 * goes to the login first and comes back to this page with the choice in the query, which then continues.
 */
export function useCheckout() {
  const signedIn = Boolean(useSession());
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const follow = useFollowUrl();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(product: CheckoutRequest) {
    if (!signedIn) {
      void navigate(loginPath(locale, `${location.pathname}?${productQuery(product)}`));
      return;
    }
    setPending(productKey(product));
    setError(null);
    try {
      const { url } = await startCheckout(product);
      // The button stays busy: the browser is on its way to the payment page.
      follow(url);
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('Starting the checkout failed', failure);
      setError(failure instanceof ApiError ? failure.message : translate('errors:booking_failed'));
      setPending(null);
    }
  }

  return { choose, pending, error, signedIn };
}
