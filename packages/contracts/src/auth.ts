import { z } from 'zod';

/** The embedded identity provider's client for the web app (a public client: PKCE, no secret). */
export const WEB_CLIENT_ID = 'quire-web';
export const OIDC_SCOPE = 'openid profile email';

/** Where the web app signs in: the identity provider, its client and scope. Public. */
export const AuthConfig = z.object({
  issuer: z.url(),
  client_id: z.string(),
  scope: z.string(),
  /** The audience the API expects, sent as `resource` so the issuer mints a JWT access token for it. */
  resource: z.string().nullable(),
});
export type AuthConfig = z.infer<typeof AuthConfig>;

/** A change of the profile's name or e-mail. */
export const UpdateProfileRequest = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    email: z.email().max(320).optional(),
  })
  .refine((request) => request.name !== undefined || request.email !== undefined, {
    path: ['name'],
    message: 'required',
  });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/** Password rules of the embedded provider's sign-up form. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/** A new password, by the rules above; one schema for sign-up and reset. */
export const Password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/** The embedded provider's sign-up form. */
export const SignUpRequest = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.email().max(320),
  password: Password,
});
export type SignUpRequest = z.infer<typeof SignUpRequest>;

export const SignInRequest = z.object({
  email: z.email().max(320),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

/** The code from the referral link a new user arrived through. */
export const SetReferrerRequest = z.object({ referrer: z.string().trim().min(1).max(64) });
export type SetReferrerRequest = z.infer<typeof SetReferrerRequest>;
export const SetReferrerResponse = z.object({ credited: z.boolean() });
export type SetReferrerResponse = z.infer<typeof SetReferrerResponse>;

/** The user's own referral link and how many it brought. */
export const ReferralInfo = z.object({
  code: z.string(),
  link: z.url(),
  referred_count: z.number().int().nonnegative(),
});
export type ReferralInfo = z.infer<typeof ReferralInfo>;

/** A referral counts only for an account this new (spec §1: "for each new sign-up"). */
export const REFERRAL_NEW_ACCOUNT_HOURS = 24;
/** The query parameter of a referral link: `/?ref=<code>`. */
export const REFERRAL_QUERY_PARAM = 'ref';

/** The terms of the 'Pro' trial, for the /try page. */
export const TrialTerms = z.object({ word_limit: z.number().int().nonnegative(), days: z.number().int().positive() });
export type TrialTerms = z.infer<typeof TrialTerms>;

/** The embedded provider's forgot-password and reset forms. */
export const ForgotPasswordRequest = z.object({ email: z.email().max(320) });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;
export const ResetPasswordRequest = z.object({ password: Password });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;
