import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/ids';
import { checkoutSessions, users } from '../../db/schema';
import type { CheckoutSessionRow } from './billing.provider';

export type NewCheckoutSession = Pick<
  CheckoutSessionRow,
  'userId' | 'provider' | 'kind' | 'productSlug' | 'period' | 'currency' | 'amount'
>;

export async function insertCheckoutSession(db: Database, values: NewCheckoutSession): Promise<CheckoutSessionRow> {
  const [row] = await db.insert(checkoutSessions).values(values).returning();
  if (!row) throw new Error('The checkout session was not stored');
  return row;
}

/** The session, only when it belongs to this user. */
export async function findOwnCheckoutSession(
  db: Database,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<CheckoutSessionRow | undefined> {
  if (!isUuid(sessionId)) return undefined;
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  return row?.userId === userId ? row : undefined;
}

/** Records what the provider answered: its session id, and the Stripe customer the first time. */
export async function recordCheckoutStarted(
  db: Database,
  {
    session,
    externalId,
    stripeCustomerId,
  }: { session: CheckoutSessionRow; externalId: string | null; stripeCustomerId?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (externalId) await tx.update(checkoutSessions).set({ externalId }).where(eq(checkoutSessions.id, session.id));
    // The customer is created once and reused: an id the user already has stays.
    if (stripeCustomerId)
      await tx
        .update(users)
        .set({ stripeCustomerId })
        .where(and(eq(users.id, session.userId), isNull(users.stripeCustomerId)));
  });
}

export async function expireCheckoutSession(db: Database, sessionId: string): Promise<void> {
  await db.update(checkoutSessions).set({ status: 'expired' }).where(eq(checkoutSessions.id, sessionId));
}
