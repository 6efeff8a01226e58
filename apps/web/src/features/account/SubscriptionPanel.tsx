import type { SubscriptionSummary } from '@quire/contracts';
import { useLocale } from '../../app/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { formatDate } from './format-date';

/** The plan and its dates; managing and cancelling arrive with billing. */
export function SubscriptionPanel({ subscription }: { subscription: SubscriptionSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const plan = t(`pages.account.subscription.plans.${subscription.slug}`, { defaultValue: subscription.slug });
  return (
    <section className="account-section" aria-labelledby="account-subscription">
      <h2 id="account-subscription">{t('pages.account.subscription.title')}</h2>
      <dl className="account-facts">
        <dt>{t('pages.account.subscription.plan')}</dt>
        <dd data-testid="subscription-plan">{plan}</dd>
        {subscription.started_at && (
          <>
            <dt>{t('pages.account.subscription.startedAt')}</dt>
            <dd>{formatDate(subscription.started_at, locale)}</dd>
          </>
        )}
        {subscription.ends_at && (
          <>
            <dt>{t('pages.account.subscription.endsAt')}</dt>
            <dd>{formatDate(subscription.ends_at, locale)}</dd>
          </>
        )}
      </dl>
      <p className="muted">{t('pages.account.subscription.billingNote')}</p>
    </section>
  );
}
