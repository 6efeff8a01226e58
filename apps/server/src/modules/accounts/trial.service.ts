import { TRIAL_PLAN_SLUG } from '@quire/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { subscriptions, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { resetWordsPeriod } from '../billing/billing.bookings';

/** Starts the 'Pro' trial of the try flow: once per account, for TRIAL_DAYS, with TRIAL_WORD_LIMIT words from now. */
export async function startTrial({
  db,
  userId,
  trial,
}: {
  db: Database;
  userId: string;
  trial: Config['trial'];
}): Promise<void> {
  await db.transaction(async (tx) => {
    // Locking the account makes two parallel activations take turns, so only one trial is booked.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('unauthorized');
    const [earlier] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    if (earlier) throw new AppError('trial_unavailable');
    // Like every booking, the trial starts a words period of its own.
    const now = new Date();
    await resetWordsPeriod(tx, userId, now);
    await tx.insert(subscriptions).values({
      userId,
      planSlug: TRIAL_PLAN_SLUG,
      status: 'active',
      provider: 'trial',
      startedAt: now,
      endsAt: sql`${now.toISOString()}::timestamptz + make_interval(days => ${trial.days})`,
    });
  });
}
