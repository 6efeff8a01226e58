import { Link, useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { useLogin } from '../../features/auth/use-login';
import { useLocale, useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import './login-page.css';

/**
 * Sign-in (spec §4: loading, delayed, failed, try again). The same page is the identity provider's
 * callback: without a code it leaves for the provider, with one it finishes and returns where the visitor was.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { state, returning, retry } = useLogin({
    search,
    locale,
    onSignedIn: (target) => void navigate(target, { replace: true }),
  });
  const title = t('pages.login.title');

  return (
    <section className="login-page" data-testid="login-page" data-state={state} aria-busy={state === 'loading'}>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      {state === 'failed' ? (
        <>
          <p className="notice notice--error" role="alert">
            {t('errors:login_failed')}
          </p>
          <div className="login-page__actions">
            <button type="button" className="button" onClick={retry}>
              {t('pages.login.retry')}
            </button>
            <Link to={to('')} className="button button--secondary">
              {t('common.backHome')}
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className="login-page__status" role="status">
            <span className="spinner" aria-hidden="true" />
            {returning ? t('pages.login.finishing') : t('pages.login.redirecting')}
          </p>
          {state === 'delayed' && (
            <>
              <p className="notice notice--warning" role="alert">
                {t('errors:login_delayed')}
              </p>
              <div className="login-page__actions">
                <button type="button" className="button" onClick={retry}>
                  {t('pages.login.retry')}
                </button>
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
