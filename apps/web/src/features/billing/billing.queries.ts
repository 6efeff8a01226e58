import type { BillingCatalogue } from '@quire/contracts';
import { useQuery } from '@tanstack/react-query';
import { queryClient, remoteOf } from '../../lib/query-client';
import { fetchCatalogue, fetchCheckout, fetchCurrentPlan } from './billing.api';
import { fetchCurrentPlanWithName, type NamedPlan } from './current-plan';

export const billingKeys = {
  all: ['billing'] as const,
  // The server translates the names and marks the user's plan: a new language or a login asks again.
  catalogue: (locale: string, signedIn: boolean) => ['billing', 'catalogue', locale, signedIn] as const,
  checkout: (sessionId: string) => ['billing', 'checkout', sessionId] as const,
  subscription: (locale: string) => ['billing', 'subscription', locale] as const,
};

/**
 * The catalogue is public (the same for every visitor); a signed-in user's plan comes from their
 * subscription, so the card of the plan in force can be marked.
 */
async function withCurrentPlan(signedIn: boolean, signal: AbortSignal): Promise<BillingCatalogue> {
  const catalogue = await fetchCatalogue({ signal });
  if (!signedIn) return catalogue;
  const current = await fetchCurrentPlan({ signal }).catch((error: unknown) => {
    console.warn('Could not load the plan in force', error);
    return null;
  });
  return { ...catalogue, current: current?.slug ?? catalogue.current };
}

export function useCatalogue(locale: string, signedIn: boolean) {
  const query = useQuery({
    queryKey: billingKeys.catalogue(locale, signedIn),
    queryFn: ({ signal }) => withCurrentPlan(signedIn, signal),
  });
  return { state: remoteOf(query), reload: () => void query.refetch() };
}

/** A checkout session; `poll` asks again every `poll.ms` while the payment is not yet confirmed. */
export function useCheckoutSummary(sessionId: string, poll?: { ms: number; times: number }) {
  const query = useQuery({
    queryKey: billingKeys.checkout(sessionId),
    queryFn: ({ signal }) => fetchCheckout(sessionId, { signal }),
    refetchInterval: ({ state }) =>
      poll && state.status === 'success' && state.data?.status === 'open' && state.dataUpdateCount <= poll.times
        ? poll.ms
        : false,
  });
  return remoteOf(query);
}

/** The plan in force with its translated name; `replace` takes a plan the server answered elsewhere. */
export function useCurrentPlan(locale: string) {
  const queryKey = billingKeys.subscription(locale);
  const query = useQuery({ queryKey, queryFn: ({ signal }) => fetchCurrentPlanWithName(signal) });
  return {
    state: remoteOf(query),
    reload: () => void query.refetch(),
    replace: (value: NamedPlan) => queryClient.setQueryData(queryKey, value),
  };
}
