import type { CurrentPlan } from '@quire/contracts';
import { translate } from '../../i18n/i18n';
import { fetchCatalogue, fetchCurrentPlan } from './billing.api';

/** The plan in force with its name in the user's language. */
export type NamedPlan = { plan: CurrentPlan; name: string };

/**
 * The plan in force, named as the catalogue names it (plans are configurable, so the name comes from the
 * server); the catalogue only adds the name, so without it the app's own name for the plan is used.
 */
export async function fetchCurrentPlanWithName(signal: AbortSignal): Promise<NamedPlan> {
  const [plan, catalogue] = await Promise.all([
    fetchCurrentPlan({ signal }),
    fetchCatalogue({ signal }).catch((error: unknown) => {
      console.warn('Could not load the plan names', error);
      return null;
    }),
  ]);
  const named = catalogue?.plans.find((entry) => entry.slug === plan.slug)?.name;
  return {
    plan,
    name: named ?? translate(`pages.account.subscription.plans.${plan.slug}`, { defaultValue: plan.slug }),
  };
}
