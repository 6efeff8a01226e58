import { type CheckoutRequest, PricingPeriod } from '@quire/contracts';

/** A name for what a checkout books, to mark the button whose checkout is under way. */
export function productKey(product: CheckoutRequest): string {
  return 'pack' in product ? `pack:${product.pack}` : `plan:${product.plan}:${product.period}`;
}

/** The query that remembers a visitor's choice across the login (`?plan=student&period=yearly`, `?pack=…`). */
export function productQuery(product: CheckoutRequest): string {
  const query = new URLSearchParams('pack' in product ? { pack: product.pack } : product);
  return query.toString();
}

/** The choice a query remembers, or null when it names none (or an unknown period). */
export function productFromQuery(query: URLSearchParams): CheckoutRequest | null {
  const pack = query.get('pack');
  if (pack) return { pack };
  const plan = query.get('plan');
  const period = PricingPeriod.safeParse(query.get('period'));
  return plan && period.success ? { plan, period: period.data } : null;
}
