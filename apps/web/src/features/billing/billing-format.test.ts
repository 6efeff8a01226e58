import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney, monthlyShare, yearlySaving } from './billing-format';
import { checkCancelForm } from './cancel-form';
import { productFromQuery, productQuery } from './checkout-product';
import { aCatalogue } from './test-billing';

describe('billing formats', () => {
  it('writes prices from minor units in the locale’s currency format', () => {
    expect(formatMoney({ amount: 999, currency: 'USD' }, 'en')).toBe('$9.99');
    expect(formatMoney({ amount: 999, currency: 'EUR' }, 'fr')).toBe('9,99\u00a0€');
    expect(formatMoney({ amount: 500, currency: 'JPY' }, 'en')).toBe('¥500');
    expect(formatCount(50_000, 'de')).toBe('50.000');
  });

  it('works out the yearly saving from the prices, and a monthly share that never exceeds the charge', () => {
    expect(yearlySaving(aCatalogue().plans)).toBe(0.5);
    expect(yearlySaving(aCatalogue().plans.filter((plan) => !plan.prices))).toBeNull();
    expect(monthlyShare({ amount: 5_995, currency: 'EUR' })).toEqual({ amount: 499, currency: 'EUR' });
  });

  it('keeps a visitor’s choice across the login, and ignores an unknown period', () => {
    const query = productQuery({ plan: 'student', period: 'yearly' });
    expect(productFromQuery(new URLSearchParams(query))).toEqual({ plan: 'student', period: 'yearly' });
    expect(productFromQuery(new URLSearchParams(productQuery({ pack: 'words-5000' })))).toEqual({ pack: 'words-5000' });
    expect(productFromQuery(new URLSearchParams('plan=student&period=weekly'))).toBeNull();
  });
});

describe('cancellation form', () => {
  it('needs a reason, and a comment for "other" only', () => {
    expect(checkCancelForm({ reason: null, comment: '' })).toEqual({
      ok: false,
      errors: { reason: 'billing.cancel.reasonRequired' },
    });
    expect(checkCancelForm({ reason: 'other', comment: '   ' })).toEqual({
      ok: false,
      errors: { comment: 'billing.cancel.commentRequired' },
    });
    expect(checkCancelForm({ reason: 'work_completed', comment: '' })).toEqual({
      ok: true,
      request: { reason: 'work_completed' },
    });
  });
});
