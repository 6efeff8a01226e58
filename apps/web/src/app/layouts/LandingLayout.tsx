import { lazy, Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Logo } from '../../components/Logo';
import { LanguageSwitcher } from '../../components/language/LanguageSwitcher';
import { SkipLink } from '../../components/SkipLink';
import { SessionNotice } from '../../features/auth/SessionNotice';
import { useSession } from '../../features/auth/use-session';
import { useTranslation } from '../../i18n/use-translation';
import { importWithReload } from '../../lib/chunk-reload';
import { useLocalePath } from '../use-locale';
import { SiteFooter } from './SiteFooter';
import './landing-layout.css';

// Only signed-in visitors download the account menu; the landing route stays within its budget.
const AccountMenu = lazy(() =>
  importWithReload(() => import('../../features/auth/AccountMenu')).then((module) => ({ default: module.AccountMenu })),
);

/** Marketing pages: home, pricing, blog, contact. */
export function LandingLayout() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const session = useSession();
  return (
    <div className="landing-layout">
      <SkipLink />
      <header className="site-header">
        <div className="site-header__inner">
          <Logo />
          <nav className="site-header__nav" aria-label={t('nav.main')}>
            <ul>
              <li>
                <NavLink to={to('flows')}>{t('nav.tools')}</NavLink>
              </li>
              <li>
                <NavLink to={to('pricing')}>{t('nav.pricing')}</NavLink>
              </li>
              <li>
                <NavLink to={to('blog')}>{t('nav.blog')}</NavLink>
              </li>
            </ul>
          </nav>
          <div className="site-header__actions">
            <LanguageSwitcher />
            {session ? (
              <Suspense
                fallback={
                  <Link to={to('account')} className="button button--small">
                    {t('nav.account')}
                  </Link>
                }
              >
                <AccountMenu />
              </Suspense>
            ) : (
              <Link to={to('login')} className="button button--small">
                {t('nav.signIn')}
              </Link>
            )}
          </div>
        </div>
      </header>
      <SessionNotice />
      <main id="main" className="landing-layout__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
