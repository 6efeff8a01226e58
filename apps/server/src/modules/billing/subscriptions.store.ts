import { TRIAL_PLAN_SLUG } from '@quire/contracts';
import { and, desc, eq, gt, inArray, isNull, ne, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subscriptions } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A subscription still in force: active, or cancelled but not yet at its end. */
const inForce = or(
  and(eq(subscriptions.status, 'active'), or(isNull(subscriptions.endsAt), gt(subscriptions.endsAt, sql`now()`))),
  and(eq(subscriptions.status, 'cancelled'), gt(subscriptions.endsAt, sql`now()`)),
);

/** The user's subscription in force now, if any: the one started last. */
export async function findCurrentSubscription(db: Database, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(currentSubscriptionOf(userId))
    .orderBy(desc(subscriptions.startedAt))
    .limit(1);
  return row;
}

/** Whether the user has a paid subscription in force; the free trial does not count. */
export async function hasPaidSubscriptionInForce(db: Database, userId: string): Promise<boolean> {
  const [active] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.planSlug, TRIAL_PLAN_SLUG), inForce));
  return active !== undefined;
}

/** The id of `findCurrentSubscription`'s row, as a subquery for reading it with other things. */
export function currentSubscriptionId(db: Database, userId: string | SQLWrapper) {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(currentSubscriptionOf(userId))
    .orderBy(desc(subscriptions.startedAt))
    .limit(1);
}

function currentSubscriptionOf(userId: string | SQLWrapper) {
  return and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'cancelled']), inForce);
}
