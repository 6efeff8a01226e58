import {
  type BillingCatalogue,
  type CancelSubscriptionRequest,
  type CheckoutRequest,
  type CheckoutSummary,
  type CurrentPlan,
  billingEndpoints as endpoints,
  type BillingRedirect as Redirect,
} from '@quire/contracts';
import { call } from '../../api/call';

/** Plans, packs and prices in the request's language; marks the plan of a signed-in user. */
export function fetchCatalogue(options: { signal?: AbortSignal } = {}): Promise<BillingCatalogue> {
  return call(endpoints.plans, {}, options);
}

/** The plan in force, its dates and the words of this period. */
export function fetchCurrentPlan(options: { signal?: AbortSignal } = {}): Promise<CurrentPlan> {
  return call(endpoints.subscription, {}, options);
}

/** Where to pay — Stripe's page, or our own checkout page when Stripe is off. */
export function startCheckout(request: CheckoutRequest): Promise<Redirect> {
  return call(endpoints.checkout, { body: request });
}

/** What one of the user's checkouts books, and whether it is complete. */
export function fetchCheckout(id: string, options: { signal?: AbortSignal } = {}): Promise<CheckoutSummary> {
  return call(endpoints.getCheckout, { params: { id } }, options);
}

/** The local provider books the checkout; answers with the success page. */
export function confirmCheckout(id: string): Promise<Redirect> {
  return call(endpoints.confirmCheckout, { params: { id } });
}

/** The payment provider's page for managing the subscription. */
export function openPortal(): Promise<Redirect> {
  return call(endpoints.portal, {});
}

/** Ends the subscription at the end of its period; answers with the plan as it is now. */
export function cancelSubscription(request: CancelSubscriptionRequest): Promise<CurrentPlan> {
  return call(endpoints.cancel, { body: request });
}
