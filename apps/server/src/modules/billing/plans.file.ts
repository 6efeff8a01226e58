import { readFile } from 'node:fs/promises';
import { FeatureSlug, LOCALE_INFO, TRIAL_PLAN_SLUG, YEARLY_DISCOUNT } from '@quire/contracts';
import { z } from 'zod';

/** Every currency a locale bills in: a sold plan or pack needs a price in each. */
export const CURRENCIES = [...new Set(Object.values(LOCALE_INFO).map((info) => info.meta.currency))];

const Slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,49}$/);
const Amount = z.number().int().positive();

const PlanPrice = z
  .object({ monthly: Amount, yearly: Amount.optional() })
  .strict()
  .transform((price) => ({
    monthly: price.monthly,
    yearly: price.yearly ?? Math.round(12 * price.monthly * (1 - YEARLY_DISCOUNT)),
  }));

const hasEveryCurrency = (prices: Record<string, unknown> | undefined) =>
  CURRENCIES.every((currency) => prices?.[currency] !== undefined);

const FilePlan = z
  .object({
    slug: Slug,
    kind: z.enum(['free', 'subscription', 'trial']),
    words_per_month: z.number().int().nonnegative(),
    tools: z.union([z.literal('all'), z.array(FeatureSlug)]),
    /** Per currency (ISO 4217, upper case), amounts in minor units; yearly defaults to 12 × monthly with the discount. */
    prices: z.record(z.string().regex(/^[A-Z]{3}$/), PlanPrice).optional(),
  })
  .strict()
  .refine((plan) => plan.kind !== 'subscription' || hasEveryCurrency(plan.prices), {
    message: `a subscription plan needs prices in ${CURRENCIES.join(', ')}`,
  });

const FilePack = z
  .object({
    slug: Slug,
    words: z.number().int().positive(),
    prices: z.record(z.string().regex(/^[A-Z]{3}$/), Amount),
  })
  .strict()
  .refine((pack) => hasEveryCurrency(pack.prices), { message: `a pack needs prices in ${CURRENCIES.join(', ')}` });

/** PLANS_FILE: the plans (in pricing-page order) and extra-word packs that replace the defaults. */
export const PlansFile = z
  .object({ plans: z.array(FilePlan).min(1), packs: z.array(FilePack).default([]) })
  .strict()
  .refine((file) => file.plans.some((plan) => plan.slug === 'free' && plan.kind === 'free'), {
    message: "the plans need the free plan (slug 'free', kind 'free')",
  })
  .refine((file) => file.plans.every((plan) => (plan.slug === TRIAL_PLAN_SLUG) === (plan.kind === 'trial')), {
    message: `only the plan '${TRIAL_PLAN_SLUG}' is of kind 'trial'`,
  })
  .refine((file) => file.plans.every((plan) => (plan.slug === 'free') === (plan.kind === 'free')), {
    message: "only the plan 'free' is of kind 'free'",
  })
  .refine((file) => unique(file.plans.map((plan) => plan.slug)) && unique(file.packs.map((pack) => pack.slug)), {
    message: 'plan and pack slugs must be unique',
  });
export type PlansFile = z.input<typeof PlansFile>;
export type ParsedPlansFile = z.output<typeof PlansFile>;

function unique(values: string[]): boolean {
  return new Set(values).size === values.length;
}

/** Reads and validates PLANS_FILE; a broken file stops the start with a message naming it. */
export async function readPlansFile(path: string): Promise<ParsedPlansFile> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`PLANS_FILE ${path} could not be read as JSON: ${(error as Error).message}`);
  }
  const parsed = PlansFile.safeParse(raw);
  if (!parsed.success) throw new Error(`PLANS_FILE ${path} is not valid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
