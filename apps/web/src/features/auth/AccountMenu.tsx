import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLocale, useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { loadSessionProfile } from './profile-sync';
import { signOut } from './sign-out';
import { useSession } from './use-session';
import './account-menu.css';

/**
 * The logged-in user's menu in both headers: their name opens a small panel with the account page and
 * "sign out". A disclosure rather than an ARIA menu: two items need no arrow-key roving; Escape and a
 * click elsewhere close it.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const locale = useLocale();
  const session = useSession();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const hasProfile = Boolean(session?.profile);

  useEffect(() => {
    if (!hasProfile) void loadSessionProfile();
  }, [hasProfile]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (!session) return null;
  const label = session.profile?.name || session.profile?.email || t('nav.account');

  return (
    <div className="account-menu" ref={rootRef} data-testid="account-menu">
      <button
        ref={toggleRef}
        type="button"
        className="button button--small button--secondary account-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="account-menu__name">{label}</span>
        <span className="account-menu__caret" aria-hidden="true" />
      </button>
      <div id={panelId} className="account-menu__panel" hidden={!open}>
        {session.profile?.email && (
          <p className="account-menu__email">{t('session.signedInAs', { email: session.profile.email })}</p>
        )}
        <ul>
          <li>
            <Link to={to('account')} onClick={() => setOpen(false)}>
              {t('nav.account')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              disabled={signingOut}
              onClick={() => {
                setSigningOut(true);
                void signOut(locale);
              }}
            >
              {signingOut ? t('session.signingOut') : t('session.signOut')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
