import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { planPrices, plans, wordPackPrices, wordPacks } from '../../db/schema';
import { createTestDatabase } from '../../test/test-database';
import { syncPlans } from './plans.sync';

let db: Database;
let dispose: () => Promise<void>;
const folder = mkdtempSync(join(tmpdir(), 'quire-plans-'));
const trial = { wordLimit: 5_000, days: 7 };

beforeAll(async () => {
  const opened = await createTestDatabase();
  db = opened.database.db;
  dispose = opened.dispose;
});
afterAll(async () => dispose());

const catalogueRows = async () => ({
  plans: await db.select().from(plans).orderBy(asc(plans.slug)),
  prices: await db
    .select()
    .from(planPrices)
    .orderBy(asc(planPrices.planSlug), asc(planPrices.period), asc(planPrices.currency)),
  packs: await db.select().from(wordPacks).orderBy(asc(wordPacks.slug)),
  packPrices: await db
    .select()
    .from(wordPackPrices)
    .orderBy(asc(wordPackPrices.packSlug), asc(wordPackPrices.currency)),
});

function plansFile(content: unknown): string {
  const path = join(folder, `plans-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('syncPlans', () => {
  it('writes the defaults exactly as migration 0010 seeded them', async () => {
    const seeded = await catalogueRows();
    await syncPlans(db, { billing: { stripe: null, plansFile: null }, trial });
    expect(await catalogueRows()).toEqual(seeded);
    expect(seeded.prices).toHaveLength(8);
  });

  it('replaces the catalogue from PLANS_FILE, retiring what it leaves out, with the trial’s words from its setting', async () => {
    const path = plansFile({
      plans: [
        { slug: 'free', kind: 'free', words_per_month: 1_000, tools: ['proofreading'] },
        {
          slug: 'scholar',
          kind: 'subscription',
          words_per_month: 20_000,
          tools: 'all',
          prices: { EUR: { monthly: 1_500 }, USD: { monthly: 1_600, yearly: 9_000 } },
        },
        { slug: 'trial', kind: 'trial', words_per_month: 1, tools: 'all' },
      ],
      packs: [{ slug: 'words-10000', words: 10_000, prices: { EUR: 899, USD: 999 } }],
    });
    await syncPlans(db, { billing: { stripe: null, plansFile: path }, trial: { wordLimit: 777, days: 3 } });
    const rows = await catalogueRows();
    expect(rows.plans.map((plan) => [plan.slug, plan.active, plan.wordsPerMonth])).toEqual([
      ['free', true, 1_000],
      ['pro', false, 50_000],
      ['scholar', true, 20_000],
      ['student', false, 10_000],
      ['trial', true, 777],
    ]);
    expect(rows.prices.map((price) => [price.currency, price.period, price.amount])).toEqual([
      ['EUR', 'monthly', 1_500],
      ['USD', 'monthly', 1_600],
      ['EUR', 'yearly', 9_000],
      ['USD', 'yearly', 9_000],
    ]);
    expect(rows.packs.map((pack) => [pack.slug, pack.active])).toEqual([
      ['words-10000', true],
      ['words-5000', false],
    ]);
    await syncPlans(db, { billing: { stripe: null, plansFile: null }, trial });
  });

  it('stops the start with a message naming the file when it is not valid', async () => {
    const broken = plansFile('{ not json');
    await expect(syncPlans(db, { billing: { stripe: null, plansFile: broken }, trial })).rejects.toThrow(
      /PLANS_FILE .* JSON/,
    );
    const noFree = plansFile({
      plans: [
        {
          slug: 'pro',
          kind: 'subscription',
          words_per_month: 1,
          tools: 'all',
          prices: { EUR: { monthly: 1 }, USD: { monthly: 1 } },
        },
      ],
    });
    await expect(syncPlans(db, { billing: { stripe: null, plansFile: noFree }, trial })).rejects.toThrow(/free plan/);
    const noDollars = plansFile({
      plans: [
        { slug: 'free', kind: 'free', words_per_month: 1, tools: [] },
        { slug: 'pro', kind: 'subscription', words_per_month: 1, tools: 'all', prices: { EUR: { monthly: 1 } } },
      ],
    });
    await expect(syncPlans(db, { billing: { stripe: null, plansFile: noDollars }, trial })).rejects.toThrow(
      /EUR, USD|USD, EUR/,
    );
    expect((await catalogueRows()).plans.find((plan) => plan.slug === 'pro')?.active).toBe(true);
  });
});
