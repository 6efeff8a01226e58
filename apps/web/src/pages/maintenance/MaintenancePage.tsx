import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { invalidateServerStatus } from '../../features/status/status.store';
import { useTranslation } from '../../i18n/use-translation';

/** Shown while maintenance is on; "check again" asks the server and leaves once maintenance is over. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [checked, setChecked] = useState(false);
  const title = t('pages.maintenance.title');
  const checking = revalidator.state === 'loading';
  return (
    <section className="page maintenance-page" data-testid="maintenance-page">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t('errors:maintenance')}</p>
      <button
        type="button"
        className="button"
        disabled={checking}
        onClick={() => {
          invalidateServerStatus();
          setChecked(true);
          void revalidator.revalidate();
        }}
      >
        {checking ? t('pages.maintenance.checking') : t('pages.maintenance.retry')}
      </button>
      {checked && !checking && (
        <p className="muted" role="status">
          {t('pages.maintenance.stillOn')}
        </p>
      )}
    </section>
  );
}
