import { z } from 'zod';

export const SubscriptionSummary = z.object({
  slug: z.string(),
  started_at: z.iso.datetime({ offset: true }).nullable(),
  ends_at: z.iso.datetime({ offset: true }).nullable(),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummary>;

/** Spec §3 user/profile; subscription slug is "free" when absent. */
export const Profile = z.object({
  id: z.string(),
  name: z.string(),
  email: z.email(),
  created_at: z.iso.datetime({ offset: true }),
  subscription: SubscriptionSummary,
  words_used: z.number().int().nonnegative(),
  words_limit: z.number().int().nonnegative(),
  words_extra: z.number().int().nonnegative(),
});
export type Profile = z.infer<typeof Profile>;

/** Spec §3 consent: required is always true; functional exists too. */
export const Consent = z.object({
  required: z.literal(true),
  functional: z.boolean(),
  analytics: z.boolean(),
  marketing: z.boolean(),
});
export type Consent = z.infer<typeof Consent>;

export const Survey = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().trim().max(2_000).optional(),
});
export type Survey = z.infer<typeof Survey>;

/** Placeholder e-mail the error page sends when nobody is logged in (spec §2). */
export const NO_USER_EMAIL = 'nouser';

/** Spec §3 contact message (POST /api/contact/). */
export const ContactMessageRequest = z.object({
  type: z.enum(['message', 'survey']).default('message'),
  body: z.string().trim().min(1).max(5_000),
  email: z.union([z.email().max(320), z.literal(NO_USER_EMAIL)]),
  subject: z.string().trim().max(200).optional(),
});
export type ContactMessageRequest = z.infer<typeof ContactMessageRequest>;
export type ContactMessageInput = z.input<typeof ContactMessageRequest>;

export const ContactMessageResponse = z.object({ id: z.string(), created_at: z.iso.datetime({ offset: true }) });
export type ContactMessageResponse = z.infer<typeof ContactMessageResponse>;

export const CANCELLATION_REASONS = [
  'work_completed',
  'unsatisfied_with_product',
  'price_performance_issue',
  'technical_issues',
  'found_other_provider',
  'unaware_of_subscription',
  'other',
] as const;
export const CancellationReason = z.enum(CANCELLATION_REASONS);
export type CancellationReason = z.infer<typeof CancellationReason>;

export const CancelSubscriptionRequest = z
  .object({ reason: CancellationReason, comment: z.string().trim().max(2_000).optional() })
  .refine((request) => request.reason !== 'other' || Boolean(request.comment), {
    path: ['comment'],
    message: 'required',
  });
export type CancelSubscriptionRequest = z.infer<typeof CancelSubscriptionRequest>;

export const PricingPeriod = z.enum(['monthly', 'yearly']);
export type PricingPeriod = z.infer<typeof PricingPeriod>;

/** Spec §4 word-limit states; "nearly used up" from 80% on. */
export const WordLimitState = z.enum(['available', 'nearly_used_up', 'reached']);
export type WordLimitState = z.infer<typeof WordLimitState>;
export const NEARLY_USED_UP_SHARE = 0.8;

export function wordLimitState(used: number, limit: number, extra: number): WordLimitState {
  const maximum = limit + extra;
  if (used >= maximum) return 'reached';
  return used >= maximum * NEARLY_USED_UP_SHARE ? 'nearly_used_up' : 'available';
}
