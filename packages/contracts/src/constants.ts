/** Business constants of spec §9, shared by server and web app. */

export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const UPLOAD_MAX_MEGABYTES = 50;

/** Paragraphs per length for chapters and essays. */
export const PARAGRAPHS_BY_LENGTH = { short: 4, normal: 6, long: 8 } as const;

export const REFERRAL_BONUS_WORDS = 1_000;
export const YEARLY_DISCOUNT = 0.5;
export const EXAMPLE_WORD_LIMIT = 10_000;
/** Words a month on the free plan (the billing issue moves plans into the database). */
export const FREE_PLAN_WORD_LIMIT = 2_000;
/** The plan of the 'Pro' try flow (/try); its terms come from the server's configuration. */
export const TRIAL_PLAN_SLUG = 'trial';

export const ACCESS_TOKEN_TTL_SECONDS = 36_000;
export const REFRESH_TOKEN_TTL_SECONDS = 2_592_000;
export const AUTH_COOKIE_MAX_AGE_DAYS = 30;
export const LANGUAGE_COOKIE_MAX_AGE_DAYS = 365;
export const LANGUAGE_COOKIE_NAME = 'quire_lang';

export const SURVEY_DELAY_SECONDS = 120;
export const SURVEY_RATING_MAX = 5;

export const LOADING_BAR = {
  throttleMs: 200,
  durationMs: 5_000,
  hideDelayMs: 500,
  heightPx: 2,
  /** Progress each data load adds: 30 when a page has both async data and a fetch, else 45. */
  stepWithAsyncDataAndFetch: 30,
  stepDefault: 45,
} as const;
export const FETCH_MIN_DELAY_MS = 200;

export const THEME_CACHE = { maxEntries: 10, ttlMs: 60 * 60 * 1_000 } as const;
export const THEME_COLORS = { primary: '#000000', background: '#FFFFFF', warning: '#FF1E1E' } as const;

/** Below this width the mobile layout applies. */
export const MOBILE_BREAKPOINT_PX = 959.98;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

export const ADVERTISED_GENERATION_SECONDS = 3;

/** A failed code-chunk load reloads the page at most once in this window. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

/** The error the client shows when a generation comes back empty (spec §4, kept verbatim in German there). */
export const EMPTY_RESULT_ERROR_KEY = 'errors:empty_result';

/** A shared result's token in its public link (/shared/{token}); here, not with the history schemas, so the
 * page table (and so the landing route) does not pull zod in. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
