import type { OwnApp } from '@quire/contracts';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { Dialog } from '../../components/dialog/Dialog';
import { useTranslation } from '../../i18n/use-translation';
import { deleteOwnApp } from './own-apps.api';
import { ownAppDeleted } from './own-apps.store';

type Props = {
  app: Pick<OwnApp, 'id' | 'name'>;
  onDeleted: () => void;
  remove?: (id: string) => Promise<void>;
};

/** Deleting an application, after a confirmation that says its results stay in the history. */
export function DeleteOwnApp({ app, onDeleted, remove = deleteOwnApp }: Props) {
  const { t } = useTranslation();
  const openRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setDeleting(true);
    setError(null);
    try {
      await remove(app.id);
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('Deleting an own application failed', failure);
      setError(t('ownApps.delete.failed'));
      setDeleting(false);
      return;
    }
    ownAppDeleted(app.id);
    onDeleted();
  }

  return (
    <>
      <button
        ref={openRef}
        type="button"
        className="button button--danger"
        onClick={() => setOpen(true)}
        data-testid="own-app-delete"
      >
        {t('ownApps.delete.button')}
      </button>
      {open && (
        <Dialog
          title={t('ownApps.delete.title')}
          onClose={() => setOpen(false)}
          busy={deleting}
          initialFocus={cancelRef}
          returnFocus={openRef}
          testId="own-app-delete-dialog"
        >
          <p>{t('ownApps.delete.text', { name: app.name })}</p>
          {error && (
            <p className="notice notice--error" role="alert" data-testid="own-app-delete-error">
              {error}
            </p>
          )}
          <div className="dialog__actions">
            <button
              ref={cancelRef}
              type="button"
              className="button button--secondary"
              onClick={() => setOpen(false)}
              disabled={deleting}
            >
              {t('ownApps.delete.cancel')}
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => void confirm()}
              disabled={deleting}
              data-testid="own-app-delete-confirm"
            >
              {deleting ? t('ownApps.delete.deleting') : t('ownApps.delete.confirm')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
