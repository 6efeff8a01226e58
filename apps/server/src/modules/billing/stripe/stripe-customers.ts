import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema';

type Buyer = { id: string; email: string; stripeCustomerId: string | null };

/**
 * The buyer's Stripe customer, created once and reused: the id stored on the user, else a customer
 * Stripe already has for the e-mail (and no other Quire user), else a new one. The id is stored on the user.
 */
export async function ensureStripeCustomer(stripe: Stripe, db: Database, buyer: Buyer): Promise<string> {
  if (buyer.stripeCustomerId) return buyer.stripeCustomerId;
  const found = await stripe.customers.list({ email: buyer.email, limit: 10 });
  const existing = found.data.find((customer) => [undefined, buyer.id].includes(customer.metadata.quire_user_id));
  const customerId =
    existing?.id ??
    (
      await stripe.customers.create(
        { email: buyer.email, metadata: { quire_user_id: buyer.id } },
        // Two checkouts started at once create one customer, not two.
        { idempotencyKey: `quire-customer-${buyer.id}-${buyer.email}` },
      )
    ).id;
  await db
    .update(users)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(users.id, buyer.id), isNull(users.stripeCustomerId)));
  const [stored] = await db
    .select({ stripeCustomerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, buyer.id));
  return stored?.stripeCustomerId ?? customerId;
}
