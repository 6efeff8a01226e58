import { CancelSubscriptionRequest, CheckoutRequest, localePath } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { signedInUserId } from '../../http/signed-in-user';
import { validate } from '../../http/validate';
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

  // Public: the pricing page shows it to visitors too (the web app marks the current plan from /billing/subscription).
  app.get('/billing/plans', { config: { auth: 'public' } }, async (request) => ({
    data: await billingCatalogue(deps, { locale: request.locale, current: null }),
  }));

  app.get('/billing/subscription', { config: { auth: 'user' } }, async (request) => ({
    data: await currentPlan(deps, signedInUserId(request)),
  }));

  app.post('/billing/checkout', { config: { auth: 'user' } }, async (request) => {
    const checkout = validate(CheckoutRequest, request.body);
    const data = await startCheckout(deps, {
      userId: signedInUserId(request),
      locale: request.locale,
      request: checkout,
    });
    return { data };
  });

  app.get<{ Params: { id: string } }>('/billing/checkout/:id', { config: { auth: 'user' } }, async (request) => {
    const session = await findOwnCheckoutSession(db, { userId: signedInUserId(request), sessionId: request.params.id });
    if (!session) throw new AppError('not_found');
    const words = session.kind === 'pack' ? (await findPack(db, session.productSlug))?.words : undefined;
    return { data: presentCheckout(request.locale, session, words) };
  });

  // The local provider's checkout page books on confirmation; with Stripe only its webhook books.
  app.post<{ Params: { id: string } }>(
    '/billing/checkout/:id/confirm',
    { config: { auth: 'user' } },
    async (request) => {
      const session = await findOwnCheckoutSession(db, {
        userId: signedInUserId(request),
        sessionId: request.params.id,
      });
      if (!session || provider.kind !== 'local' || session.provider !== 'local') throw new AppError('not_found');
      if (session.status === 'expired') throw new AppError('booking_failed');
      await completeCheckout(db, { sessionId: session.id });
      return { data: { url: successUrl(config, request.locale, session.id) } };
    },
  );

  app.post('/billing/portal', { config: { auth: 'user' } }, async (request) => {
    const user = await findAccount(db, signedInUserId(request));
    if (!user) throw new AppError('unauthorized');
    const url = await provider.portalUrl(user, `${config.publicUrl}${localePath(request.locale, 'account')}`);
    if (!url) throw new AppError('not_found');
    return { data: { url } };
  });

  app.post('/billing/cancel', { config: { auth: 'user' } }, async (request) => {
    const cancellation = validate(CancelSubscriptionRequest, request.body);
    return { data: await cancelSubscription(deps, { userId: signedInUserId(request), request: cancellation }) };
  });
}
