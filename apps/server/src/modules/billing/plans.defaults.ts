import { FREE_PLAN_WORD_LIMIT, TRIAL_PLAN_SLUG, YEARLY_DISCOUNT } from '@quire/contracts';
import type { PlansFile } from './plans.file';

/** A monthly price in minor units and its yearly price, 12 months with the yearly discount. */
function monthlyAndYearly(monthly: number): { monthly: number; yearly: number } {
  return { monthly, yearly: Math.round(12 * monthly * (1 - YEARLY_DISCOUNT)) };
}

const STUDENT_PRICE = monthlyAndYearly(999);
const PRO_PRICE = monthlyAndYearly(1999);

/**
 * The catalogue without PLANS_FILE (issue 8 defaults). Migration 0010 seeds the same rows, so a database is
 * never without plans; a test keeps the two equal.
 */
export const DEFAULT_CATALOGUE: PlansFile = {
  plans: [
    {
      slug: 'free',
      kind: 'free',
      words_per_month: FREE_PLAN_WORD_LIMIT,
      tools: ['summarize', 'proofreading', 'find-topic', 'find-sources', 'source-qa'],
    },
    {
      slug: 'student',
      kind: 'subscription',
      words_per_month: 10_000,
      tools: 'all',
      prices: { EUR: STUDENT_PRICE, USD: STUDENT_PRICE },
    },
    {
      slug: 'pro',
      kind: 'subscription',
      words_per_month: 50_000,
      tools: 'all',
      prices: { EUR: PRO_PRICE, USD: PRO_PRICE },
    },
    // The trial's words come from TRIAL_WORD_LIMIT; the row records what it may use.
    { slug: TRIAL_PLAN_SLUG, kind: 'trial', words_per_month: 5_000, tools: 'all' },
  ],
  packs: [{ slug: 'words-5000', words: 5_000, prices: { EUR: 499, USD: 499 } }],
};
