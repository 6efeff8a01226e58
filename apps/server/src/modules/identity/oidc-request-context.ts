import type { AsyncLocalStorage } from 'node:async_hooks';
import requestContext from 'oidc-provider/lib/helpers/als.js';

/**
 * oidc-provider runs each of its requests inside an AsyncLocalStorage, which only its client ID metadata
 * document feature reads (not enabled here). On Node 20 the first such run turns on promise hooks for the
 * whole process, for good: from then on every promise of every request (streams, database, the gateway)
 * pays for them, a cost the streaming benchmark shows in CPU per stream. The provider's requests run
 * without the store instead.
 */
export function runOidcRequestsWithoutContext(): void {
  requestContext.run = ((_store: unknown, callback: (...args: unknown[]) => unknown, ...args: unknown[]) =>
    callback(...args)) as AsyncLocalStorage<unknown>['run'];
}
