import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { checkoutSessions, subscriptions, users } from '../../db/schema';
import { createTestDatabase } from '../../test/test-database';
import {
  completeCheckout,
  endSubscriptionByExternalId,
  recordEventOnce,
  updateSubscriptionPeriod,
} from './billing.bookings';
import { planForUser } from './plans.store';
import { planAfterRollOver, rollOverWords } from './words.store';
import { wordsPeriodStart } from './words-period';

const TRIAL = { trial: { wordLimit: 5_000, days: 7 } };
let db: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  const opened = await createTestDatabase();
  db = opened.database.db;
  dispose = opened.dispose;
});
afterAll(async () => dispose());

let counter = 0;
async function newUser(values: Partial<typeof users.$inferInsert> = {}): Promise<string> {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({ email: `buyer${counter}@example.org`, name: 'Buyer', ...values })
    .returning({ id: users.id });
  return row?.id ?? '';
}

async function openSession(
  userId: string,
  product: {
    kind: 'plan' | 'pack';
    slug: string;
    period?: 'monthly' | 'yearly';
    provider?: 'local' | 'stripe';
    externalId?: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(checkoutSessions)
    .values({
      userId,
      provider: product.provider ?? 'local',
      kind: product.kind,
      productSlug: product.slug,
      period: product.period ?? null,
      currency: 'EUR',
      amount: 999,
      externalId: product.externalId ?? null,
    })
    .returning({ id: checkoutSessions.id });
  return row?.id ?? '';
}

async function userWords(userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return { used: row?.wordsUsed, extra: row?.wordsExtra, periodStart: row?.wordsPeriodStartedAt };
}

const userSubscriptions = (userId: string) =>
  db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(subscriptions.startedAt);

describe('completeCheckout', () => {
  it('books the plan once, resets the month’s words and answers the same for a repeated completion', async () => {
    const userId = await newUser({ wordsUsed: 1_500 });
    const sessionId = await openSession(userId, { kind: 'plan', slug: 'student', period: 'monthly' });
    const first = await completeCheckout(db, { sessionId });
    const second = await completeCheckout(db, { sessionId });
    expect(first).toEqual({ sessionId, userId, productSlug: 'student' });
    expect(second).toEqual(first);
    const rows = await userSubscriptions(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ planSlug: 'student', status: 'active', period: 'monthly', provider: 'local' });
    const words = await userWords(userId);
    expect(words.used).toBe(0);
    expect(words.periodStart?.getTime()).toBe(rows[0]?.startedAt.getTime());
    const days = ((rows[0]?.endsAt?.getTime() ?? 0) - (rows[0]?.startedAt.getTime() ?? 0)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    const plan = await planForUser(db, userId, TRIAL);
    expect(plan).toMatchObject({ slug: 'student', wordsPerMonth: 10_000, tools: 'all' });
  });

  it('adds a pack’s words once however often it completes', async () => {
    const userId = await newUser({ wordsExtra: 100 });
    const sessionId = await openSession(userId, { kind: 'pack', slug: 'words-5000' });
    await Promise.all([completeCheckout(db, { sessionId }), completeCheckout(db, { sessionId })]);
    await completeCheckout(db, { sessionId });
    expect((await userWords(userId)).extra).toBe(5_100);
    expect(await userSubscriptions(userId)).toHaveLength(0);
  });

  it('replaces the plan in force, a trial included, and keeps unspent extra words', async () => {
    const userId = await newUser({ wordsUsed: 2_400, wordsExtra: 1_000 });
    await db.insert(subscriptions).values({
      userId,
      planSlug: 'trial',
      status: 'active',
      provider: 'trial',
      startedAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 86_400_000),
    });
    await completeCheckout(db, {
      sessionId: await openSession(userId, { kind: 'plan', slug: 'student', period: 'monthly' }),
    });
    await completeCheckout(db, {
      sessionId: await openSession(userId, { kind: 'plan', slug: 'pro', period: 'yearly' }),
    });
    const rows = await userSubscriptions(userId);
    expect(rows.map((row) => [row.planSlug, row.status])).toEqual([
      ['trial', 'ended'],
      ['student', 'ended'],
      ['pro', 'active'],
    ]);
    expect((await planForUser(db, userId, TRIAL)).slug).toBe('pro');
    // The trial allowed 5,000 words, so none of the 1,000 extra words were spent.
    expect(await userWords(userId)).toMatchObject({ used: 0, extra: 1_000 });
  });

  it('finds a Stripe session by its external id and records the subscription and period end', async () => {
    const userId = await newUser();
    await openSession(userId, {
      kind: 'plan',
      slug: 'pro',
      period: 'monthly',
      provider: 'stripe',
      externalId: 'cs_test_1',
    });
    const periodEnd = new Date('2031-05-01T00:00:00.000Z');
    const done = await completeCheckout(db, {
      externalSessionId: 'cs_test_1',
      externalSubscriptionId: 'sub_1',
      currentPeriodEnd: periodEnd,
    });
    expect(done?.productSlug).toBe('pro');
    const [row] = await userSubscriptions(userId);
    expect(row).toMatchObject({ provider: 'stripe', externalId: 'sub_1', endsAt: periodEnd });
    expect(await completeCheckout(db, { externalSessionId: 'cs_unknown' })).toBeNull();
    expect(await completeCheckout(db, {})).toBeNull();
  });
});

describe('provider updates', () => {
  async function stripeSubscriber(externalId: string): Promise<string> {
    const userId = await newUser();
    await openSession(userId, {
      kind: 'plan',
      slug: 'student',
      period: 'monthly',
      provider: 'stripe',
      externalId: `cs_${externalId}`,
    });
    await completeCheckout(db, {
      externalSessionId: `cs_${externalId}`,
      externalSubscriptionId: externalId,
      currentPeriodEnd: new Date(Date.now() + 10 * 86_400_000),
    });
    return userId;
  }

  it('a renewal moves the period end; cancel_at_period_end cancels and can be undone', async () => {
    const userId = await stripeSubscriber('sub_renew');
    const next = new Date('2032-01-01T00:00:00.000Z');
    expect(await updateSubscriptionPeriod(db, { externalSubscriptionId: 'sub_renew', currentPeriodEnd: next })).toBe(
      true,
    );
    expect((await userSubscriptions(userId))[0]).toMatchObject({ status: 'active', endsAt: next });
    await updateSubscriptionPeriod(db, {
      externalSubscriptionId: 'sub_renew',
      currentPeriodEnd: next,
      cancelAtPeriodEnd: true,
    });
    expect((await userSubscriptions(userId))[0]?.status).toBe('cancelled');
    await updateSubscriptionPeriod(db, {
      externalSubscriptionId: 'sub_renew',
      currentPeriodEnd: next,
      cancelAtPeriodEnd: false,
    });
    expect((await userSubscriptions(userId))[0]).toMatchObject({ status: 'active', cancelledAt: null });
    expect(await updateSubscriptionPeriod(db, { externalSubscriptionId: 'sub_none', currentPeriodEnd: next })).toBe(
      false,
    );
  });

  it('the provider’s end makes the user free, and a late update does not bring it back', async () => {
    const userId = await stripeSubscriber('sub_end');
    expect(await endSubscriptionByExternalId(db, { externalSubscriptionId: 'sub_end' })).toBe(true);
    expect(await endSubscriptionByExternalId(db, { externalSubscriptionId: 'sub_end' })).toBe(false);
    expect((await planForUser(db, userId, TRIAL)).slug).toBe('free');
    const late = new Date(Date.now() + 40 * 86_400_000);
    expect(await updateSubscriptionPeriod(db, { externalSubscriptionId: 'sub_end', currentPeriodEnd: late })).toBe(
      false,
    );
    expect((await userSubscriptions(userId))[0]?.status).toBe('ended');
  });

  it('records an event id once', async () => {
    const event = { provider: 'stripe' as const, eventId: 'evt_1', type: 'invoice.paid' };
    expect(await recordEventOnce(db, event)).toBe(true);
    expect(await recordEventOnce(db, event)).toBe(false);
  });
});

describe('rollOverWords', () => {
  it('starts a free user’s words again on the first of the next month, extra words spent gone', async () => {
    const userId = await newUser({
      wordsUsed: 2_500,
      wordsExtra: 800,
      wordsPeriodStartedAt: new Date('2025-01-10T12:00:00.000Z'),
    });
    expect(await rollOverWords(db, userId, new Date('2025-01-31T23:00:00.000Z'))).toBe(false);
    expect(await rollOverWords(db, userId, new Date('2025-04-03T00:00:00.000Z'))).toBe(true);
    expect(await userWords(userId)).toEqual({ used: 0, extra: 300, periodStart: new Date('2025-04-01T00:00:00.000Z') });
    expect(await rollOverWords(db, userId, new Date('2025-04-20T00:00:00.000Z'))).toBe(false);
  });

  it('starts a subscriber’s words again on the anniversary', async () => {
    const userId = await newUser();
    const sessionId = await openSession(userId, { kind: 'plan', slug: 'student', period: 'yearly' });
    await completeCheckout(db, { sessionId });
    const [subscription] = await userSubscriptions(userId);
    const started = new Date('2024-01-31T09:00:00.000Z');
    await db
      .update(subscriptions)
      .set({ startedAt: started })
      .where(eq(subscriptions.id, subscription?.id ?? ''));
    await db.update(users).set({ wordsUsed: 9_000, wordsPeriodStartedAt: started }).where(eq(users.id, userId));
    expect(await rollOverWords(db, userId, new Date('2024-02-29T08:00:00.000Z'))).toBe(false);
    expect(await rollOverWords(db, userId, new Date('2024-02-29T10:00:00.000Z'))).toBe(true);
    expect(await userWords(userId)).toMatchObject({ used: 0, periodStart: new Date('2024-02-29T09:00:00.000Z') });
  });

  it('renews a local subscription whose period ran out, and starts its words again on the anniversary', async () => {
    const userId = await newUser();
    const sessionId = await openSession(userId, { kind: 'plan', slug: 'student', period: 'monthly' });
    await completeCheckout(db, { sessionId });
    const [subscription] = await userSubscriptions(userId);
    expect(subscription?.provider).toBe('local');
    const started = new Date('2025-01-15T10:00:00.000Z');
    await db
      .update(subscriptions)
      .set({ startedAt: started, endsAt: new Date('2025-02-15T10:00:00.000Z') })
      .where(eq(subscriptions.id, subscription?.id ?? ''));
    await db.update(users).set({ wordsUsed: 4_000, wordsPeriodStartedAt: started }).where(eq(users.id, userId));
    expect(await rollOverWords(db, userId, new Date('2025-02-15T09:00:00.000Z'))).toBe(false);
    expect(await rollOverWords(db, userId, new Date('2025-03-20T00:00:00.000Z'))).toBe(true);
    expect((await userSubscriptions(userId))[0]?.endsAt).toEqual(new Date('2025-04-15T10:00:00.000Z'));
    expect(await userWords(userId)).toMatchObject({ used: 0, periodStart: new Date('2025-03-15T10:00:00.000Z') });
    expect(await rollOverWords(db, userId, new Date('2025-03-21T00:00:00.000Z'))).toBe(false);
  });
});

describe('planAfterRollOver', () => {
  it('reads the same plan as planForUser, free and subscribed, and leaves words alone when nothing is due', async () => {
    const now = new Date();
    const freeId = await newUser({ wordsUsed: 700, wordsPeriodStartedAt: wordsPeriodStart(null, now) });
    expect(await planAfterRollOver(db, freeId, TRIAL, now)).toEqual(await planForUser(db, freeId, TRIAL));
    expect((await planAfterRollOver(db, freeId, TRIAL, now)).slug).toBe('free');

    const subscriberId = await newUser({ wordsUsed: 900 });
    await completeCheckout(db, { sessionId: await openSession(subscriberId, { kind: 'plan', slug: 'student' }) });
    const plan = await planAfterRollOver(db, subscriberId, TRIAL, now);
    expect(plan).toEqual(await planForUser(db, subscriberId, TRIAL));
    expect(plan).toMatchObject({ slug: 'student', subscription: { userId: subscriberId, status: 'active' } });
    expect((await userWords(freeId)).used).toBe(700);
  });

  it('rolls the words over first when a period has passed', async () => {
    const userId = await newUser({ wordsUsed: 2_500, wordsPeriodStartedAt: new Date('2025-01-10T12:00:00.000Z') });
    const plan = await planAfterRollOver(db, userId, TRIAL, new Date('2025-04-03T00:00:00.000Z'));
    expect(plan.slug).toBe('free');
    expect(await userWords(userId)).toMatchObject({ used: 0, periodStart: new Date('2025-04-01T00:00:00.000Z') });
  });
});
