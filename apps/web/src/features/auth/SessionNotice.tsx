import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ACCOUNT_DELETED_PARAMETER } from './return-path';

/** The start page's parameters that end a session, each with its message and test id. */
const NOTICES = [
  { parameter: 'logout', key: 'session.signedOut', testId: 'signed-out-notice' },
  { parameter: ACCOUNT_DELETED_PARAMETER, key: 'session.accountDeleted', testId: 'account-deleted-notice' },
] as const;

type Notice = (typeof NOTICES)[number];

/**
 * "You have been signed out" (the identity provider returns to `/?logout`) or "Account deleted" (`?deleted`),
 * once: the parameter is taken off the address at once, so reloading or going back does not say it again.
 */
export function SessionNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<{ pathname: string; notice: Notice } | null>(null);
  const parameters = new URLSearchParams(location.search);
  const arrived = NOTICES.find((notice) => parameters.has(notice.parameter));

  useEffect(() => {
    if (!arrived) return;
    const rest = new URLSearchParams(location.search);
    rest.delete(arrived.parameter);
    const search = rest.toString();
    setShown({ pathname: location.pathname, notice: arrived });
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [arrived, location.pathname, location.search, location.hash, navigate]);

  if (shown?.pathname !== location.pathname) return null;
  return (
    <div className="session-notice" role="status" data-testid={shown.notice.testId}>
      <p>{t(shown.notice.key)}</p>
      <button type="button" className="icon-button" onClick={() => setShown(null)}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{t('session.dismiss')}</span>
      </button>
    </div>
  );
}
