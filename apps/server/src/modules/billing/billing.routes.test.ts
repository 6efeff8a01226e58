import { BillingCatalogue, CheckoutSummary, CurrentPlan, YEARLY_DISCOUNT } from '@quire/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema';
import { readBody, type TestApp } from '../../test/test-app';
import { signUpWriter, type Writer } from '../generation/generation.test-kit';
import type { BillingProvider } from './billing.provider';
import { startBillingApp } from './billing.test-kit';
import { createLocalProvider } from './local-provider';

let test: TestApp;
let failing: TestApp;
/** Switched on by a test to make the provider of `failing` fail. */
const failures = { checkout: false, cancel: false };

beforeAll(async () => {
  test = await startBillingApp();
  failing = await startBillingApp({
    provider: (config): BillingProvider => {
      const local = createLocalProvider(config);
      return {
        ...local,
        startCheckout: async (start) => {
          if (failures.checkout) throw new Error('provider down');
          return local.startCheckout(start);
        },
        cancelAtPeriodEnd: async (subscription) => {
          if (failures.cancel) throw new Error('provider down');
          return local.cancelAtPeriodEnd(subscription);
        },
      };
    },
  });
}, 120_000);
afterAll(async () => {
  await test?.close();
  await failing?.close();
});

const json = (writer: Writer, body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { ...writer.auth, 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

async function subscription(app: TestApp, writer: Writer): Promise<CurrentPlan> {
  const response = await app.request('/api/billing/subscription', { headers: writer.auth });
  expect(response.status).toBe(200);
  return CurrentPlan.parse((await readBody(response)).data);
}

/** Checkout through the local provider's page: start, confirm; answers the session id. */
async function buy(app: TestApp, writer: Writer, body: unknown): Promise<string> {
  const started = await app.request('/api/billing/checkout', json(writer, body));
  expect(started.status).toBe(200);
  const url = new URL(String((await readBody(started)).data?.url));
  expect(url.pathname).toBe('/checkout');
  const sessionId = url.searchParams.get('session') ?? '';
  const confirmed = await app.request(`/api/billing/checkout/${sessionId}/confirm`, json(writer, {}));
  expect(confirmed.status).toBe(200);
  expect((await readBody(confirmed)).data?.url).toBe(`${app.baseUrl}/checkout_success?session=${sessionId}`);
  return sessionId;
}

describe('the catalogue', () => {
  it('lists free, student and pro with yearly at half of twelve months, in the locale’s currency and language', async () => {
    const english = BillingCatalogue.parse((await readBody(await test.request('/api/billing/plans'))).data);
    expect(english.plans.map((plan) => [plan.slug, plan.words_per_month])).toEqual([
      ['free', 2_000],
      ['student', 10_000],
      ['pro', 50_000],
    ]);
    expect(english.provider).toBe('local');
    const student = english.plans.find((plan) => plan.slug === 'student');
    expect(student?.prices?.monthly.currency).toBe('USD');
    expect(student?.prices?.yearly.amount).toBe(
      Math.round(12 * (student?.prices?.monthly.amount ?? 0) * (1 - YEARLY_DISCOUNT)),
    );
    expect(english.plans[0]?.prices).toBeNull();
    expect(english.plans[0]?.tools).toEqual(['summarize', 'proofreading', 'find-topic', 'find-sources', 'source-qa']);
    expect(english.packs).toEqual([
      { slug: 'words-5000', name: '5,000 extra words', words: 5_000, price: { amount: 499, currency: 'USD' } },
    ]);

    const german = BillingCatalogue.parse(
      (await readBody(await test.request('/api/billing/plans', { headers: { 'accept-language': 'de' } }))).data,
    );
    expect(german.plans[0]?.name).toBe('Kostenlos');
    expect(german.packs[0]?.name).toBe('5.000 zusätzliche Wörter');
    expect(german.plans[1]?.prices?.monthly.currency).toBe('EUR');
  });
});

describe('buying through the local provider', () => {
  it('asks for a sign-in', async () => {
    expect((await test.request('/api/billing/subscription')).status).toBe(401);
    expect((await test.request('/api/billing/checkout', { method: 'POST' })).status).toBe(401);
  });

  it('books student monthly for a free user: 10,000 words, the month’s words start again', async () => {
    const writer = await signUpWriter(test, 'student@example.org');
    await test.database.db.update(users).set({ wordsUsed: 2_000 }).where(eq(users.id, writer.userId));
    const before = await subscription(test, writer);
    expect(before).toMatchObject({ slug: 'free', status: 'free', words_limit: 2_000, word_limit_state: 'reached' });

    const sessionId = await buy(test, writer, { plan: 'student', period: 'monthly' });
    const after = await subscription(test, writer);
    expect(after).toMatchObject({
      slug: 'student',
      status: 'active',
      period: 'monthly',
      words_used: 0,
      words_limit: 10_000,
      word_limit_state: 'available',
      provider: 'local',
      can_manage: false,
    });
    expect(after.words_reset_at).toBe(after.current_period_end);

    const summary = await test.request(`/api/billing/checkout/${sessionId}`, {
      headers: { ...writer.auth, 'accept-language': 'fr' },
    });
    expect(CheckoutSummary.parse((await readBody(summary)).data)).toEqual({
      id: sessionId,
      provider: 'local',
      status: 'complete',
      product_name: 'Étudiant, paiement mensuel',
      price: { amount: 999, currency: 'USD' },
      period: 'monthly',
    });
    // Confirming again books nothing more.
    await test.request(`/api/billing/checkout/${sessionId}/confirm`, json(writer, {}));
    const rows = await test.database.db.select().from(subscriptions).where(eq(subscriptions.userId, writer.userId));
    expect(rows).toHaveLength(1);
  });

  it('sends a German buyer to the German checkout page and charges euros', async () => {
    const writer = await signUpWriter(test, 'yearly@example.org');
    const started = await test.request(
      '/api/billing/checkout',
      json(writer, { plan: 'pro', period: 'yearly' }, { 'accept-language': 'de' }),
    );
    const url = new URL(String((await readBody(started)).data?.url));
    expect(url.pathname).toBe('/de/checkout');
    const summary = await test.request(`/api/billing/checkout/${url.searchParams.get('session')}`, {
      headers: { ...writer.auth, 'accept-language': 'de' },
    });
    expect(CheckoutSummary.parse((await readBody(summary)).data)).toMatchObject({
      status: 'open',
      product_name: 'Tarif Pro, jährlich',
      price: { amount: 11_994, currency: 'EUR' },
    });
  });

  it('adds a pack’s words once', async () => {
    const writer = await signUpWriter(test, 'pack@example.org');
    const sessionId = await buy(test, writer, { pack: 'words-5000' });
    await test.request(`/api/billing/checkout/${sessionId}/confirm`, json(writer, {}));
    expect(await subscription(test, writer)).toMatchObject({ slug: 'free', words_extra: 5_000 });
  });

  it('refuses unknown and unsold plans and packs', async () => {
    const writer = await signUpWriter(test, 'unsold@example.org');
    for (const body of [
      { plan: 'free', period: 'monthly' },
      { plan: 'trial', period: 'yearly' },
      { plan: 'gold', period: 'monthly' },
      { pack: 'words-1' },
      { plan: 'pro' },
    ]) {
      const response = await test.request('/api/billing/checkout', json(writer, body));
      expect(response.status).toBe(400);
      expect((await readBody(response)).error?.code).toBe('validation_error');
    }
  });

  it('shows and confirms a session only for its owner', async () => {
    const owner = await signUpWriter(test, 'owner@example.org');
    const other = await signUpWriter(test, 'other@example.org');
    const started = await test.request('/api/billing/checkout', json(owner, { plan: 'student', period: 'monthly' }));
    const sessionId = new URL(String((await readBody(started)).data?.url)).searchParams.get('session');
    expect((await test.request(`/api/billing/checkout/${sessionId}`, { headers: other.auth })).status).toBe(404);
    expect((await test.request(`/api/billing/checkout/${sessionId}/confirm`, json(other, {}))).status).toBe(404);
    expect((await test.request('/api/billing/checkout/not-a-uuid', { headers: owner.auth })).status).toBe(404);
    expect((await subscription(test, other)).slug).toBe('free');
    expect((await subscription(test, owner)).slug).toBe('free');
  });

  it('answers booking_failed when the provider fails', async () => {
    const writer = await signUpWriter(failing, 'down@example.org');
    failures.checkout = true;
    try {
      const response = await failing.request(
        '/api/billing/checkout',
        json(writer, { plan: 'student', period: 'monthly' }),
      );
      expect(response.status).toBe(502);
      expect((await readBody(response)).error).toMatchObject({
        code: 'booking_failed',
        message: 'The booking unfortunately did not work. Contact us',
      });
    } finally {
      failures.checkout = false;
    }
  });

  it('has no portal with the local provider', async () => {
    const writer = await signUpWriter(test, 'portal@example.org');
    expect((await test.request('/api/billing/portal', json(writer, {}))).status).toBe(404);
  });
});

describe('cancelling', () => {
  it('needs a reason, and a comment for "other" (translated)', async () => {
    const writer = await signUpWriter(test, 'reasons@example.org');
    await buy(test, writer, { plan: 'student', period: 'monthly' });
    expect((await test.request('/api/billing/cancel', json(writer, {}))).status).toBe(400);
    const response = await test.request(
      '/api/billing/cancel',
      json(writer, { reason: 'other' }, { 'accept-language': 'de' }),
    );
    expect(response.status).toBe(400);
    const body = await readBody(response);
    expect(body.error?.code).toBe('validation_error');
    expect(JSON.stringify(body.error)).toMatch(/erforderlich|Pflicht/i);
    expect((await subscription(test, writer)).status).toBe('active');
  });

  it('keeps the plan until the period ends, then falls back to free', async () => {
    const writer = await signUpWriter(test, 'cancel@example.org');
    await buy(test, writer, { plan: 'pro', period: 'monthly' });
    const response = await test.request(
      '/api/billing/cancel',
      json(writer, { reason: 'other', comment: 'Thesis handed in' }),
    );
    expect(response.status).toBe(200);
    const cancelled = CurrentPlan.parse((await readBody(response)).data);
    expect(cancelled).toMatchObject({ slug: 'pro', status: 'cancelled', words_limit: 50_000 });
    const [row] = await test.database.db.select().from(subscriptions).where(eq(subscriptions.userId, writer.userId));
    expect(row).toMatchObject({ cancelReason: 'other', cancelComment: 'Thesis handed in', status: 'cancelled' });
    expect(row?.cancelledAt).toBeInstanceOf(Date);

    await test.database.db
      .update(subscriptions)
      .set({ endsAt: new Date(Date.now() - 1_000) })
      .where(eq(subscriptions.id, row?.id ?? ''));
    expect(await subscription(test, writer)).toMatchObject({ slug: 'free', status: 'free', words_limit: 2_000 });
    expect((await test.request('/api/billing/cancel', json(writer, { reason: 'work_completed' }))).status).toBe(404);
  });

  it('answers cancellation_failed and changes nothing when the provider fails', async () => {
    const writer = await signUpWriter(failing, 'cannot-cancel@example.org');
    await buy(failing, writer, { plan: 'student', period: 'yearly' });
    failures.cancel = true;
    try {
      const response = await failing.request(
        '/api/billing/cancel',
        json(writer, { reason: 'price_performance_issue' }),
      );
      expect(response.status).toBe(502);
      expect((await readBody(response)).error?.code).toBe('cancellation_failed');
    } finally {
      failures.cancel = false;
    }
    expect((await subscription(failing, writer)).status).toBe('active');
  });

  it('refuses a free user', async () => {
    const writer = await signUpWriter(test, 'free-cancel@example.org');
    expect((await test.request('/api/billing/cancel', json(writer, { reason: 'work_completed' }))).status).toBe(404);
  });
});
