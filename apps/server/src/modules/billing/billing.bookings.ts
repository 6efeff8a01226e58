import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingEvents, checkoutSessions, subscriptions, users } from '../../db/schema';
import type { CheckoutSessionRow } from './billing.provider';
import { findPack, findPlan } from './plans.store';
import { enqueueReplacedCancellation } from './replaced-subscriptions';
import { closedPeriodLimit } from './words.store';
import { periodEnd } from './words-period';

/**
 * The one path that grants plans and words (issue 8): the local provider's confirmation and Stripe's webhooks
 * both end here. Every function is idempotent, so a repeated confirmation or a redelivered event changes nothing.
 */

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type CompletedCheckout = { sessionId: string; userId: string; productSlug: string };

/** Marks the session complete and books its plan (replacing the plan in force) or adds its pack's words. Idempotent. */
export async function completeCheckout(
  db: Database,
  options: {
    sessionId?: string;
    externalSessionId?: string;
    externalSubscriptionId?: string | null;
    currentPeriodEnd?: Date | null;
  },
): Promise<CompletedCheckout | null> {
  const where = sessionFilter(options);
  if (!where) return null;
  return db.transaction(async (tx) => {
    // The row lock makes a second completion wait and then see 'complete'.
    const [session] = await tx.select().from(checkoutSessions).where(where).for('update');
    if (!session) return null;
    const completed = { sessionId: session.id, userId: session.userId, productSlug: session.productSlug };
    if (session.status === 'complete') return completed;
    const now = new Date();
    if (session.kind === 'pack') await addPackWords(tx, session);
    else await bookPlan(tx, session, { now, ...options });
    await tx
      .update(checkoutSessions)
      .set({ status: 'complete', completedAt: now })
      .where(eq(checkoutSessions.id, session.id));
    return completed;
  });
}

function sessionFilter({ sessionId, externalSessionId }: { sessionId?: string; externalSessionId?: string }) {
  if (sessionId) return eq(checkoutSessions.id, sessionId);
  if (externalSessionId) return eq(checkoutSessions.externalId, externalSessionId);
  return undefined;
}

async function addPackWords(tx: Transaction, session: CheckoutSessionRow): Promise<void> {
  const pack = await findPack(tx, session.productSlug);
  if (!pack) throw new Error(`Word pack '${session.productSlug}' of checkout session ${session.id} is missing`);
  await tx
    .update(users)
    .set({ wordsExtra: sql`${users.wordsExtra} + ${pack.words}::int` })
    .where(eq(users.id, session.userId));
}

/**
 * Ends whatever subscription is in force (a trial included) and books the session's plan from now; a Stripe
 * subscription it replaces is cancelled at Stripe by a job. The booking starts a new words period: the
 * month's words start again and extra words spent are gone.
 */
async function bookPlan(
  tx: Transaction,
  session: CheckoutSessionRow,
  options: { now: Date; externalSubscriptionId?: string | null; currentPeriodEnd?: Date | null },
): Promise<void> {
  const { now } = options;
  if (!(await findPlan(tx, session.productSlug)))
    throw new Error(`Plan '${session.productSlug}' of checkout session ${session.id} is missing`);
  const period = session.period ?? 'monthly';
  await resetWordsPeriod(tx, session.userId, now);
  const replaced = await tx
    .update(subscriptions)
    .set({ status: 'ended', endsAt: now })
    .where(and(eq(subscriptions.userId, session.userId), inArray(subscriptions.status, ['active', 'cancelled'])))
    .returning({ provider: subscriptions.provider, externalId: subscriptions.externalId });
  for (const { provider, externalId } of replaced) {
    if (provider === 'stripe' && externalId && externalId !== options.externalSubscriptionId)
      await enqueueReplacedCancellation(tx, externalId);
  }
  await tx.insert(subscriptions).values({
    userId: session.userId,
    planSlug: session.productSlug,
    status: 'active',
    startedAt: now,
    endsAt: options.currentPeriodEnd ?? periodEnd(now, period),
    period,
    provider: session.provider,
    externalId: options.externalSubscriptionId ?? null,
  });
}

/** Starts a new words period at `now`, charging the extra words the closing period spent beyond its limit. */
export async function resetWordsPeriod(tx: Transaction, userId: string, now: Date): Promise<void> {
  const [user] = await tx
    .select({ startedAt: users.wordsPeriodStartedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw new Error(`User ${userId} is missing`);
  const limit = await closedPeriodLimit(tx, userId, user.startedAt);
  await tx
    .update(users)
    .set({
      wordsExtra: sql`greatest(${users.wordsExtra} - greatest(${users.wordsUsed} - ${limit}::int, 0), 0)`,
      wordsUsed: 0,
      wordsPeriodStartedAt: now,
    })
    .where(eq(users.id, userId));
}

/** A paid renewal or a change the provider reports (Stripe invoice.paid / customer.subscription.updated). */
export async function updateSubscriptionPeriod(
  db: Database,
  {
    externalSubscriptionId,
    currentPeriodEnd,
    cancelAtPeriodEnd,
  }: { externalSubscriptionId: string; currentPeriodEnd: Date; cancelAtPeriodEnd?: boolean },
): Promise<boolean> {
  const cancellation =
    cancelAtPeriodEnd === undefined
      ? {}
      : cancelAtPeriodEnd
        ? { status: 'cancelled' as const, cancelledAt: sql`coalesce(${subscriptions.cancelledAt}, now())` }
        : { status: 'active' as const, cancelledAt: null };
  // An ended subscription stays ended: a late event must not bring it back.
  const updated = await db
    .update(subscriptions)
    .set({ endsAt: currentPeriodEnd, ...cancellation })
    .where(
      and(eq(subscriptions.externalId, externalSubscriptionId), inArray(subscriptions.status, ['active', 'cancelled'])),
    )
    .returning({ id: subscriptions.id });
  return updated.length > 0;
}

/** The provider ended it (customer.subscription.deleted): status ended, the user falls back to free. */
export async function endSubscriptionByExternalId(
  db: Database,
  { externalSubscriptionId }: { externalSubscriptionId: string },
): Promise<boolean> {
  const ended = await db
    .update(subscriptions)
    .set({ status: 'ended', endsAt: sql`least(coalesce(${subscriptions.endsAt}, now()), now())` })
    .where(
      and(eq(subscriptions.externalId, externalSubscriptionId), inArray(subscriptions.status, ['active', 'cancelled'])),
    )
    .returning({ id: subscriptions.id });
  return ended.length > 0;
}

/**
 * True the first time an event id is seen, false after (webhook idempotency). Record an event after handling
 * it succeeded: the handlers above are idempotent on their own, and a failed handling must stay retryable.
 */
export async function recordEventOnce(
  db: Database,
  { provider, eventId, type }: { provider: 'stripe'; eventId: string; type: string },
): Promise<boolean> {
  const inserted = await db
    .insert(billingEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: billingEvents.eventId });
  return inserted.length > 0;
}
