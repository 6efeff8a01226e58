import { localePath, PAGES, REDIRECTS } from '@quire/contracts';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { loginPath } from '../../features/auth/return-path';
import { isSessionUsable } from '../../features/auth/session';
import { useSession } from '../../features/auth/use-session';
import { useTrialActivation } from '../../features/trial/use-trial-activation';
import { useTrialTerms } from '../../features/trial/use-trial-terms';
import { useLocale, useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import './try-page.css';

/** Set on the way back from signing in: the visitor already asked for the trial, so it starts by itself. */
const ACTIVATE_PARAMETER = 'activate';

/**
 * The 'Pro' try flow (spec §1): the trial's terms and "Start your free trial". Visitors sign in first and
 * come back with `?activate=1`; signed-in users start it at once. Then "activating your test account" and on
 * to the chapter tool, or the server's reason when this account cannot have a trial.
 */
export function TryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signedIn = isSessionUsable(useSession());
  const terms = useTrialTerms();
  const { state: activation, activate } = useTrialActivation(
    () => void navigate(localePath(locale, REDIRECTS.afterLogin), { replace: true }),
  );
  const returning = new URLSearchParams(search).get(ACTIVATE_PARAMETER) === '1';
  const autoStarted = useRef(false);
  const title = t('pages.try.title');

  useEffect(() => {
    if (!returning || autoStarted.current) return;
    autoStarted.current = true;
    // Off the address, so a reload or going back does not start it again.
    void navigate(pathname, { replace: true });
    if (signedIn) void activate();
  }, [returning, signedIn, pathname, navigate, activate]);

  function start() {
    if (signedIn) {
      void activate();
      return;
    }
    const back = `${localePath(locale, PAGES.try.path)}?${ACTIVATE_PARAMETER}=1`;
    void navigate(loginPath(locale, back));
  }

  if (activation.kind === 'activating') {
    return (
      <section className="try-page" data-testid="try-page" data-state="activating" aria-busy="true">
        <PageTitle documentTitle={title}>{title}</PageTitle>
        <p className="try-page__status" role="status" data-testid="trial-activating">
          <span className="spinner" aria-hidden="true" />
          {t('pages.try.activating')}
        </p>
      </section>
    );
  }

  return (
    <section className="try-page" data-testid="try-page" data-state={activation.kind}>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t('pages.try.intro')}</p>
      {terms.state.kind === 'loading' && (
        <p className="try-page__status" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('pages.try.loadingTerms')}
        </p>
      )}
      {terms.state.kind === 'error' && (
        <div className="notice notice--error" role="alert" data-testid="trial-terms-error">
          <p>{terms.state.message}</p>
          <button type="button" className="button button--small" onClick={terms.reload}>
            {t('pages.try.retry')}
          </button>
        </div>
      )}
      {terms.state.kind === 'ready' && (
        <p className="try-page__terms" data-testid="trial-terms">
          {t('pages.try.terms', { days: terms.state.terms.days, words: terms.state.terms.word_limit })}
        </p>
      )}
      {activation.kind === 'unavailable' ? (
        <div className="notice notice--warning" role="alert" data-testid="trial-unavailable">
          <p>{activation.message}</p>
          <div className="try-page__actions">
            <Link to={to(PAGES.pricing.path)} className="button button--small">
              {t('pages.try.toPricing')}
            </Link>
            <Link to={to(REDIRECTS.afterLogin)} className="button button--small button--secondary">
              {t('pages.try.toApp')}
            </Link>
          </div>
        </div>
      ) : (
        <>
          {activation.kind === 'failed' && (
            <p className="notice notice--error" role="alert" data-testid="trial-failed">
              {activation.message}
            </p>
          )}
          <div className="try-page__actions">
            <button type="button" className="button button--large" onClick={start} data-testid="trial-start">
              {activation.kind === 'failed' ? t('pages.try.retry') : t('pages.try.start')}
            </button>
          </div>
          {!signedIn && <p className="muted">{t('pages.try.signInFirst')}</p>}
        </>
      )}
    </section>
  );
}
