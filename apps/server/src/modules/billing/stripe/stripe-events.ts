import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '../../../db/client';
import {
  completeCheckout,
  endSubscriptionByExternalId,
  recordEventOnce,
  updateSubscriptionPeriod,
} from '../billing.bookings';
import { currentPeriodEnd, idOf } from './stripe-client';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** What an event does to our data, run in the transaction that records the event. */
type Effect = (tx: Database) => Promise<unknown>;

/**
 * Applies one verified Stripe event exactly once. Anything Stripe must be asked first is fetched before
 * the transaction; the event is recorded in the same transaction as its effect, so a failure records
 * nothing and Stripe's retry applies it, while a redelivery changes nothing.
 */
export async function applyStripeEvent(
  deps: { db: Database; stripe: Stripe; logger: FastifyBaseLogger },
  event: Stripe.Event,
): Promise<EventOutcome> {
  const effect = await effectOf(deps, event);
  if (!effect) return 'ignored';
  return deps.db.transaction(async (tx) => {
    const first = await recordEventOnce(tx, { provider: 'stripe', eventId: event.id, type: event.type });
    if (!first) return 'duplicate';
    await effect(tx);
    return 'applied';
  });
}

async function effectOf({ stripe, logger }: { stripe: Stripe; logger: FastifyBaseLogger }, event: Stripe.Event) {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutCompleted(stripe, logger, event.data.object);
    case 'invoice.paid': {
      const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      return subscriptionId ? subscriptionChanged(stripe, subscriptionId) : null;
    }
    case 'customer.subscription.updated':
      return subscriptionChanged(stripe, event.data.object.id);
    case 'customer.subscription.deleted': {
      const externalSubscriptionId = event.data.object.id;
      return ((tx) => endSubscriptionByExternalId(tx, { externalSubscriptionId })) satisfies Effect;
    }
    default:
      return null;
  }
}

async function checkoutCompleted(
  stripe: Stripe,
  logger: FastifyBaseLogger,
  session: Stripe.Checkout.Session,
): Promise<Effect | null> {
  // A delayed payment method (SEPA debit…) completes the session unpaid; async_payment_succeeded follows when paid.
  if (session.payment_status === 'unpaid') return null;
  const externalSubscriptionId = idOf(session.subscription);
  const periodEnd = externalSubscriptionId
    ? currentPeriodEnd(await stripe.subscriptions.retrieve(externalSubscriptionId))
    : null;
  return async (tx) => {
    const booked = await completeCheckout(tx, {
      externalSessionId: session.id,
      externalSubscriptionId,
      currentPeriodEnd: periodEnd,
    });
    if (!booked)
      logger.warn({ stripeSessionId: session.id }, 'stripe checkout completed for a session Quire does not know');
  };
}

/**
 * Renewals and changes: the subscription is read from Stripe rather than from the event, because
 * events can arrive out of order and the current state is what counts.
 */
async function subscriptionChanged(stripe: Stripe, externalSubscriptionId: string): Promise<Effect> {
  const subscription = await stripe.subscriptions.retrieve(externalSubscriptionId);
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    return (tx) => endSubscriptionByExternalId(tx, { externalSubscriptionId });
  }
  const periodEnd = currentPeriodEnd(subscription);
  if (!periodEnd) return async () => undefined;
  return (tx) =>
    updateSubscriptionPeriod(tx, {
      externalSubscriptionId,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    });
}
