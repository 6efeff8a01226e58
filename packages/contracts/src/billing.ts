import { z } from 'zod';
import { CancelSubscriptionRequest, PricingPeriod, WordLimitState } from './account';
import { defineEndpoint } from './endpoint';
import { FeatureSlug } from './features';

/**
 * Plans and billing (spec §1 subscription and extra words, §3, §4, §6, §8, §9); the calls are `billingEndpoints`.
 * Checkout is Stripe's or the local checkout page (whose confirmation books); Stripe's signature-verified webhook
 * is the only thing that grants a plan with Stripe, and a cancelled plan stays active to the period's end.
 * The success page is /checkout_success?session={id}; a cancelled checkout returns to /pricing?checkout=cancelled.
 */

export const BillingProviderKind = z.enum(['stripe', 'local']);
export type BillingProviderKind = z.infer<typeof BillingProviderKind>;

/** Amounts in the currency's minor unit (cents), as Stripe counts them. */
export const Money = z.object({ amount: z.number().int().nonnegative(), currency: z.string().length(3) });
export type Money = z.infer<typeof Money>;

export const Plan = z.object({
  slug: z.string(),
  /** Translated into the request's locale. */
  name: z.string(),
  words_per_month: z.number().int().nonnegative(),
  /** Null for the free plan and the trial, which are not sold. */
  prices: z.object({ monthly: Money, yearly: Money }).nullable(),
  /** The tools the plan may use: every tool, or a list (free). */
  tools: z.union([z.literal('all'), z.array(FeatureSlug)]),
});
export type Plan = z.infer<typeof Plan>;

/** A one-off pack of extra words. */
export const WordPack = z.object({
  slug: z.string(),
  name: z.string(),
  words: z.number().int().positive(),
  price: Money,
});
export type WordPack = z.infer<typeof WordPack>;

export const CurrentPlan = z.object({
  slug: z.string(),
  status: z.enum(['free', 'active', 'cancelled']),
  period: PricingPeriod.nullable(),
  started_at: z.iso.datetime({ offset: true }).nullable(),
  /** When a cancelled subscription ends (then free); when an active one renews. */
  current_period_end: z.iso.datetime({ offset: true }).nullable(),
  words_used: z.number().int().nonnegative(),
  words_limit: z.number().int().nonnegative(),
  words_extra: z.number().int().nonnegative(),
  /** When the monthly words start again (the subscription's anniversary; free: the first of the month). */
  words_reset_at: z.iso.datetime({ offset: true }),
  word_limit_state: WordLimitState,
  provider: BillingProviderKind,
  /** Whether 'manage subscription' leads to a provider's portal. */
  can_manage: z.boolean(),
});
export type CurrentPlan = z.infer<typeof CurrentPlan>;

export const BillingCatalogue = z.object({
  plans: z.array(Plan),
  packs: z.array(WordPack),
  /** Null from the public call; the web app fills in the signed-in user's plan from /billing/subscription. */
  current: z.string().nullable(),
  provider: BillingProviderKind,
});
export type BillingCatalogue = z.infer<typeof BillingCatalogue>;

export const CheckoutRequest = z.union([
  z.object({ plan: z.string().min(1).max(50), period: PricingPeriod }).strict(),
  z.object({ pack: z.string().min(1).max(50) }).strict(),
]);
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

export const CheckoutSummary = z.object({
  id: z.string(),
  provider: BillingProviderKind,
  status: z.enum(['open', 'complete', 'expired']),
  /** The booked product's name in the request's locale ('Student, yearly', '5,000 extra words'). */
  product_name: z.string(),
  price: Money,
  period: PricingPeriod.nullable(),
});
export type CheckoutSummary = z.infer<typeof CheckoutSummary>;

/** Where the browser goes next: the payment page, the success page or the provider's portal. */
export const BillingRedirect = z.object({ url: z.string() });
export type BillingRedirect = z.infer<typeof BillingRedirect>;

const checkout = '/billing/checkout/:id';

/** Plans, checkout, the local provider's confirmation, the portal and cancellation. */
export const billingEndpoints = {
  /** Public: the pricing page shows it to visitors too. */
  plans: defineEndpoint({ method: 'GET', service: 'api', path: '/billing/plans', response: BillingCatalogue }),
  /** The plan in force, its dates and the words of this period. */
  subscription: defineEndpoint({ method: 'GET', service: 'api', path: '/billing/subscription', response: CurrentPlan }),
  /** Stripe's page, or our own checkout page when Stripe is off. */
  checkout: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/billing/checkout',
    body: CheckoutRequest,
    response: BillingRedirect,
  }),
  getCheckout: defineEndpoint({ method: 'GET', service: 'api', path: checkout, response: CheckoutSummary }),
  /** The local provider books the checkout; answers the success page. */
  confirmCheckout: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: `${checkout}/confirm`,
    response: BillingRedirect,
    errors: ['booking_failed'],
  }),
  portal: defineEndpoint({ method: 'POST', service: 'api', path: '/billing/portal', response: BillingRedirect }),
  /** At the end of the period; answers the plan as it is now. */
  cancel: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/billing/cancel',
    body: CancelSubscriptionRequest,
    response: CurrentPlan,
    errors: ['cancellation_failed'],
  }),
  /** Stripe's signed events, read as bytes; answers Stripe's acknowledgement, not an envelope. */
  stripeWebhook: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/billing/webhook',
    body: 'raw',
    response: z.object({ received: z.literal(true) }),
    envelope: false,
  }),
};
