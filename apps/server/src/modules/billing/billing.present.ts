import {
  type BillingProviderKind,
  type CheckoutSummary,
  type CurrentPlan,
  LOCALE_INFO,
  type LocaleCode,
  type Plan,
  type PricingPeriod,
  type WordPack,
  wordLimitState,
} from '@quire/contracts';
import type { users } from '../../db/schema';
import { translator } from '../../http/i18n';
import type { CheckoutSessionRow } from './billing.provider';
import type { PlanPriceRow, PlanRow, UserPlan } from './plans.store';
import { wordsResetAt } from './words-period';

type UserRow = typeof users.$inferSelect;

/** A plan's name in the locale; a plan of PLANS_FILE without a translation shows its slug capitalised. */
export function planName(locale: LocaleCode, slug: string): string {
  const key = `billing:plans.${slug}` as const;
  const name = translator(locale)(key);
  return name === key ? slug.charAt(0).toUpperCase() + slug.slice(1) : name;
}

/** 'Student, yearly' or '5,000 extra words', as the checkout and success pages name the product. */
export function productName(
  locale: LocaleCode,
  product: { kind: 'plan' | 'pack'; slug: string; period: PricingPeriod | null; words?: number },
): string {
  const t = translator(locale);
  if (product.kind === 'pack') return t('billing:product_pack', { words: formatWords(locale, product.words ?? 0) });
  return t('billing:product_plan', {
    plan: planName(locale, product.slug),
    period: t(`billing:periods.${product.period ?? 'monthly'}`),
  });
}

function formatWords(locale: LocaleCode, words: number): string {
  return new Intl.NumberFormat(LOCALE_INFO[locale].meta.htmlLang).format(words);
}

export function presentPlan(locale: LocaleCode, plan: PlanRow, prices: PlanPriceRow[], currency: string): Plan {
  const price = (period: PricingPeriod) =>
    prices.find((row) => row.planSlug === plan.slug && row.period === period && row.currency === currency);
  const monthly = price('monthly');
  const yearly = price('yearly');
  return {
    slug: plan.slug,
    name: planName(locale, plan.slug),
    words_per_month: plan.wordsPerMonth,
    prices:
      plan.kind === 'subscription' && monthly && yearly
        ? { monthly: { amount: monthly.amount, currency }, yearly: { amount: yearly.amount, currency } }
        : null,
    tools: plan.tools as Plan['tools'],
  };
}

export function presentPack(
  locale: LocaleCode,
  pack: { slug: string; words: number; amount: number },
  currency: string,
): WordPack {
  return {
    slug: pack.slug,
    name: productName(locale, { kind: 'pack', slug: pack.slug, period: null, words: pack.words }),
    words: pack.words,
    price: { amount: pack.amount, currency },
  };
}

export function presentCurrentPlan(
  user: Pick<UserRow, 'wordsUsed' | 'wordsExtra' | 'stripeCustomerId'>,
  plan: UserPlan,
  providerKind: BillingProviderKind,
  now: Date = new Date(),
): CurrentPlan {
  const { subscription } = plan;
  const subscriptionProvider = subscription?.provider === 'stripe' || subscription?.provider === 'local';
  return {
    slug: plan.slug,
    status: !subscription ? 'free' : subscription.status === 'cancelled' ? 'cancelled' : 'active',
    period: subscription?.period ?? null,
    started_at: subscription?.startedAt.toISOString() ?? null,
    current_period_end: subscription?.endsAt?.toISOString() ?? null,
    words_used: user.wordsUsed,
    words_limit: plan.wordsPerMonth,
    words_extra: user.wordsExtra,
    words_reset_at: wordsResetAt(subscription?.startedAt ?? null, now).toISOString(),
    word_limit_state: wordLimitState(user.wordsUsed, plan.wordsPerMonth, user.wordsExtra),
    provider: subscriptionProvider ? (subscription.provider as BillingProviderKind) : providerKind,
    can_manage: providerKind === 'stripe' && subscription?.provider === 'stripe' && Boolean(user.stripeCustomerId),
  };
}

export function presentCheckout(
  locale: LocaleCode,
  session: CheckoutSessionRow,
  words: number | undefined,
): CheckoutSummary {
  return {
    id: session.id,
    provider: session.provider,
    status: session.status,
    product_name: productName(locale, { kind: session.kind, slug: session.productSlug, period: session.period, words }),
    price: { amount: session.amount, currency: session.currency },
    period: session.period,
  };
}
