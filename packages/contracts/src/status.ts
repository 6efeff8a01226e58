import { z } from 'zod';

/** Spec §4 server status banner. */
export const StatusBanner = z.enum(['unreliable', 'fixing']);
export type StatusBanner = z.infer<typeof StatusBanner>;

/** GET /api/status: what every visitor's client needs before rendering a page. */
export const ServerStatus = z.object({ maintenance: z.boolean(), banner: StatusBanner.nullable() });
export type ServerStatus = z.infer<typeof ServerStatus>;

/** The route groups of the server (spec §7), selectable with QUIRE_SERVICES. */
export const SERVICE_GROUPS = ['api', 'doc', 'gen'] as const;
export const ServiceGroup = z.enum(SERVICE_GROUPS);
export type ServiceGroup = z.infer<typeof ServiceGroup>;
