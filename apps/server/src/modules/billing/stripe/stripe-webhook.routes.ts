import { billingEndpoints } from '@quire/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Database } from '../../../db/client';
import { AppError } from '../../../http/app-error';
import { endpointRoute } from '../../../http/endpoint-route';
import { createStripeClient, type StripeSettings } from './stripe-client';
import { applyStripeEvent } from './stripe-events';

type Options = { db: Database; settings: StripeSettings; logger: FastifyBaseLogger };

/** Stripe sends small events; anything far larger is not from Stripe. */
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

/**
 * Stripe's events, verified against the endpoint's signing secret. With Stripe,
 * this is the only thing that grants a plan. A failure answers 500 so that Stripe delivers the event again.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { db, settings, logger }: Options): Promise<void> {
  const stripe = createStripeClient(settings);
  // Its own scope: the signature is over the exact bytes, so this route alone keeps the body raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    endpointRoute(scope, billingEndpoints.stripeWebhook, { config: { auth: 'public' } }, async ({ body }, request) => {
      const event = verifiedEvent(body, request.headers['stripe-signature'], settings.webhookSecret);
      const outcome = await applyStripeEvent({ db, stripe, logger }, event);
      logger.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true } as const;
    });
  });
}

function verifiedEvent(body: unknown, signature: string | string[] | undefined, secret: string): Stripe.Event {
  if (!Buffer.isBuffer(body) || typeof signature !== 'string') throw new AppError('validation_error');
  try {
    return Stripe.webhooks.constructEvent(body, signature, secret);
  } catch (error) {
    throw new AppError('validation_error', { cause: error });
  }
}
