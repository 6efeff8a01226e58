import type { RefObject } from 'react';
import { Logo } from '../../components/Logo';
import { LanguageSwitcher } from '../../components/language/LanguageSwitcher';
import { WordsMeter } from '../../features/account/WordsMeter';
import { HeaderAccount } from '../../features/auth/HeaderAccount';
import { ProjectSwitcher } from '../../features/project/ProjectSwitcher';
import { useTranslation } from '../../i18n/use-translation';

type MenuButton = { ref: RefObject<HTMLButtonElement | null>; controls: string; open: boolean; onClick: () => void };

type Props = { menuButton: MenuButton | null };

/** The app header: menu button on mobile, words left (signed in), the current project and the account menu. */
export function AppHeader({ menuButton }: Props) {
  const { t } = useTranslation();
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
      <ProjectSwitcher />
      <WordsMeter />
      <div className="app-header__actions">
        <LanguageSwitcher />
        <HeaderAccount />
      </div>
    </header>
  );
}
