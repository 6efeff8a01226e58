import { and, desc, eq, gt, inArray, isNull, lte, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { plans, subscriptions, users } from '../../db/schema';
import { planForUser, type UserPlan, userPlanOf } from './plans.store';
import { currentSubscriptionId, type SubscriptionRow } from './subscriptions.store';
import { addMonthsClamped, wordsPeriodStart } from './words-period';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Pick<Database, 'select'>;
/** A user's id or a moment, or a placeholder for one in a prepared query. */
type UserIdValue = string | SQLWrapper;
type MomentValue = Date | SQLWrapper;

/**
 * The monthly words of the plan that was in force at `at` (the start of the period being closed), so the
 * extra words spent beyond it can be charged when the period closes. Free when no subscription was.
 */
export async function closedPeriodLimit(db: Reader, userId: string, at: Date): Promise<number> {
  const [row] = await db
    .select({ words: plans.wordsPerMonth })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.slug, subscriptions.planSlug))
    .where(
      and(
        eq(subscriptions.userId, userId),
        lte(subscriptions.startedAt, at),
        or(isNull(subscriptions.endsAt), gt(subscriptions.endsAt, at)),
      ),
    )
    .orderBy(desc(subscriptions.startedAt))
    .limit(1);
  if (row) return row.words;
  const [free] = await db.select({ words: plans.wordsPerMonth }).from(plans).where(eq(plans.slug, 'free'));
  if (!free) throw new Error('The free plan is missing from the plans table');
  return free.words;
}

/** A subscription of the user's in force at `now`: active, or cancelled before its end. */
function inForceAt(userId: UserIdValue, now: MomentValue) {
  return and(
    eq(subscriptions.userId, userId),
    inArray(subscriptions.status, ['active', 'cancelled']),
    or(and(eq(subscriptions.status, 'active'), isNull(subscriptions.endsAt)), gt(subscriptions.endsAt, now)),
  );
}

/** An active subscription of the user's with the local provider whose period ran out by `now`. */
function lapsedLocalAt(userId: UserIdValue, now: MomentValue) {
  return and(
    eq(subscriptions.userId, userId),
    eq(subscriptions.status, 'active'),
    eq(subscriptions.provider, 'local'),
    lte(subscriptions.endsAt, now),
  );
}

/** The user's subscription in force at `now` (active or cancelled, before its end), if any. */
export async function subscriptionInForceAt(db: Reader, userId: string, now: Date): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(inForceAt(userId, now))
    .orderBy(desc(subscriptions.startedAt))
    .limit(1);
  return row ?? null;
}

/**
 * The local provider takes no payments, so its active subscriptions renew on their own: a period that has
 * run out moves on to the one containing `now`, counted from the start so the anniversary day holds.
 */
async function renewLocalSubscription(tx: Transaction, userId: string, now: Date): Promise<void> {
  const [lapsed] = await tx
    .select()
    .from(subscriptions)
    .where(lapsedLocalAt(userId, now))
    .orderBy(desc(subscriptions.startedAt))
    .limit(1);
  if (!lapsed?.endsAt) return;
  const months = lapsed.period === 'yearly' ? 12 : 1;
  let periods = 1;
  while (addMonthsClamped(lapsed.startedAt, periods * months) <= now) periods += 1;
  await tx
    .update(subscriptions)
    .set({ endsAt: addMonthsClamped(lapsed.startedAt, periods * months) })
    .where(eq(subscriptions.id, lapsed.id));
}

/**
 * Starts the month's words again when the user's words period has passed (the subscription's anniversary;
 * free: the first of the month), however many months went by. Extra words spent beyond the closed period's
 * limit are gone; the rest carry over. Returns whether it reset.
 */
export async function rollOverWords(db: Database, userId: string, now: Date = new Date()): Promise<boolean> {
  // Every run and question starts here, and nearly always nothing is due: that is read in one statement,
  // without the transaction and the row lock, which queue parallel requests behind each other.
  if (!(await rollOverDue(db, userId, now))) return false;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ startedAt: users.wordsPeriodStartedAt, wordsUsed: users.wordsUsed, wordsExtra: users.wordsExtra })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return false;
    await renewLocalSubscription(tx, userId, now);
    const subscription = await subscriptionInForceAt(tx, userId, now);
    const periodStart = wordsPeriodStart(subscription?.startedAt ?? null, now);
    if (periodStart <= user.startedAt) return false;
    const limit = await closedPeriodLimit(tx, userId, user.startedAt);
    await tx
      .update(users)
      .set({
        wordsUsed: 0,
        wordsExtra: Math.max(user.wordsExtra - Math.max(user.wordsUsed - limit, 0), 0),
        wordsPeriodStartedAt: periodStart,
      })
      .where(eq(users.id, userId));
    return true;
  });
}

/**
 * Whether rolling over would change anything at `now`: a local subscription's period to renew, or a words
 * period that has passed. Read together, the same conditions the transaction above reads one by one.
 */
async function rollOverDue(db: Reader, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ startedAt: users.wordsPeriodStartedAt, ...rollOverSigns(db, userId, now) })
    .from(users)
    .where(eq(users.id, userId));
  return row ? isRollOverDue(row, now) : false;
}

/** What rolling over depends on besides the user's words period start, as columns of a select. */
function rollOverSigns(db: Reader, userId: UserIdValue, now: MomentValue) {
  return {
    lapsedLocal: sql<boolean>`exists (${db.select({ id: subscriptions.id }).from(subscriptions).where(lapsedLocalAt(userId, now))})`,
    anchor: sql`(${db
      .select({ startedAt: subscriptions.startedAt })
      .from(subscriptions)
      .where(inForceAt(userId, now))
      .orderBy(desc(subscriptions.startedAt))
      .limit(1)})`.mapWith(subscriptions.startedAt),
  };
}

function isRollOverDue(
  { startedAt, lapsedLocal, anchor }: { startedAt: Date; lapsedLocal: boolean; anchor: Date | null },
  now: Date,
): boolean {
  return lapsedLocal || wordsPeriodStart(anchor ?? null, now) > startedAt;
}

/** The user's plan and subscription, their words period's start and whether a roll-over is due, in one read. */
const planWithRollOverSigns = preparedPerDatabase((db) => {
  const userId = sql.placeholder('userId');
  const now = sql.placeholder('now');
  return db
    .select({
      plan: plans,
      subscription: subscriptions,
      startedAt:
        sql`(${db.select({ startedAt: users.wordsPeriodStartedAt }).from(users).where(eq(users.id, userId))})`.mapWith(
          users.wordsPeriodStartedAt,
        ),
      ...rollOverSigns(db, userId, now),
    })
    .from(plans)
    .leftJoin(subscriptions, eq(subscriptions.id, currentSubscriptionId(db, userId)))
    .where(eq(plans.slug, sql`coalesce(${subscriptions.planSlug}, 'free')`))
    .prepare('plan_with_roll_over_signs');
});

/**
 * The plan in force for the user once their words are rolled over (`rollOverWords`, then `planForUser`):
 * every run, question and deck starts here. Whether a roll-over is due and the plan are read in one
 * statement; only a roll-over that is due takes more.
 */
export async function planAfterRollOver(
  db: Database,
  userId: string,
  config: Pick<Config, 'trial'>,
  now: Date = new Date(),
): Promise<UserPlan> {
  const [row] = await planWithRollOverSigns(db).execute({ userId, now: now.toISOString() });
  // No row: the subscription's plan is missing, which planForUser reports.
  if (!row) return planForUser(db, userId, config);
  if (row.startedAt && isRollOverDue({ ...row, startedAt: row.startedAt }, now)) {
    await rollOverWords(db, userId, now);
    return planForUser(db, userId, config);
  }
  return userPlanOf(row.plan, row.subscription, config);
}
