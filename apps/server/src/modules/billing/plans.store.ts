import { TRIAL_PLAN_SLUG } from '@quire/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type PlanTools, planPrices, plans, wordPackPrices, wordPacks } from '../../db/schema';
import { findCurrentSubscription, type SubscriptionRow } from './subscriptions.store';

export type PlanRow = typeof plans.$inferSelect;
export type WordPackRow = typeof wordPacks.$inferSelect;
export type PlanPriceRow = typeof planPrices.$inferSelect;

/** The plan a user works under now, with the subscription that gives it (null on free). */
export type UserPlan = {
  slug: string;
  kind: PlanRow['kind'];
  wordsPerMonth: number;
  tools: PlanTools;
  subscription: SubscriptionRow | null;
};

/** Enough of a database or a transaction to read. */
type Reader = Pick<Database, 'select'>;

export async function findPlan(db: Reader, slug: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.slug, slug));
  return row;
}

/** The plans on sale or free, in pricing-page order (the trial is not listed). */
export async function listActivePlans(db: Reader): Promise<PlanRow[]> {
  const rows = await db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.position));
  return rows.filter((row) => row.kind !== 'trial');
}

export async function listPlanPrices(db: Reader, currency: string): Promise<PlanPriceRow[]> {
  return db.select().from(planPrices).where(eq(planPrices.currency, currency));
}

export async function findPlanPrice(
  db: Reader,
  { planSlug, period, currency }: { planSlug: string; period: 'monthly' | 'yearly'; currency: string },
): Promise<number | undefined> {
  const [row] = await db
    .select({ amount: planPrices.amount })
    .from(planPrices)
    .where(and(eq(planPrices.planSlug, planSlug), eq(planPrices.period, period), eq(planPrices.currency, currency)));
  return row?.amount;
}

export async function listActivePacks(db: Reader, currency: string) {
  return db
    .select({ slug: wordPacks.slug, words: wordPacks.words, amount: wordPackPrices.amount })
    .from(wordPacks)
    .innerJoin(wordPackPrices, and(eq(wordPackPrices.packSlug, wordPacks.slug), eq(wordPackPrices.currency, currency)))
    .where(eq(wordPacks.active, true))
    .orderBy(asc(wordPacks.position));
}

export async function findPack(db: Reader, slug: string): Promise<WordPackRow | undefined> {
  const [row] = await db.select().from(wordPacks).where(eq(wordPacks.slug, slug));
  return row;
}

/** The monthly words of a plan row; the trial's come from configuration (TRIAL_WORD_LIMIT). */
export function planWords(plan: Pick<PlanRow, 'slug' | 'wordsPerMonth'>, config: Pick<Config, 'trial'>): number {
  return plan.slug === TRIAL_PLAN_SLUG ? config.trial.wordLimit : plan.wordsPerMonth;
}

/** The plan in force for a user: the subscription in force, else free; with its monthly words and tools. */
export async function planForUser(db: Database, userId: string, config: Pick<Config, 'trial'>): Promise<UserPlan> {
  const subscription = (await findCurrentSubscription(db, userId)) ?? null;
  const slug = subscription?.planSlug ?? 'free';
  const plan = await findPlan(db, slug);
  // Plans are only ever deactivated, never deleted, so a subscription always finds its plan.
  if (!plan) throw new Error(`Plan '${slug}' is missing from the plans table`);
  return userPlanOf(plan, subscription, config);
}

export function userPlanOf(
  plan: PlanRow,
  subscription: SubscriptionRow | null,
  config: Pick<Config, 'trial'>,
): UserPlan {
  return { slug: plan.slug, kind: plan.kind, wordsPerMonth: planWords(plan, config), tools: plan.tools, subscription };
}
