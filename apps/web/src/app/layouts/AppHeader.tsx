import { lazy, type RefObject, Suspense } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { LanguageSwitcher } from '../../components/language/LanguageSwitcher';
import { WordsMeter } from '../../features/account/WordsMeter';
import { useSession } from '../../features/auth/use-session';
import { useTranslation } from '../../i18n/use-translation';
import { importWithReload } from '../../lib/chunk-reload';
import { useLocalePath } from '../use-locale';

// The same chunk the landing header loads for signed-in visitors.
const AccountMenu = lazy(() =>
  importWithReload(() => import('../../features/auth/AccountMenu')).then((module) => ({ default: module.AccountMenu })),
);

type MenuButton = { ref: RefObject<HTMLButtonElement | null>; controls: string; open: boolean; onClick: () => void };

type Props = { menuButton: MenuButton | null };

/** The app header: menu button on mobile, words left (signed in), the current project and the account menu. */
export function AppHeader({ menuButton }: Props) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const session = useSession();
  return (
    <header className="app-header">
      {menuButton && (
        <button
          ref={menuButton.ref}
          type="button"
          className="icon-button app-header__menu"
          aria-expanded={menuButton.open}
          aria-controls={menuButton.controls}
          onClick={menuButton.onClick}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">{t('sidebar.open')}</span>
        </button>
      )}
      <Logo />
      <div className="app-header__project">
        <span className="app-header__label">{t('header.project')}</span>
        <span className="muted">{t('header.projectEmpty')}</span>
      </div>
      <WordsMeter />
      <div className="app-header__actions">
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
    </header>
  );
}
