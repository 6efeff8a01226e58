import { z } from 'zod';
import { AnalyticsSettings } from './analytics';

/** Spec §4 server status banner. */
export const StatusBanner = z.enum(['unreliable', 'fixing']);
export type StatusBanner = z.infer<typeof StatusBanner>;

/**
 * GET /api/status: what every visitor's client needs before rendering a page, and the settings the client
 * reads at run time (so changing them needs no rebuild): the survey's delay and where analytics go.
 */
export const ServerStatus = z.object({
  maintenance: z.boolean(),
  banner: StatusBanner.nullable(),
  survey_delay_seconds: z.number().int().nonnegative(),
  analytics: AnalyticsSettings,
});
export type ServerStatus = z.infer<typeof ServerStatus>;

/** What `npm run status -- set …` can set: a banner, or `clear` for none. */
export const STATUS_COMMANDS = ['unreliable', 'fixing', 'clear'] as const;

/** The route groups of the server (spec §7), selectable with QUIRE_SERVICES. */
export const SERVICE_GROUPS = ['api', 'doc', 'gen'] as const;
export const ServiceGroup = z.enum(SERVICE_GROUPS);
export type ServiceGroup = z.infer<typeof ServiceGroup>;
