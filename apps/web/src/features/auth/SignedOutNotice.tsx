import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';

const SIGNED_OUT_PARAMETER = 'logout';

/**
 * "You have been signed out", once: the identity provider returns to `/?logout`; the parameter is taken
 * off the address at once, so reloading or going back does not say it again.
 */
export function SignedOutNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [shownOn, setShownOn] = useState<string | null>(null);
  const signedOut = new URLSearchParams(location.search).has(SIGNED_OUT_PARAMETER);

  useEffect(() => {
    if (!signedOut) return;
    const parameters = new URLSearchParams(location.search);
    parameters.delete(SIGNED_OUT_PARAMETER);
    const search = parameters.toString();
    setShownOn(location.pathname);
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [signedOut, location.pathname, location.search, location.hash, navigate]);

  if (shownOn !== location.pathname) return null;
  return (
    <div className="signed-out-notice" role="status" data-testid="signed-out-notice">
      <p>{t('session.signedOut')}</p>
      <button type="button" className="icon-button" onClick={() => setShownOn(null)}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{t('session.dismiss')}</span>
      </button>
    </div>
  );
}
