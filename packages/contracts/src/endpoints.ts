import { cardsEndpoints } from './cards';
import type { EndpointSpec } from './endpoint';

/**
 * Every endpoint of the server, by module; the server's route-coverage test fails when a route is
 * registered without one here, or one here is not registered.
 */
export const ENDPOINTS: Record<string, Record<string, EndpointSpec>> = {
  cards: cardsEndpoints,
};

/** All descriptors in one list. */
export function allEndpoints(): EndpointSpec[] {
  return Object.values(ENDPOINTS).flatMap((module) => Object.values(module));
}
