import { z } from 'zod';

/** The route groups of the server (spec §7), selectable with QUIRE_SERVICES. */
export const SERVICE_GROUPS = ['api', 'doc', 'gen'] as const;
export const ServiceGroup = z.enum(SERVICE_GROUPS);
export type ServiceGroup = z.infer<typeof ServiceGroup>;
