import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client';
import { users } from '../../../db/schema';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe';
import { createTestDatabase } from '../../../test/test-database';
import type { BillingProvider } from '../billing.provider';
import type { SubscriptionRow } from '../subscriptions.store';
import { createStripeProvider } from './stripe-provider';
import { checkoutStart, insertCheckoutSession, insertUser } from './stripe-test-support';

let fake: FakeStripe;
let database: DatabaseHandle;
let dispose: () => Promise<void>;
let provider: BillingProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  ({ database, dispose } = await createTestDatabase());
  provider = createStripeProvider(
    { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url },
    database.db,
    pino({ level: 'silent' }),
  );
});

afterAll(async () => {
  await dispose();
  await fake.close();
});

beforeEach(() => {
  fake.requests.length = 0;
});

const calls = (method: string, path: string) => fake.requests.filter((r) => r.method === method && r.path === path);

describe('Stripe checkout', () => {
  it('creates the customer once, stores it on the user and reuses it', async () => {
    const user = await insertUser(database.db);
    const first = await insertCheckoutSession(database.db, user.id, {
      kind: 'plan',
      slug: 'student',
      period: 'monthly',
    });
    const started = await provider.startCheckout(await checkoutStart(database.db, first));

    const [stored] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.stripeCustomerId).toMatch(/^cus_/);
    expect(started.stripeCustomerId).toBe(stored?.stripeCustomerId);
    expect(fake.customers.get(stored?.stripeCustomerId ?? '')?.email).toBe(user.email);

    const second = await insertCheckoutSession(database.db, user.id, { kind: 'pack', slug: 'words-5000' });
    await provider.startCheckout(await checkoutStart(database.db, second));
    expect(calls('POST', '/v1/customers')).toHaveLength(1);
    // The stored id is used as is: Stripe is not even asked to look the e-mail up again.
    expect(calls('GET', '/v1/customers')).toHaveLength(1);
    expect(fake.sessions.get(started.externalId ?? '')?.customer).toBe(stored?.stripeCustomerId);
    expect([...fake.sessions.values()].at(-1)?.customer).toBe(stored?.stripeCustomerId);
  });

  it('finds a customer Stripe already has for the e-mail instead of creating another', async () => {
    const user = await insertUser(database.db);
    const earlier = await insertCheckoutSession(database.db, user.id, { kind: 'pack', slug: 'words-5000' });
    const start = await checkoutStart(database.db, earlier);
    await provider.startCheckout(start);
    // The id was lost on our side (say, a restored backup); Stripe still knows the customer by e-mail.
    await database.db.update(users).set({ stripeCustomerId: null }).where(eq(users.id, user.id));
    const customersBefore = fake.customers.size;

    const again = await provider.startCheckout(await checkoutStart(database.db, earlier));
    expect(fake.customers.size).toBe(customersBefore);
    expect(again.stripeCustomerId).toBe([...fake.customers.values()].find((c) => c.email === user.email)?.id);
    const [stored] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.stripeCustomerId).toBe(again.stripeCustomerId);
  });

  it('opens a subscription session for a plan with our ids, the price and the return addresses', async () => {
    const user = await insertUser(database.db);
    const session = await insertCheckoutSession(
      database.db,
      user.id,
      { kind: 'plan', slug: 'pro', period: 'yearly' },
      { currency: 'EUR', amount: 11_940 },
    );
    const started = await provider.startCheckout(await checkoutStart(database.db, session, 'Pro, yearly'));

    expect(started.externalId).toMatch(/^cs_test_/);
    expect(started.url).toBe(fake.sessions.get(started.externalId ?? '')?.url);
    const [request] = calls('POST', '/v1/checkout/sessions');
    expect(request?.stripeVersion).toBe('2026-10-28.endive');
    expect(request?.idempotencyKey).toBe(`quire-checkout-${session.id}`);
    expect(request?.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: session.id,
      success_url: `https://quire.test/checkout_success?session=${session.id}`,
      cancel_url: 'https://quire.test/pricing?checkout=cancelled',
      locale: 'de',
      metadata: { quire_checkout_session_id: session.id, quire_user_id: user.id, quire_product: 'plan:pro' },
      subscription_data: { metadata: { quire_checkout_session_id: session.id } },
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: '11940',
            product_data: { name: 'Pro, yearly' },
            recurring: { interval: 'year' },
          },
        },
      ],
    });
    expect(fake.sessions.get(started.externalId ?? '')).toMatchObject({ mode: 'subscription', amount_total: 11_940 });
  });

  it('opens a one-off payment session for a word pack', async () => {
    const user = await insertUser(database.db);
    const session = await insertCheckoutSession(
      database.db,
      user.id,
      { kind: 'pack', slug: 'words-5000' },
      { currency: 'USD', amount: 500 },
    );
    const started = await provider.startCheckout(await checkoutStart(database.db, session, '5,000 extra words'));

    const [request] = calls('POST', '/v1/checkout/sessions');
    expect(request?.params).toMatchObject({
      mode: 'payment',
      payment_intent_data: { metadata: { quire_product: 'pack:words-5000' } },
    });
    expect(JSON.stringify(request?.params)).not.toContain('recurring');
    expect(fake.sessions.get(started.externalId ?? '')).toMatchObject({
      mode: 'payment',
      currency: 'usd',
      amount_total: 500,
    });
  });

  it('retries a failed Stripe answer with the same idempotency key, and throws when Stripe keeps failing', async () => {
    const user = await insertUser(database.db);
    const session = await insertCheckoutSession(database.db, user.id, { kind: 'pack', slug: 'words-5000' });
    const start = await checkoutStart(database.db, session);
    await provider.startCheckout(start);
    fake.requests.length = 0;
    fake.failNext(500);
    const sessionsBefore = fake.sessions.size;

    await provider.startCheckout(await checkoutStart(database.db, session));
    const attempts = calls('POST', '/v1/checkout/sessions');
    expect(attempts).toHaveLength(2);
    expect(attempts[1]?.idempotencyKey).toBe(attempts[0]?.idempotencyKey);
    // The same key as the first start: Stripe replays that session instead of opening another.
    expect(fake.sessions.size).toBe(sessionsBefore);

    fake.failNext(503, 3);
    await expect(provider.startCheckout(await checkoutStart(database.db, session))).rejects.toMatchObject({
      type: 'StripeAPIError',
      statusCode: 503,
    });
  }, 15_000);

  it('throws the SDK error when Stripe refuses the request', async () => {
    const user = await insertUser(database.db);
    await database.db.update(users).set({ stripeCustomerId: 'cus_deleted' }).where(eq(users.id, user.id));
    const session = await insertCheckoutSession(database.db, user.id, { kind: 'pack', slug: 'words-5000' });
    await expect(provider.startCheckout(await checkoutStart(database.db, session))).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
    });
  });
});

describe('Stripe portal and cancellation', () => {
  it("opens the customer's billing portal, and none without a customer", async () => {
    const user = await insertUser(database.db);
    const session = await insertCheckoutSession(database.db, user.id, { kind: 'pack', slug: 'words-5000' });
    const { stripeCustomerId } = await provider.startCheckout(await checkoutStart(database.db, session));

    const url = await provider.portalUrl({ stripeCustomerId: stripeCustomerId ?? null }, 'https://quire.test/account');
    expect(url).toMatch(new RegExp(`^${fake.url}/p/session/test_`));
    expect(calls('POST', '/v1/billing_portal/sessions')[0]?.params).toEqual({
      customer: stripeCustomerId,
      return_url: 'https://quire.test/account',
    });
    expect(await provider.portalUrl({ stripeCustomerId: null }, 'https://quire.test/account')).toBeNull();
  });

  it('asks Stripe to end the subscription at the period end, and asks nothing for one Stripe does not know', async () => {
    const user = await insertUser(database.db);
    const session = await insertCheckoutSession(database.db, user.id, {
      kind: 'plan',
      slug: 'student',
      period: 'monthly',
    });
    const { externalId } = await provider.startCheckout(await checkoutStart(database.db, session));
    const { subscription } = fake.completeSession(externalId ?? '');
    const row = { externalId: subscription?.id ?? null } as SubscriptionRow;

    await provider.cancelAtPeriodEnd(row);
    expect(fake.subscriptions.get(subscription?.id ?? '')).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: subscription?.items.data[0]?.current_period_end,
    });

    fake.requests.length = 0;
    await provider.cancelAtPeriodEnd({ externalId: null } as SubscriptionRow);
    expect(fake.requests).toHaveLength(0);
  });
});
