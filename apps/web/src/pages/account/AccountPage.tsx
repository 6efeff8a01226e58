import { PageTitle } from '../../components/PageTitle';
import { DeleteAccount } from '../../features/account/DeleteAccount';
import { ProfileSettings } from '../../features/account/ProfileSettings';
import { SubscriptionPanel } from '../../features/account/SubscriptionPanel';
import { useProfile } from '../../features/account/use-profile';
import { WordBalance } from '../../features/account/WordBalance';
import { ReferralLink } from '../../features/referral/ReferralLink';
import { useTranslation } from '../../i18n/use-translation';
import '../../features/account/account.css';

/** Profile settings (spec §2): name and e-mail, words, referral link, subscription, account deletion. */
export function AccountPage() {
  const { t } = useTranslation();
  const { state, reload, replace } = useProfile();
  const title = t('pages.account.title');

  return (
    <article className="page page--narrow account-page" aria-busy={state.kind === 'loading'}>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t('pages.account.intro')}</p>
      {state.kind === 'loading' && (
        <p className="account-page__loading" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('pages.account.loading')}
        </p>
      )}
      {state.kind === 'error' && (
        <div className="notice notice--error" role="alert" data-testid="account-error">
          <p>{state.message}</p>
          <button type="button" className="button button--small" onClick={reload}>
            {t('pages.account.retry')}
          </button>
        </div>
      )}
      {state.kind === 'ready' && (
        <>
          <ProfileSettings profile={state.profile} onUpdated={replace} />
          <WordBalance profile={state.profile} />
          <ReferralLink />
          <SubscriptionPanel subscription={state.profile.subscription} />
          <DeleteAccount email={state.profile.email} />
        </>
      )}
    </article>
  );
}
