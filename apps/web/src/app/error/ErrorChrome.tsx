import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo';
import { LanguageSwitcher } from '../../components/language/LanguageSwitcher';

/** A plain frame for error pages: they must not depend on a layout chunk, which may be what failed. */
export function ErrorChrome({ children }: { children: ReactNode }) {
  return (
    <div className="error-chrome">
      <header className="error-chrome__header">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main id="main" className="error-chrome__main">
        {children}
      </main>
    </div>
  );
}
