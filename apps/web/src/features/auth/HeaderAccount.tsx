import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { importWithReload } from '../../lib/chunk-reload';
import { useSession } from './use-session';

/** Loaded only for signed-in visitors, so the landing route carries no account code. */
const AccountMenu = lazy(() =>
  importWithReload(() => import('./AccountMenu')).then((module) => ({ default: module.AccountMenu })),
);

/** The header's account corner, in every layout: the account menu when signed in, else a sign-in link. */
export function HeaderAccount() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const session = useSession();
  if (!session) {
    return (
      <Link to={to('login')} className="button button--small">
        {t('nav.signIn')}
      </Link>
    );
  }
  return (
    <Suspense
      fallback={
        <Link to={to('account')} className="button button--small">
          {t('nav.account')}
        </Link>
      }
    >
      <AccountMenu />
    </Suspense>
  );
}
