import { localePath } from '@quire/contracts';
import type { Config } from '../../config';
import type { BillingProvider } from './billing.provider';

/**
 * The embedded provider when no Stripe key is set: the app's own checkout page books the plan on
 * confirmation (a test payment) through the same booking path as Stripe's webhooks.
 */
export function createLocalProvider(config: Pick<Config, 'publicUrl'>): BillingProvider {
  return {
    kind: 'local',
    startCheckout: async ({ session, locale }) => ({
      url: `${config.publicUrl}${localePath(locale ?? 'en', 'checkout')}?session=${session.id}`,
      externalId: null,
    }),
    // No self-service portal: the account page cancels directly.
    portalUrl: async () => null,
    // Nothing to tell: the subscription simply is not renewed.
    cancelAtPeriodEnd: async () => {},
    // Local bookings have nothing outside Quire to end; a Stripe subscription needs Stripe configured.
    cancelReplaced: null,
  };
}
