import { type CurrentPlan, type SubscriptionSummary, TRIAL_PLAN_SLUG } from '@quire/contracts';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useLocale, useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import {
  CancelSubscriptionDialog,
  formatCount,
  type NamedPlan,
  openPortal,
  useCurrentPlan,
  useFollowUrl,
} from '../billing';
import { formatDate } from './format-date';

/**
 * The plan in force (GET /api/billing/subscription): its name, state and dates, the words of this period,
 * 'manage subscription' at the payment provider and 'cancel subscription'. Until the billing answer is
 * there (or if it fails) the profile's plan is shown.
 */
export function SubscriptionPanel({ subscription }: { subscription: SubscriptionSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { state, reload, replace } = useCurrentPlan(locale);
  const [cancelledNow, setCancelledNow] = useState(false);
  const fallbackName = t(`pages.account.subscription.plans.${subscription.slug}`, { defaultValue: subscription.slug });

  return (
    <section className="account-section" aria-labelledby="account-subscription" data-testid="subscription-panel">
      <h2 id="account-subscription">{t('pages.account.subscription.title')}</h2>
      {state.kind === 'ready' ? (
        <PlanFacts current={state.value} />
      ) : (
        <dl className="account-facts">
          <dt>{t('pages.account.subscription.plan')}</dt>
          <dd data-testid="subscription-plan">{fallbackName}</dd>
        </dl>
      )}
      {/* A status, not an alert: the rest of the account page works, and the profile's plan is still shown. */}
      {state.kind === 'error' && (
        <div className="notice notice--error" role="status" data-testid="subscription-error">
          <p>{state.message}</p>
          <button type="button" className="button button--secondary" onClick={reload}>
            {t('billing.retry')}
          </button>
        </div>
      )}
      {cancelledNow && state.kind === 'ready' && state.value.plan.current_period_end && (
        <p className="notice notice--success" role="status" data-testid="cancel-done">
          {t('billing.subscription.cancelledNotice', {
            date: formatDate(state.value.plan.current_period_end, locale),
          })}
        </p>
      )}
      {state.kind === 'ready' && (
        <PlanActions
          current={state.value.plan}
          onCancelled={(plan) => {
            replace({ ...state.value, plan });
            setCancelledNow(true);
          }}
        />
      )}
    </section>
  );
}

function PlanFacts({ current }: { current: NamedPlan }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { plan, name } = current;
  const end = plan.current_period_end ? formatDate(plan.current_period_end, locale) : null;
  return (
    <dl className="account-facts">
      <dt>{t('pages.account.subscription.plan')}</dt>
      <dd data-testid="subscription-plan">
        {name}
        {plan.period && ` (${t(`billing.periods.${plan.period}`)})`}
      </dd>
      {plan.started_at && (
        <>
          <dt>{t('pages.account.subscription.startedAt')}</dt>
          <dd>{formatDate(plan.started_at, locale)}</dd>
        </>
      )}
      {end && plan.status !== 'free' && (
        <>
          <dt>
            {t(plan.status === 'cancelled' ? 'billing.subscription.activeUntil' : 'billing.subscription.renewsOn')}
          </dt>
          <dd data-testid="subscription-period-end">{end}</dd>
        </>
      )}
      <dt>{t('billing.subscription.words')}</dt>
      <dd data-testid="subscription-words">
        {t('billing.subscription.wordsUsed', {
          used: formatCount(plan.words_used, locale),
          limit: formatCount(plan.words_limit, locale),
          extra: formatCount(plan.words_extra, locale),
        })}
      </dd>
      <dt>{t('billing.subscription.resetsOn')}</dt>
      <dd data-testid="subscription-reset">{formatDate(plan.words_reset_at, locale)}</dd>
    </dl>
  );
}

function PlanActions({ current, onCancelled }: { current: CurrentPlan; onCancelled: (plan: CurrentPlan) => void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const follow = useFollowUrl();
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState(false);
  const [portal, setPortal] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const cancellable = current.status === 'active' && current.slug !== 'free' && current.slug !== TRIAL_PLAN_SLUG;

  async function manage() {
    setPortal({ busy: true, error: null });
    try {
      follow((await openPortal()).url);
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Opening the subscription portal failed', error);
      setPortal({ busy: false, error: error instanceof ApiError ? error.message : t('errors:generic_error') });
    }
  }

  return (
    <>
      <div className="billing-actions">
        <Link className="button button--secondary" to={to('pricing')} data-testid="subscription-change">
          {t('billing.subscription.change')}
        </Link>
        {current.can_manage && (
          <button
            type="button"
            className="button button--secondary"
            disabled={portal.busy}
            aria-busy={portal.busy}
            onClick={() => void manage()}
            data-testid="subscription-manage"
          >
            {t('billing.subscription.manage')}
          </button>
        )}
        {cancellable && (
          <button
            ref={cancelButton}
            type="button"
            className="button button--secondary"
            onClick={() => setDialog(true)}
            data-testid="subscription-cancel"
          >
            {t('billing.subscription.cancel')}
          </button>
        )}
      </div>
      {portal.error && (
        <p className="notice notice--error" role="alert" data-testid="portal-error">
          {portal.error}
        </p>
      )}
      {dialog && (
        <CancelSubscriptionDialog
          onClose={() => setDialog(false)}
          returnFocus={cancelButton}
          onCancelled={(plan) => {
            setDialog(false);
            onCancelled(plan);
          }}
        />
      )}
    </>
  );
}
