import { FREE_PLAN_WORD_LIMIT, TRIAL_PLAN_SLUG } from '@quire/contracts';
import type { Config } from '../../config';

/**
 * Monthly word limits by plan. The billing issue moves plans into the database; until then these are
 * its documented defaults, and the trial's limit comes from configuration.
 */
const PAID_PLAN_WORD_LIMITS: Record<string, number> = { student: 10_000, pro: 50_000 };

export function planWordLimit(slug: string, config: Pick<Config, 'trial'>): number {
  if (slug === TRIAL_PLAN_SLUG) return config.trial.wordLimit;
  return PAID_PLAN_WORD_LIMITS[slug] ?? FREE_PLAN_WORD_LIMIT;
}
