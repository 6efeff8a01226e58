import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, checkoutSessions, subscriptions, users } from '../../../db/schema';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { BillingProvider } from '../billing.provider';
import { findCurrentSubscription } from '../subscriptions.store';
import { createStripeProvider } from './stripe-provider';
import { checkoutStart, insertCheckoutSession, insertUser } from './stripe-test-support';

let fake: FakeStripe;
let testApp: TestApp;
let provider: BillingProvider;
let disposeDatabase: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeStripe();
  const logger = pino({ level: 'silent' });
  const settings = { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url };
  const owned = await createTestDatabase();
  disposeDatabase = owned.dispose;
  const _db = owned.database.db;
  testApp = await startTestApp({ env: fake.env(), database: owned.database });
  provider = createStripeProvider(settings, testApp.database.db, logger);
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await disposeDatabase();
  await fake.close();
});

function deliver(signed: { payload: string; signature: string | null }) {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (signed.signature !== null) headers['stripe-signature'] = signed.signature;
  return testApp.request('/api/billing/webhook', { method: 'POST', headers, body: signed.payload });
}

/** A user who went through Stripe Checkout for `product` and paid; the webhook is not sent yet. */
async function paidCheckout(
  product: Parameters<typeof insertCheckoutSession>[2] = { kind: 'plan', slug: 'student', period: 'monthly' },
  buyer?: Awaited<ReturnType<typeof insertUser>>,
) {
  const db = testApp.database.db;
  const user = buyer ?? (await insertUser(db));
  const row = await insertCheckoutSession(db, user.id, product);
  const started = await provider.startCheckout(await checkoutStart(db, row));
  await db.update(checkoutSessions).set({ externalId: started.externalId }).where(eq(checkoutSessions.id, row.id));
  const paid = fake.completeSession(started.externalId ?? '');
  return { user, row, ...paid };
}

const subscriptionsOf = (userId: string) =>
  testApp.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
const userRow = async (userId: string) =>
  (await testApp.database.db.select().from(users).where(eq(users.id, userId)))[0];
const recorded = async (eventId: string) =>
  (await testApp.database.db.select().from(billingEvents).where(eq(billingEvents.eventId, eventId))).length;

describe('POST /api/billing/webhook', () => {
  it('refuses an event with a wrong or missing signature and changes nothing', async () => {
    const { user, session } = await paidCheckout();
    const forged = fake.signedEvent('checkout.session.completed', session, { secret: 'whsec_someone_else' });

    const wrong = await deliver(forged);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.code).toBe('validation_error');
    expect((await deliver({ payload: forged.payload, signature: null })).status).toBe(400);
    const genuine = fake.signedEvent('checkout.session.completed', session);
    const tampered = genuine.payload.replace('"paid"', '"paid" ');
    expect((await deliver({ payload: tampered, signature: genuine.signature })).status).toBe(400);

    expect(await subscriptionsOf(user.id)).toHaveLength(0);
    expect(await recorded(forged.event.id)).toBe(0);
  });

  it('books the plan on checkout.session.completed, with Stripe period end, and a redelivery changes nothing', async () => {
    const { user, row, session, subscription } = await paidCheckout();
    const event = fake.signedEvent('checkout.session.completed', session);

    const response = await deliver(event);
    expect(response.status).toBe(200);
    const [booked] = await subscriptionsOf(user.id);
    expect(booked).toMatchObject({
      planSlug: 'student',
      status: 'active',
      period: 'monthly',
      provider: 'stripe',
      externalId: subscription?.id,
      endsAt: new Date((subscription?.items.data[0]?.current_period_end ?? 0) * 1000),
    });
    const [completed] = await testApp.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, row.id));
    expect(completed?.status).toBe('complete');

    // The user writes; a redelivered event must not book again (which would start a new words period).
    await testApp.database.db.update(users).set({ wordsUsed: 700 }).where(eq(users.id, user.id));
    expect((await deliver(event)).status).toBe(200);
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
    expect((await userRow(user.id))?.wordsUsed).toBe(700);
    expect(await recorded(event.event.id)).toBe(1);
  });

  it('books once when Stripe delivers the same event twice at the same time', async () => {
    const { user, session } = await paidCheckout();
    const event = fake.signedEvent('checkout.session.completed', session);

    const answers = await Promise.all([deliver(event), deliver(event)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
    expect(await recorded(event.event.id)).toBe(1);
  });

  it('moves the period end on invoice.paid and marks a cancellation from customer.subscription.updated', async () => {
    const { user, session, subscription } = await paidCheckout({ kind: 'plan', slug: 'pro', period: 'monthly' });
    await deliver(fake.signedEvent('checkout.session.completed', session));
    const subscriptionId = subscription?.id ?? '';

    const { invoice } = fake.renewSubscription(subscriptionId);
    expect((await deliver(fake.signedEvent('invoice.paid', invoice))).status).toBe(200);
    const renewedEnd = fake.subscriptions.get(subscriptionId)?.items.data[0]?.current_period_end ?? 0;
    expect((await findCurrentSubscription(testApp.database.db, user.id))?.endsAt).toEqual(new Date(renewedEnd * 1000));

    const current = await findCurrentSubscription(testApp.database.db, user.id);
    await provider.cancelAtPeriodEnd(current as NonNullable<typeof current>);
    const updated = fake.subscriptions.get(subscriptionId) ?? {};
    expect((await deliver(fake.signedEvent('customer.subscription.updated', updated))).status).toBe(200);
    expect(await findCurrentSubscription(testApp.database.db, user.id)).toMatchObject({
      status: 'cancelled',
      endsAt: new Date(renewedEnd * 1000),
    });
  });

  it('ends the subscription on customer.subscription.deleted, and the user is back on free', async () => {
    const { user, session, subscription } = await paidCheckout();
    await deliver(fake.signedEvent('checkout.session.completed', session));
    expect(await findCurrentSubscription(testApp.database.db, user.id)).toBeDefined();

    const ended = fake.endSubscription(subscription?.id ?? '');
    expect((await deliver(fake.signedEvent('customer.subscription.deleted', ended))).status).toBe(200);
    const [row] = await subscriptionsOf(user.id);
    expect(row?.status).toBe('ended');
    expect(await findCurrentSubscription(testApp.database.db, user.id)).toBeUndefined();
  });

  it("adds a pack's words once, even when Stripe reports the payment twice", async () => {
    const { user, session } = await paidCheckout({ kind: 'pack', slug: 'words-5000' });
    const extraBefore = (await userRow(user.id))?.wordsExtra ?? 0;

    expect((await deliver(fake.signedEvent('checkout.session.completed', session))).status).toBe(200);
    expect((await deliver(fake.signedEvent('checkout.session.async_payment_succeeded', session))).status).toBe(200);
    expect((await userRow(user.id))?.wordsExtra).toBe(extraBefore + 5000);
    expect(await subscriptionsOf(user.id)).toHaveLength(0);
  });

  it('books nothing for a session completed but not yet paid (delayed payment methods)', async () => {
    const { user, session } = await paidCheckout({ kind: 'pack', slug: 'words-5000' });
    const unpaid = { ...session, payment_status: 'unpaid' };
    const event = fake.signedEvent('checkout.session.completed', unpaid);
    expect((await deliver(event)).status).toBe(200);
    expect((await userRow(user.id))?.wordsExtra).toBe(0);
    expect(await recorded(event.event.id)).toBe(0);
  });

  it('answers 500 when handling fails, records nothing, and applies the redelivery', async () => {
    const { user, session } = await paidCheckout();
    const event = fake.signedEvent('checkout.session.completed', session);
    // Stripe's API is down while the handler reads the subscription (three attempts with retries).
    fake.failNext(500, 3);

    const failed = await deliver(event);
    expect(failed.status).toBe(500);
    expect(JSON.stringify(await failed.json())).not.toMatch(/at .*\.ts|stack/i);
    expect(await recorded(event.event.id)).toBe(0);
    expect(await subscriptionsOf(user.id)).toHaveLength(0);

    expect((await deliver(event)).status).toBe(200);
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
  }, 15_000);

  it('cancels at Stripe, once and crediting the unused time, the subscription a newly booked plan replaced', async () => {
    const first = await paidCheckout();
    await deliver(fake.signedEvent('checkout.session.completed', first.session));
    const replacedId = first.subscription?.id ?? '';
    const second = await paidCheckout({ kind: 'plan', slug: 'pro', period: 'monthly' }, first.user);
    const booked = fake.signedEvent('checkout.session.completed', second.session);
    expect((await deliver(booked)).status).toBe(200);

    await testApp.app.jobs.drain();
    expect(fake.subscriptions.get(replacedId)?.status).toBe('canceled');
    expect(fake.subscriptions.get(second.subscription?.id ?? '')?.status).toBe('active');
    const cancels = () => fake.requests.filter((request) => request.method === 'DELETE');
    expect(cancels()).toMatchObject([
      {
        path: `/v1/subscriptions/${replacedId}`,
        params: { prorate: 'true', cancellation_details: { comment: expect.any(String) } },
      },
    ]);
    expect(await findCurrentSubscription(testApp.database.db, first.user.id)).toMatchObject({ planSlug: 'pro' });

    // The redelivered booking and Stripe's report of the cancellation change nothing more.
    await deliver(booked);
    const deleted = fake.signedEvent('customer.subscription.deleted', fake.subscriptions.get(replacedId) ?? {});
    expect((await deliver(deleted)).status).toBe(200);
    await testApp.app.jobs.drain();
    expect(cancels()).toHaveLength(1);
    expect(await findCurrentSubscription(testApp.database.db, first.user.id)).toMatchObject({ planSlug: 'pro' });
  });

  it('leaves alone a replaced subscription that Stripe has ended already', async () => {
    const first = await paidCheckout();
    await deliver(fake.signedEvent('checkout.session.completed', first.session));
    fake.endSubscription(first.subscription?.id ?? '');
    const second = await paidCheckout({ kind: 'plan', slug: 'pro', period: 'yearly' }, first.user);
    const before = fake.requests.length;

    await deliver(fake.signedEvent('checkout.session.completed', second.session));
    await testApp.app.jobs.drain();
    const calls = fake.requests.slice(before).map((request) => `${request.method} ${request.path}`);
    expect(calls).toContain(`GET /v1/subscriptions/${first.subscription?.id}`);
    expect(calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);
  });

  it('accepts and ignores event types it does not handle', async () => {
    const event = fake.signedEvent('customer.created', { id: 'cus_x', object: 'customer' });
    expect((await deliver(event)).status).toBe(200);
    expect(await recorded(event.event.id)).toBe(0);
  });
});
