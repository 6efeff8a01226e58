import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '../../../db/client';
import type { BillingProvider, CheckoutStart } from '../billing.provider';
import { createStripeClient, type StripeSettings } from './stripe-client';
import { ensureStripeCustomer } from './stripe-customers';

/**
 * Sells through Stripe Checkout. Starting a checkout grants nothing: the signed webhook
 * (`stripe-webhook.routes.ts`) books the plan once Stripe reports the payment.
 */
export function createStripeProvider(
  settings: StripeSettings,
  db: Database,
  logger: FastifyBaseLogger,
): BillingProvider {
  const stripe = createStripeClient(settings);
  return {
    kind: 'stripe',
    async startCheckout(start) {
      const stripeCustomerId = await ensureStripeCustomer(stripe, db, start.user);
      const session = await stripe.checkout.sessions.create(checkoutParams(start, stripeCustomerId), {
        // A retried start of the same checkout gets the same Stripe session back.
        idempotencyKey: `quire-checkout-${start.session.id}`,
      });
      if (!session.url) throw new Error(`Stripe checkout session ${session.id} came without a URL`);
      logger.info({ checkoutSessionId: start.session.id, stripeSessionId: session.id }, 'stripe checkout started');
      return { url: session.url, externalId: session.id, stripeCustomerId };
    },
    async portalUrl(user, returnUrl) {
      if (!user.stripeCustomerId) return null;
      const portal = await stripe.billingPortal.sessions.create({
        customer: user.stripeCustomerId,
        return_url: returnUrl,
      });
      return portal.url;
    },
    async cancelAtPeriodEnd(subscription) {
      // A trial or a booking made before Stripe was configured has nothing at Stripe to cancel.
      if (!subscription.externalId) return;
      await stripe.subscriptions.update(subscription.externalId, { cancel_at_period_end: true });
    },
    async cancelReplaced(externalSubscriptionId) {
      // A retried job, or a subscription Stripe already ended: cancelling again would be refused.
      const current = await stripe.subscriptions.retrieve(externalSubscriptionId);
      if (current.status === 'canceled' || current.status === 'incomplete_expired') return;
      await stripe.subscriptions.cancel(externalSubscriptionId, {
        prorate: true,
        cancellation_details: { comment: 'Replaced by another plan booked in Quire' },
      });
      logger.info({ externalSubscriptionId }, 'stripe subscription replaced by a new plan cancelled');
    },
  };
}

/** A subscription for plans, a one-off payment for word packs; our ids ride along to find the session again. */
export function checkoutParams(start: CheckoutStart, customer: string): Stripe.Checkout.SessionCreateParams {
  const { session, productName } = start;
  const metadata = {
    quire_checkout_session_id: session.id,
    quire_user_id: start.user.id,
    quire_product: `${session.kind}:${session.productSlug}`,
  };
  const isPlan = session.kind === 'plan';
  return {
    mode: isPlan ? 'subscription' : 'payment',
    customer,
    client_reference_id: session.id,
    metadata,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: session.currency.toLowerCase(),
          unit_amount: session.amount,
          product_data: { name: productName },
          ...(isPlan ? { recurring: { interval: session.period === 'yearly' ? 'year' : 'month' } } : {}),
        },
      },
    ],
    ...(isPlan ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
    success_url: start.successUrl,
    cancel_url: start.cancelUrl,
    locale: start.locale ?? 'auto',
  };
}
