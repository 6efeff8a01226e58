import { REFERRAL_BONUS_WORDS, REFERRAL_NEW_ACCOUNT_HOURS } from '@quire/contracts';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { BlobStore } from '../../blobs/blob-store';
import type { Database } from '../../db/client';
import { jobs, loginFailures, oidcPayloads, sources, subscriptions, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { hasPaidSubscriptionInForce } from '../billing/plans.service';

/**
 * Deletes an account and everything of it in one transaction (sources, their passages and chats go with
 * the user row), ends its sessions and tokens, then removes its files. Refused with
 * `account_deletion_error` while a subscription is active (spec §4).
 */
export async function deleteAccount({
  db,
  blobs,
  userId,
  logger,
}: {
  db: Database;
  blobs: BlobStore;
  userId: string;
  logger: Pick<Logger, 'warn'>;
}): Promise<void> {
  const blobKeys = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('unauthorized');
    // A paid subscription in force blocks deletion; the free trial does not.
    if (await hasPaidSubscriptionInForce(tx, userId)) throw new AppError('account_deletion_error');
    // Sessions, grants and refresh tokens of the embedded provider: a deleted account is signed out everywhere.
    await tx.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${userId}`);
    await tx.delete(loginFailures).where(eq(loginFailures.key, `account:${user.email}`));
    await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
    await tx.update(users).set({ referredBy: null }).where(eq(users.referredBy, userId));
    const files = await tx.select({ key: sources.blobKey }).from(sources).where(eq(sources.userId, userId));
    // Its documents' jobs: queued ones never start, running ones are stopped by their workers.
    await tx.delete(jobs).where(eq(jobs.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    return files.flatMap((file) => (file.key ? [file.key] : []));
  });
  // Files go after the rows are gone: a failure here leaves an orphan file, never a row without its file.
  for (const key of blobKeys) {
    await blobs
      .remove(key)
      .catch((error: unknown) => logger.warn({ err: error, key }, 'could not remove a deleted account’s file'));
  }
}

/**
 * Records who referred a new account and credits the referrer once. Not for oneself, not twice,
 * not for an account older than a day. Resolves whether words were credited.
 */
export async function setReferrer({
  db,
  userId,
  referralCode,
}: {
  db: Database;
  userId: string;
  referralCode: string;
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [referrer] = await tx.select({ id: users.id }).from(users).where(eq(users.referralCode, referralCode));
    if (!referrer || referrer.id === userId) return false;
    // The conditional update is the once-only guard: of two parallel calls, one finds referred_by set.
    const [claimed] = await tx
      .update(users)
      .set({ referredBy: referrer.id })
      .where(
        and(
          eq(users.id, userId),
          isNull(users.referredBy),
          gt(users.createdAt, sql`now() - make_interval(hours => ${REFERRAL_NEW_ACCOUNT_HOURS})`),
        ),
      )
      .returning({ id: users.id });
    if (!claimed) return false;
    await tx
      .update(users)
      .set({ wordsExtra: sql`${users.wordsExtra} + ${REFERRAL_BONUS_WORDS}` })
      .where(eq(users.id, referrer.id));
    return true;
  });
}

export async function countReferrals(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(eq(users.referredBy, userId));
  return row?.total ?? 0;
}
