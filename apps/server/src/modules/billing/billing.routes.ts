import { billingEndpoints as endpoints, localePath } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { endpointRoute } from '../../http/endpoint-route';
import { signedInUserId } from '../../http/signed-in-user';
import { findAccount } from '../accounts/accounts.service';
import { completeCheckout } from './billing.bookings';
import { presentCheckout } from './billing.present';
import {
  type BillingDeps,
  billingCatalogue,
  cancelSubscription,
  currentPlan,
  startCheckout,
  successUrl,
} from './billing.service';
import { findOwnCheckoutSession } from './billing.store';
import { findPack } from './plans.store';

/** Plans, checkout, the local provider's confirmation, the portal and cancellation (issue 8; the webhook is Stripe's). */
export async function billingRoutes(app: FastifyInstance, deps: BillingDeps): Promise<void> {
  const { db, config, provider } = deps;

  const user = { config: { auth: 'user' } } as const;

  // Public: the pricing page shows it to visitors too (the web app marks the current plan from /billing/subscription).
  endpointRoute(app, endpoints.plans, { config: { auth: 'public' } }, async (_input, request) =>
    billingCatalogue(deps, { locale: request.locale, current: null }),
  );

  endpointRoute(app, endpoints.subscription, user, async (_input, request) =>
    currentPlan(deps, signedInUserId(request)),
  );

  endpointRoute(app, endpoints.checkout, user, async ({ body }, request) =>
    startCheckout(deps, { userId: signedInUserId(request), locale: request.locale, request: body }),
  );

  endpointRoute(app, endpoints.getCheckout, user, async ({ params }, request) => {
    const session = await findOwnCheckoutSession(db, { userId: signedInUserId(request), sessionId: params.id });
    if (!session) throw new AppError('not_found');
    const words = session.kind === 'pack' ? (await findPack(db, session.productSlug))?.words : undefined;
    return presentCheckout(request.locale, session, words);
  });

  // The local provider's checkout page books on confirmation; with Stripe only its webhook books.
  endpointRoute(app, endpoints.confirmCheckout, user, async ({ params }, request) => {
    const session = await findOwnCheckoutSession(db, { userId: signedInUserId(request), sessionId: params.id });
    if (!session || provider.kind !== 'local' || session.provider !== 'local') throw new AppError('not_found');
    if (session.status === 'expired') throw new AppError('booking_failed');
    await completeCheckout(db, { sessionId: session.id });
    return { url: successUrl(config, request.locale, session.id) };
  });

  endpointRoute(app, endpoints.portal, user, async (_input, request) => {
    const row = await findAccount(db, signedInUserId(request));
    if (!row) throw new AppError('unauthorized');
    const url = await provider.portalUrl(row, `${config.publicUrl}${localePath(request.locale, 'account')}`);
    if (!url) throw new AppError('not_found');
    return { url };
  });

  endpointRoute(app, endpoints.cancel, user, async ({ body }, request) =>
    cancelSubscription(deps, { userId: signedInUserId(request), request: body }),
  );
}
