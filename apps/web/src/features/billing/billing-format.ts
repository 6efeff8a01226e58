import { LOCALE_INFO, type LocaleCode, type Money, type Plan } from '@quire/contracts';

/** A price in the locale's currency format ("$9.99", "9,99 €"); amounts arrive in minor units (cents). */
export function formatMoney(money: Money, locale: LocaleCode): string {
  const format = new Intl.NumberFormat(LOCALE_INFO[locale].meta.htmlLang, {
    style: 'currency',
    currency: money.currency,
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(money.amount / 10 ** digits);
}

/** A count of words the way the locale writes numbers ("10,000", "10.000"). */
export function formatCount(count: number, locale: LocaleCode): string {
  return new Intl.NumberFormat(LOCALE_INFO[locale].meta.htmlLang).format(count);
}

/** What a yearly price comes to per month, in minor units rounded down (never more than is charged). */
export function monthlyShare(yearly: Money): Money {
  return { amount: Math.floor(yearly.amount / 12), currency: yearly.currency };
}

/**
 * The largest share a year saves against twelve monthly payments over the plans on sale (0.5 = 50%),
 * from the prices themselves so a configured catalogue shows what it really saves; null when none is on sale.
 */
export function yearlySaving(plans: readonly Plan[]): number | null {
  const savings = plans.flatMap((plan) => {
    const monthly = plan.prices?.monthly.amount ?? 0;
    return plan.prices && monthly > 0 ? [1 - plan.prices.yearly.amount / (12 * monthly)] : [];
  });
  if (savings.length === 0) return null;
  return Math.round(Math.max(...savings) * 100) / 100;
}
