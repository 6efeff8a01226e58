import { useTranslation } from '../../i18n/use-translation';
import type { OwnAppState } from './use-own-app';

/** What an own application's page shows until the application is there: loading, missing or failed. */
export function OwnAppStatus({ state }: { state: Exclude<OwnAppState, { status: 'ready' }> }) {
  const { t } = useTranslation();
  if (state.status === 'loading') {
    return (
      <p className="muted" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('ownApps.page.loading')}
      </p>
    );
  }
  return (
    <p className="notice notice--error" role="alert" data-testid="own-app-missing">
      {state.status === 'missing' ? t('ownApps.page.notFound') : state.error}
    </p>
  );
}
