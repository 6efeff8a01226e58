import { notInArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { planPrices, plans, wordPackPrices, wordPacks } from '../../db/schema';
import { DEFAULT_CATALOGUE } from './plans.defaults';
import { type ParsedPlansFile, PlansFile, readPlansFile } from './plans.file';

/** Some fixed number, so instances starting together sync the catalogue one after another. */
const SYNC_LOCK_KEY = 7_307_100_810;

/**
 * Writes the catalogue (PLANS_FILE when set, else the defaults) into the plans tables at start-up. Plans and
 * packs left out are deactivated, not deleted: subscriptions and sessions may still name them.
 */
export async function syncPlans(db: Database, config: Pick<Config, 'billing' | 'trial'>): Promise<void> {
  const catalogue = config.billing.plansFile
    ? await readPlansFile(config.billing.plansFile)
    : PlansFile.parse(DEFAULT_CATALOGUE);
  // The trial's words are a setting of their own (TRIAL_WORD_LIMIT).
  const plans = catalogue.plans.map((plan) =>
    plan.kind === 'trial' ? { ...plan, words_per_month: config.trial.wordLimit } : plan,
  );
  await writeCatalogue(db, { ...catalogue, plans });
}

async function writeCatalogue(db: Database, catalogue: ParsedPlansFile): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK_KEY})`);
    const planSlugs = catalogue.plans.map((plan) => plan.slug);
    for (const [position, plan] of catalogue.plans.entries()) {
      const values = {
        kind: plan.kind,
        wordsPerMonth: plan.words_per_month,
        tools: plan.tools,
        position,
        active: true,
      };
      await tx
        .insert(plans)
        .values({ slug: plan.slug, ...values })
        .onConflictDoUpdate({ target: plans.slug, set: values });
    }
    await tx.update(plans).set({ active: false }).where(notInArray(plans.slug, planSlugs));
    await tx.delete(planPrices);
    const prices = catalogue.plans.flatMap((plan) =>
      Object.entries(plan.prices ?? {}).flatMap(([currency, price]) => [
        { planSlug: plan.slug, period: 'monthly' as const, currency, amount: price.monthly },
        { planSlug: plan.slug, period: 'yearly' as const, currency, amount: price.yearly },
      ]),
    );
    if (prices.length > 0) await tx.insert(planPrices).values(prices);

    const packSlugs = catalogue.packs.map((pack) => pack.slug);
    for (const [position, pack] of catalogue.packs.entries()) {
      const values = { words: pack.words, position, active: true };
      await tx
        .insert(wordPacks)
        .values({ slug: pack.slug, ...values })
        .onConflictDoUpdate({ target: wordPacks.slug, set: values });
    }
    const retired = packSlugs.length > 0 ? notInArray(wordPacks.slug, packSlugs) : undefined;
    await tx.update(wordPacks).set({ active: false }).where(retired);
    await tx.delete(wordPackPrices);
    const packPrices = catalogue.packs.flatMap((pack) =>
      Object.entries(pack.prices).map(([currency, amount]) => ({ packSlug: pack.slug, currency, amount })),
    );
    if (packPrices.length > 0) await tx.insert(wordPackPrices).values(packPrices);
  });
}
