import type { OwnApp } from '@quire/contracts';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
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
  const [open, setOpen] = useState(false);

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
        <ConfirmDialog
          title={t('ownApps.delete.title')}
          text={t('ownApps.delete.text', { name: app.name })}
          labels={{
            confirm: t('ownApps.delete.confirm'),
            working: t('ownApps.delete.deleting'),
            cancel: t('ownApps.delete.cancel'),
          }}
          onConfirm={() => remove(app.id)}
          failureMessage={(failure) => {
            if (!(failure instanceof ApiError)) console.error('Deleting an own application failed', failure);
            return t('ownApps.delete.failed');
          }}
          onDone={() => {
            ownAppDeleted(app.id);
            onDeleted();
          }}
          onClose={() => setOpen(false)}
          returnFocus={openRef}
          testIds={{
            dialog: 'own-app-delete-dialog',
            error: 'own-app-delete-error',
            confirm: 'own-app-delete-confirm',
          }}
        />
      )}
    </>
  );
}
