import Stripe from 'stripe';
import type { Config } from '../../../config';

export type StripeSettings = NonNullable<Config['billing']['stripe']>;

/** The API version this code and the SDK's types are written against; pinned so an account default cannot change it. */
const STRIPE_API_VERSION = '2026-10-28.endive';
const STRIPE_TIMEOUT_MS = 20_000;

/** A Stripe SDK client for `settings.apiUrl` (api.stripe.com, or a local fake in tests). */
export function createStripeClient(settings: StripeSettings): Stripe {
  const api = new URL(settings.apiUrl);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: api.hostname,
    port: api.port || (protocol === 'http' ? 80 : 443),
    protocol,
    // POSTs carry idempotency keys, so retrying a request that may have reached Stripe books nothing twice.
    maxNetworkRetries: 2,
    timeout: STRIPE_TIMEOUT_MS,
    appInfo: { name: 'Quire' },
  });
}

/** The end of a subscription's current period; since API 2025-03-31 it is kept per item, so the latest one counts. */
export function currentPeriodEnd(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return ends.length === 0 ? null : new Date(Math.max(...ends) * 1000);
}

/** An expandable field's id, whether Stripe sent the id or the expanded object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
