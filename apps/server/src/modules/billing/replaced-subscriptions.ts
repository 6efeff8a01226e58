import { z } from 'zod';
import { enqueueJob } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import type { BillingProvider } from './billing.provider';

/**
 * A plan booked while another Stripe subscription runs replaces it in Quire at once; this job ends the old
 * one at Stripe too, so it is not charged again. A job, enqueued with the booking, because the booking may
 * not wait for Stripe and a failed call must be retried.
 */
export const CANCEL_REPLACED_SUBSCRIPTION_JOB = 'billing.cancel-replaced-subscription';

const Payload = z.object({ externalSubscriptionId: z.string().min(1) });

type Queryable = Parameters<typeof enqueueJob>[0];

export async function enqueueReplacedCancellation(db: Queryable, externalSubscriptionId: string): Promise<void> {
  await enqueueJob(db, CANCEL_REPLACED_SUBSCRIPTION_JOB, { externalSubscriptionId });
}

export function cancelReplacedSubscriptionHandler(billing: BillingProvider): JobHandler {
  return {
    run: async (payload, { logger }) => {
      const { externalSubscriptionId } = Payload.parse(payload);
      if (!billing.cancelReplaced) {
        logger.error(
          { externalSubscriptionId },
          'a replaced Stripe subscription cannot be cancelled without STRIPE_SECRET_KEY: cancel it in the Stripe dashboard',
        );
        return;
      }
      await billing.cancelReplaced(externalSubscriptionId);
    },
    onGiveUp: async (payload, { logger }, error) => {
      logger.error(
        { err: error, payload },
        'gave up cancelling a replaced Stripe subscription: cancel it in the Stripe dashboard, or it is charged again',
      );
    },
  };
}
