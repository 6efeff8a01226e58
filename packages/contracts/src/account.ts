import { z } from 'zod';
import {
  AuthConfig,
  ReferralInfo,
  SetReferrerRequest,
  SetReferrerResponse,
  TrialTerms,
  UpdateProfileRequest,
} from './auth';
import { SURVEY_RATING_MAX } from './constants';
import { defineEndpoint } from './endpoint';
import { STUDY_CATEGORIES } from './features';

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
  /** What the user studies Quire for (STUDY_CATEGORIES); null until chosen on first login. */
  study_categories: z.array(z.string()).nullable(),
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
  rating: z.number().int().min(1).max(SURVEY_RATING_MAX),
  comment: z.string().trim().max(2_000).optional(),
});
export type Survey = z.infer<typeof Survey>;

/** Placeholder e-mail the error page sends when nobody is logged in (spec §2). */
export const NO_USER_EMAIL = 'nouser';

/**
 * Spec §3 contact message. A message needs a body; a survey answer (spec §3 survey)
 * needs a rating, and its body is the optional comment.
 */
export const ContactMessageRequest = z
  .object({
    type: z.enum(['message', 'survey']).default('message'),
    body: z.string().trim().max(5_000).default(''),
    email: z.union([z.email().max(320), z.literal(NO_USER_EMAIL)]),
    subject: z.string().trim().max(200).optional(),
    rating: z.number().int().min(1).max(SURVEY_RATING_MAX).optional(),
  })
  .superRefine((message, context) => {
    if (message.type === 'message' && !message.body) {
      context.addIssue({ code: 'custom', path: ['body'], params: { key: 'required' } });
    }
    if (message.type === 'survey' && message.rating === undefined) {
      context.addIssue({ code: 'custom', path: ['rating'], params: { key: 'required' } });
    }
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
    params: { key: 'required' },
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

/** Feedback from the footer's dialog: a message and, if the user likes, a rating. */
export const FeedbackRequest = z.object({
  body: z.string().trim().min(1).max(2_000),
  rating: z.number().int().min(1).max(SURVEY_RATING_MAX).optional(),
  /** The page the dialog was opened on, without query string. */
  path: z
    .string()
    .max(300)
    .regex(/^\/[^?#\s]*$/)
    .optional(),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;

export const FeedbackResponse = z.object({ id: z.string(), created_at: z.iso.datetime({ offset: true }) });
export type FeedbackResponse = z.infer<typeof FeedbackResponse>;

/** Why a generated result is reported (the report dialog's choices). */
export const REPORT_REASONS = [
  'factually_wrong',
  'wrong_citations',
  'offensive',
  'off_topic',
  'poor_language',
  'other',
] as const;
export const ReportReason = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof ReportReason>;

/** A "report a result" for one of the user's own results; 'other' needs a comment. */
export const ReportResultRequest = z
  .object({
    result_id: z.uuid(),
    reason: ReportReason,
    comment: z.string().trim().max(2_000).optional(),
  })
  .refine((report) => report.reason !== 'other' || Boolean(report.comment), {
    path: ['comment'],
    params: { key: 'required' },
  });
export type ReportResultRequest = z.infer<typeof ReportResultRequest>;

export const ReportResultResponse = z.object({ id: z.string(), created_at: z.iso.datetime({ offset: true }) });
export type ReportResultResponse = z.infer<typeof ReportResultResponse>;

/**
 * The user's study categories (and so their first favourites).
 * Here rather than beside STUDY_CATEGORIES: features.ts is on the landing route, and a schema with a method
 * call (`.max`) there would pull zod into its bundle.
 */
export const StudyCategoriesRequest = z.object({
  categories: z.array(z.enum(STUDY_CATEGORIES)).max(STUDY_CATEGORIES.length),
});
export type StudyCategoriesRequest = z.infer<typeof StudyCategoriesRequest>;

export const contactEndpoints = {
  /** Open to visitors too: the error page sends 'nouser' as the address. Messages and survey answers alike. */
  send: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/contact/',
    body: ContactMessageRequest,
    response: ContactMessageResponse,
    status: 201,
  }),
};

export const feedbackEndpoints = {
  /** The feedback dialog. */
  send: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/feedback',
    body: FeedbackRequest,
    response: FeedbackResponse,
    status: 201,
  }),
  /** "Report a result". */
  report: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/reports',
    body: ReportResultRequest,
    response: ReportResultResponse,
    status: 201,
  }),
};

/** Sign-in configuration for the web app, the signed-in user's profile and its changes. */
export const accountsEndpoints = {
  /** Also during maintenance. */
  authConfig: defineEndpoint({ method: 'GET', service: 'api', path: '/auth/config', response: AuthConfig }),
  /** The signed-in user's profile, words and subscription. */
  profile: defineEndpoint({ method: 'GET', service: 'api', path: '/auth/user/customer', response: Profile }),
  /** How many days and words the 'Pro' trial gives; public. */
  trialTerms: defineEndpoint({ method: 'GET', service: 'api', path: '/auth/trial', response: TrialTerms }),
  /** Starts the trial: the profile on the trial plan. */
  startTrial: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/auth/user/trial',
    response: Profile,
    status: 201,
    errors: ['trial_unavailable'],
  }),
  /** A new name or e-mail; answers the whole profile. */
  updateProfile: defineEndpoint({
    method: 'PATCH',
    service: 'api',
    path: '/auth/user',
    body: UpdateProfileRequest,
    response: Profile,
  }),
  /** The first-login question; answers the whole profile. */
  studyCategories: defineEndpoint({
    method: 'PUT',
    service: 'api',
    path: '/auth/user/study_categories',
    body: StudyCategoriesRequest,
    response: Profile,
  }),
  /** Deletes the account and ends its sessions; 409 while a subscription is in force. */
  deleteAccount: defineEndpoint({
    method: 'DELETE',
    service: 'api',
    path: '/auth/user',
    response: 'empty',
    status: 204,
    errors: ['account_deletion_error'],
  }),
  /** The user's own referral link and how many signed up through it. */
  referral: defineEndpoint({ method: 'GET', service: 'api', path: '/auth/user/referral', response: ReferralInfo }),
  setReferrer: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/auth/user/set_referrer',
    body: SetReferrerRequest,
    response: SetReferrerResponse,
  }),
};
