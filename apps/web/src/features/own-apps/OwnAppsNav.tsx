import { useId } from 'react';
import { NavLink } from 'react-router';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { useOwnApps } from './own-apps.store';

/** The user's own applications in the sidebar's "all applications", each a link to its page. */
export function OwnAppsNav() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { status, apps, error } = useOwnApps();
  const headingId = useId();
  // Quietly: the sidebar's list is no reason to interrupt what the page is saying.
  if (status === 'error') return <p className="muted">{error}</p>;
  if (apps.length === 0) return null;
  return (
    <div className="sidebar__group">
      <h3 id={headingId} className="sidebar__group-title">
        {t('ownApps.nav.heading')}
      </h3>
      <ul aria-labelledby={headingId} data-testid="own-apps-nav">
        {apps.map((app) => (
          <li key={app.id}>
            <NavLink to={to(`apps/${app.id}`)}>{app.name}</NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
