import { Outlet } from 'react-router';
import { Logo } from '../../components/Logo';
import { LanguageSwitcher } from '../../components/language/LanguageSwitcher';
import { SkipLink } from '../../components/SkipLink';
import './fullscreen-layout.css';

/** One centred card: login, trial activation, maintenance, checkout success. */
export function FullscreenLayout() {
  return (
    <div className="fullscreen-layout">
      <SkipLink />
      <header className="fullscreen-layout__header">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main id="main" className="fullscreen-layout__card">
        <Outlet />
      </main>
    </div>
  );
}
