import type { BillingCatalogue, CheckoutSummary, CurrentPlan } from '@quire/contracts';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';

/** The default catalogue as the server sends it to an English request (amounts in cents). */
export function aCatalogue(overrides: Partial<BillingCatalogue> = {}): BillingCatalogue {
  return {
    plans: [
      {
        slug: 'free',
        name: 'Free',
        words_per_month: 2_000,
        prices: null,
        tools: ['summarize', 'proofreading', 'find-topic', 'find-sources', 'source-qa'],
      },
      {
        slug: 'student',
        name: 'Student',
        words_per_month: 10_000,
        prices: { monthly: { amount: 999, currency: 'USD' }, yearly: { amount: 5_994, currency: 'USD' } },
        tools: 'all',
      },
      {
        slug: 'pro',
        name: 'Pro',
        words_per_month: 50_000,
        prices: { monthly: { amount: 1_999, currency: 'USD' }, yearly: { amount: 11_994, currency: 'USD' } },
        tools: 'all',
      },
      { slug: 'trial', name: 'Pro trial', words_per_month: 5_000, prices: null, tools: 'all' },
    ],
    packs: [{ slug: 'words-5000', name: '5,000 extra words', words: 5_000, price: { amount: 499, currency: 'USD' } }],
    current: null,
    provider: 'local',
    ...overrides,
  };
}

export function aCurrentPlan(overrides: Partial<CurrentPlan> = {}): CurrentPlan {
  return {
    slug: 'student',
    status: 'active',
    period: 'monthly',
    started_at: '2026-03-10T09:00:00Z',
    current_period_end: '2026-04-10T09:00:00Z',
    words_used: 1_200,
    words_limit: 10_000,
    words_extra: 500,
    words_reset_at: '2026-04-10T09:00:00Z',
    word_limit_state: 'available',
    provider: 'local',
    can_manage: false,
    ...overrides,
  };
}

export function aCheckout(overrides: Partial<CheckoutSummary> = {}): CheckoutSummary {
  return {
    id: 'c0ffee00-0000-4000-8000-000000000001',
    provider: 'local',
    status: 'open',
    product_name: 'Student, yearly',
    price: { amount: 5_994, currency: 'USD' },
    period: 'yearly',
    ...overrides,
  };
}

type Route = (call: StubbedCall) => Response | undefined;

/** A fetch that answers the status, the profile and the given billing routes; anything else is a 404. */
export function serveBilling(route: Route) {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, STATUS_OK);
    if (call.url === '/api/auth/user/customer') return json(200, { data: testProfile() });
    return route(call) ?? json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}
