import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { enqueueJob } from '../../jobs/queue';
import type { BillingProvider } from './billing.provider';

/**
 * A plan booked while another Stripe subscription runs replaces it in Quire at once; this job ends the old
 * one at Stripe too, so it is not charged again. A job, enqueued with the booking, because the booking may
 * not wait for Stripe and a failed call must be retried.
 */
export const CANCEL_REPLACED_SUBSCRIPTION_JOB = defineJob({
  name: 'billing.cancel-replaced-subscription',
  payload: z.object({ externalSubscriptionId: z.string().min(1) }),
  run: async ({ externalSubscriptionId }, { logger }, billing: BillingProvider) => {
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
});

type Queryable = Parameters<typeof enqueueJob>[0];

export async function enqueueReplacedCancellation(db: Queryable, externalSubscriptionId: string): Promise<void> {
  await enqueueJob(db, CANCEL_REPLACED_SUBSCRIPTION_JOB, { externalSubscriptionId });
}
