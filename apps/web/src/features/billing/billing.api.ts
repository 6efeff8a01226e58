import type {
  BillingCatalogue,
  CancelSubscriptionRequest,
  CheckoutRequest,
  CheckoutSummary,
  CurrentPlan,
} from '@quire/contracts';
import { api } from '../../api/client';

type Redirect = { url: string };

/** GET /api/billing/plans: plans, packs and prices in the request's language; marks the plan of a signed-in user. */
export function fetchCatalogue(options: { signal?: AbortSignal } = {}): Promise<BillingCatalogue> {
  return api.get<BillingCatalogue>('/billing/plans', options);
}

/** GET /api/billing/subscription: the plan in force, its dates and the words of this period. */
export function fetchCurrentPlan(options: { signal?: AbortSignal } = {}): Promise<CurrentPlan> {
  return api.get<CurrentPlan>('/billing/subscription', options);
}

/** POST /api/billing/checkout: where to pay — Stripe's page, or our own checkout page when Stripe is off. */
export function startCheckout(request: CheckoutRequest): Promise<Redirect> {
  return api.post<Redirect>('/billing/checkout', request);
}

/** GET /api/billing/checkout/{id}: what one of the user's checkouts books, and whether it is complete. */
export function fetchCheckout(id: string, options: { signal?: AbortSignal } = {}): Promise<CheckoutSummary> {
  return api.get<CheckoutSummary>(`/billing/checkout/${encodeURIComponent(id)}`, options);
}

/** POST /api/billing/checkout/{id}/confirm: the local provider books the checkout; answers with the success page. */
export function confirmCheckout(id: string): Promise<Redirect> {
  return api.post<Redirect>(`/billing/checkout/${encodeURIComponent(id)}/confirm`);
}

/** POST /api/billing/portal: the payment provider's page for managing the subscription. */
export function openPortal(): Promise<Redirect> {
  return api.post<Redirect>('/billing/portal');
}

/** POST /api/billing/cancel: ends the subscription at the end of its period; answers with the plan as it is now. */
export function cancelSubscription(request: CancelSubscriptionRequest): Promise<CurrentPlan> {
  return api.post<CurrentPlan>('/billing/cancel', request);
}
