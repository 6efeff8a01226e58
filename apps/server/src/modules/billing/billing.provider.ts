import type { LocaleCode } from '@quire/contracts';
import type { checkoutSessions } from '../../db/schema';
import type { SubscriptionRow } from './subscriptions.store';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/** What a provider needs to start a checkout: our session row, the buyer and where the browser returns. */
export type CheckoutStart = {
  session: CheckoutSessionRow;
  user: { id: string; email: string; stripeCustomerId: string | null };
  productName: string;
  successUrl: string;
  cancelUrl: string;
  /** The buyer's language, for pages the provider shows (default English). */
  locale?: LocaleCode;
};

/** A payment provider: Stripe when configured, else the embedded local provider. */
export type BillingProvider = {
  kind: 'local' | 'stripe';
  /** Returns where to send the browser, and the provider's id of the session (null for local). */
  startCheckout(start: CheckoutStart): Promise<{ url: string; externalId: string | null; stripeCustomerId?: string }>;
  /** The provider's self-service page for 'manage subscription', or null (local: none). */
  portalUrl(user: { stripeCustomerId: string | null }, returnUrl: string): Promise<string | null>;
  /** Tells the provider to end the subscription at the period's end (local: nothing to tell). */
  cancelAtPeriodEnd(subscription: SubscriptionRow): Promise<void>;
  /**
   * Ends one of the provider's subscriptions at once, crediting its unused time: a newly booked plan replaced
   * it, and it must not be charged again. Null when this provider cannot reach it (Stripe is not configured).
   */
  cancelReplaced: ((externalSubscriptionId: string) => Promise<void>) | null;
};
