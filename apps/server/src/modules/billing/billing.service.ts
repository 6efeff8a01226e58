import {
  type BillingCatalogue,
  type CancelSubscriptionRequest,
  type CheckoutRequest,
  type CurrentPlan,
  LOCALE_INFO,
  type LocaleCode,
  localePath,
} from '@quire/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { findAccount } from '../accounts/accounts.service';
import { presentCurrentPlan, presentPack, presentPlan, productName } from './billing.present';
import type { BillingProvider } from './billing.provider';
import {
  expireCheckoutSession,
  insertCheckoutSession,
  type NewCheckoutSession,
  recordCheckoutStarted,
} from './billing.store';
import {
  findPack,
  findPlan,
  findPlanPrice,
  listActivePacks,
  listActivePlans,
  listPlanPrices,
  planForUser,
} from './plans.store';
import { planAfterRollOver } from './words.store';

export type BillingDeps = { db: Database; config: Config; provider: BillingProvider; logger: FastifyBaseLogger };

/** The currency a locale's visitors pay in. */
export function currencyFor(locale: LocaleCode): string {
  return LOCALE_INFO[locale].meta.currency;
}

/** Plans and packs with prices in the locale's currency. */
export async function billingCatalogue(
  deps: Pick<BillingDeps, 'db' | 'provider'>,
  { locale, current }: { locale: LocaleCode; current: string | null },
): Promise<BillingCatalogue> {
  const currency = currencyFor(locale);
  const [plans, prices, packs] = await Promise.all([
    listActivePlans(deps.db),
    listPlanPrices(deps.db, currency),
    listActivePacks(deps.db, currency),
  ]);
  return {
    plans: plans.map((plan) => presentPlan(locale, plan, prices, currency)),
    packs: packs.map((pack) => presentPack(locale, pack, currency)),
    current,
    provider: deps.provider.kind,
  };
}

/** The user's plan and words now, after a words period that has passed started again. */
export async function currentPlan(
  deps: Pick<BillingDeps, 'db' | 'config' | 'provider'>,
  userId: string,
): Promise<CurrentPlan> {
  const plan = await planAfterRollOver(deps.db, userId, deps.config);
  const user = await findAccount(deps.db, userId);
  if (!user) throw new AppError('unauthorized');
  return presentCurrentPlan(user, plan, deps.provider.kind);
}

/** What the request buys at which price; unknown, retired or unsold products are a validation error. */
async function priceProduct(
  db: Database,
  request: CheckoutRequest,
  currency: string,
): Promise<Omit<NewCheckoutSession, 'userId' | 'provider'> & { words?: number }> {
  if ('pack' in request) {
    const pack = (await listActivePacks(db, currency)).find((row) => row.slug === request.pack);
    if (!pack) throw invalidField('pack');
    const row = await findPack(db, pack.slug);
    return { kind: 'pack', productSlug: pack.slug, period: null, currency, amount: pack.amount, words: row?.words };
  }
  const plan = await findPlan(db, request.plan);
  const amount =
    plan?.active && plan.kind === 'subscription'
      ? await findPlanPrice(db, { planSlug: plan.slug, period: request.period, currency })
      : undefined;
  if (amount === undefined) throw invalidField('plan');
  return { kind: 'plan', productSlug: request.plan, period: request.period, currency, amount };
}

function invalidField(field: 'plan' | 'pack'): AppError {
  return new AppError('validation_error', { fields: [{ path: field, field, key: 'invalid', params: {} }] });
}

/**
 * Opens a checkout session for a plan or a pack and hands it to the provider; answers where the browser goes.
 * A provider failure expires the session and is `booking_failed`.
 */
export async function startCheckout(
  deps: BillingDeps,
  { userId, locale, request }: { userId: string; locale: LocaleCode; request: CheckoutRequest },
): Promise<{ url: string }> {
  const user = await findAccount(deps.db, userId);
  if (!user) throw new AppError('unauthorized');
  const { words, ...product } = await priceProduct(deps.db, request, currencyFor(locale));
  const session = await insertCheckoutSession(deps.db, { ...product, userId, provider: deps.provider.kind });
  const page = (path: string) => `${deps.config.publicUrl}${localePath(locale, path)}`;
  try {
    const started = await deps.provider.startCheckout({
      session,
      user: { id: user.id, email: user.email, stripeCustomerId: user.stripeCustomerId },
      productName: productName(locale, {
        kind: session.kind,
        slug: session.productSlug,
        period: session.period,
        words,
      }),
      successUrl: successUrl(deps.config, locale, session.id),
      cancelUrl: `${page('pricing')}?checkout=cancelled`,
      locale,
    });
    await recordCheckoutStarted(deps.db, { session, ...started });
    return { url: started.url };
  } catch (error) {
    deps.logger.error({ err: error, sessionId: session.id, provider: deps.provider.kind }, 'checkout could not start');
    await expireCheckoutSession(deps.db, session.id);
    throw new AppError('booking_failed', { cause: error });
  }
}

/** The page a completed checkout lands on. */
export function successUrl(config: Pick<Config, 'publicUrl'>, locale: LocaleCode, sessionId: string): string {
  return `${config.publicUrl}${localePath(locale, 'checkout_success')}?session=${sessionId}`;
}

/**
 * Cancels the paid subscription in force at its period's end, with the user's reason. The provider is told
 * first, so a provider failure (`cancellation_failed`) leaves everything as it was. Cancelling again changes nothing.
 */
export async function cancelSubscription(
  deps: BillingDeps,
  { userId, request }: { userId: string; request: CancelSubscriptionRequest },
): Promise<CurrentPlan> {
  const { subscription } = await planForUser(deps.db, userId, deps.config);
  if (!subscription || subscription.provider === 'trial') throw new AppError('not_found');
  if (subscription.status === 'active') {
    try {
      await deps.provider.cancelAtPeriodEnd(subscription);
    } catch (error) {
      deps.logger.error(
        { err: error, subscriptionId: subscription.id },
        'the provider did not cancel the subscription',
      );
      throw new AppError('cancellation_failed', { cause: error });
    }
    await deps.db
      .update(subscriptions)
      .set({
        status: 'cancelled',
        cancelReason: request.reason,
        cancelComment: request.comment || null,
        cancelledAt: new Date(),
      })
      .where(eq(subscriptions.id, subscription.id));
  }
  return currentPlan(deps, userId);
}
