import { z } from 'zod';
import { AnalyticsSettings } from './analytics';
import { defineEndpoint } from './endpoint';

/** Spec §4 server status banner. */
export const StatusBanner = z.enum(['unreliable', 'fixing']);
export type StatusBanner = z.infer<typeof StatusBanner>;

/**
 * Where the web app reports its uncaught errors (SENTRY_DSN): Sentry's public client key, which is meant to be
 * seen by browsers, and the environment events are filed under. Null: error reporting is off.
 */
export const ErrorReportingSettings = z.object({ dsn: z.string(), environment: z.string() });
export type ErrorReportingSettings = z.infer<typeof ErrorReportingSettings>;

/**
 * The server status: what every visitor's client needs before rendering a page, and the settings the client
 * reads at run time (so changing them needs no rebuild): the survey's delay, where analytics go and where
 * errors are reported.
 */
export const ServerStatus = z.object({
  maintenance: z.boolean(),
  banner: StatusBanner.nullable(),
  survey_delay_seconds: z.number().int().nonnegative(),
  analytics: AnalyticsSettings,
  error_reporting: ErrorReportingSettings.nullable(),
});
export type ServerStatus = z.infer<typeof ServerStatus>;

/** What `npm run status -- set …` can set: a banner, or `clear` for none. */
export const STATUS_COMMANDS = ['unreliable', 'fixing', 'clear'] as const;

/** Which engine writes: the built-in one, or which language model. */
export const EngineInfo = z.object({
  engine: z.enum(['builtin', 'model']),
  provider: z.string(),
  model: z.string().nullable(),
});
export type EngineInfo = z.infer<typeof EngineInfo>;

export const statusEndpoints = {
  /** Read by every client before a page renders; also during maintenance. */
  status: defineEndpoint({ method: 'GET', service: 'api', path: '/status', response: ServerStatus }),
  engine: defineEndpoint({ method: 'GET', service: 'api', path: '/status/engine', response: EngineInfo }),
  /** The web app's Sentry envelopes (the SDK's tunnel); only when SENTRY_DSN is set. */
  errorReport: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/error-reports',
    body: 'text',
    response: z.object({ forwarded: z.literal(true) }),
    status: 202,
  }),
};

/** The probes at the root, outside the route groups: the process answers, and its database and files too. */
export const healthEndpoints = {
  live: defineEndpoint({
    method: 'GET',
    service: null,
    path: '/healthz',
    response: z.object({ status: z.literal('ok') }),
  }),
  ready: defineEndpoint({
    method: 'GET',
    service: null,
    path: '/readyz',
    response: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
    errors: ['service_unavailable'],
  }),
};
