import { accountsEndpoints, contactEndpoints, feedbackEndpoints } from './account';
import { analyticsEndpoints } from './analytics';
import { billingEndpoints } from './billing';
import { blogEndpoints } from './blog';
import { cardsEndpoints } from './cards';
import { detectorEndpoints } from './detector';
import type { EndpointSpec } from './endpoint';
import { generationEndpoints, templatesEndpoints } from './generation';
import { historyEndpoints } from './history';
import { ownAppsEndpoints } from './own-apps';
import { dictionaryEndpoints, proofreadingEndpoints } from './proofreading';
import { searchEndpoints } from './search';
import { chatEndpoints, sourcesEndpoints } from './sources';
import { healthEndpoints, statusEndpoints } from './status';

/**
 * Every endpoint of the server, by module; the server's route-coverage test fails when a route is
 * registered without one here, or one here is not registered.
 */
export const ENDPOINTS: Record<string, Record<string, EndpointSpec>> = {
  cards: cardsEndpoints,
  search: searchEndpoints,
  generation: generationEndpoints,
  detector: detectorEndpoints,
  proofreading: proofreadingEndpoints,
  chat: chatEndpoints,
  sources: sourcesEndpoints,
  accounts: accountsEndpoints,
  billing: billingEndpoints,
  ownApps: ownAppsEndpoints,
  history: historyEndpoints,
  blog: blogEndpoints,
  contact: contactEndpoints,
  feedback: feedbackEndpoints,
  status: statusEndpoints,
  health: healthEndpoints,
  dictionary: dictionaryEndpoints,
  analytics: analyticsEndpoints,
  templates: templatesEndpoints,
};

/** All descriptors in one list. */
export function allEndpoints(): EndpointSpec[] {
  return Object.values(ENDPOINTS).flatMap((module) => Object.values(module));
}
