import { useOnlineStatus } from '../features/connectivity/use-online-status';
import { useServerStatus } from '../features/status/status.store';
import { useTranslation } from '../i18n/use-translation';

/** Offline notice and the server-status banner (high load / working on a fix) above every layout. */
export function SiteBanners() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const banner = useServerStatus()?.banner ?? null;
  if (online && !banner) return null;
  return (
    <div className="site-banners">
      {!online && (
        <p className="banner banner--warning" role="status" data-testid="offline-banner">
          {t('errors:offline')}
        </p>
      )}
      {banner && (
        <p className="banner" role="status" data-testid="status-banner">
          {t(banner === 'unreliable' ? 'errors:server_unreliable' : 'errors:server_fixing')}
        </p>
      )}
    </div>
  );
}
