import { NavLink, Outlet } from 'react-router';
import { Logo } from '../../components/Logo';
import { LanguageSwitcher } from '../../components/language/LanguageSwitcher';
import { SkipLink } from '../../components/SkipLink';
import { HeaderAccount } from '../../features/auth/HeaderAccount';
import { SessionNotice } from '../../features/auth/SessionNotice';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { SiteFooter } from './SiteFooter';
import './landing-layout.css';

/** Marketing pages: home, pricing, blog, contact. */
export function LandingLayout() {
  const { t } = useTranslation();
  const to = useLocalePath();
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
            <HeaderAccount />
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
