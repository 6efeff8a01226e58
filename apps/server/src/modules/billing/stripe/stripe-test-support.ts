import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { checkoutSessions, users } from '../../../db/schema';
import type { CheckoutSessionRow, CheckoutStart } from '../billing.provider';

/** A user with an e-mail of their own, as the tests buy for. */
export async function insertUser(db: Database, email = `buyer-${crypto.randomUUID()}@example.org`) {
  const [user] = await db.insert(users).values({ email, name: 'Buyer' }).returning();
  if (!user) throw new Error('user not inserted');
  return user;
}

/** An open Stripe checkout session row, as the billing routes create it before calling the provider. */
export async function insertCheckoutSession(
  db: Database,
  userId: string,
  product: { kind: 'plan'; slug: string; period: 'monthly' | 'yearly' } | { kind: 'pack'; slug: string },
  price = { currency: 'EUR', amount: 990 },
): Promise<CheckoutSessionRow> {
  const [session] = await db
    .insert(checkoutSessions)
    .values({
      userId,
      provider: 'stripe',
      kind: product.kind,
      productSlug: product.slug,
      period: product.kind === 'plan' ? product.period : null,
      ...price,
    })
    .returning();
  if (!session) throw new Error('checkout session not inserted');
  return session;
}

/** What the billing routes hand the provider for `session`, with the user as stored now. */
export async function checkoutStart(db: Database, session: CheckoutSessionRow, productName = 'Student, monthly') {
  const [user] = await db.select().from(users).where(eq(users.id, session.userId));
  if (!user) throw new Error('user missing');
  return {
    session,
    user: { id: user.id, email: user.email, stripeCustomerId: user.stripeCustomerId },
    productName,
    successUrl: `https://quire.test/checkout_success?session=${session.id}`,
    cancelUrl: 'https://quire.test/pricing?checkout=cancelled',
    locale: 'de',
  } satisfies CheckoutStart;
}
