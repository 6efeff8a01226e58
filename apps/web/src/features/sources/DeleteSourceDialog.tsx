import type { Source } from '@quire/contracts';
import { type RefObject, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { Dialog } from '../../components/dialog/Dialog';
import { useTranslation } from '../../i18n/use-translation';

type Props = {
  source: Source;
  /** Deletes on the server and then in the library; rejects when the server refused. */
  onConfirm: (id: string) => Promise<void>;
  onDeleted: () => void;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
};

/** Asks before a source is deleted; a refusal is shown in the dialog, which stays open to try again. */
export function DeleteSourceDialog({ source, onConfirm, onDeleted, onClose, returnFocus }: Props) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (deleting) return;
    setDeleting(true);
    setError(null);
    try {
      await onConfirm(source.id);
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('Deleting a source failed', failure);
      setError(failure instanceof ApiError ? failure.message : t('errors:request_failed'));
      setDeleting(false);
      return;
    }
    onDeleted();
  }

  return (
    <Dialog
      title={t('sources.delete.title')}
      onClose={onClose}
      busy={deleting}
      initialFocus={cancelRef}
      returnFocus={returnFocus}
      testId="source-delete-dialog"
    >
      <p>{t('sources.delete.text', { name: source.name })}</p>
      {error && (
        <p className="notice notice--error" role="alert" data-testid="source-delete-error">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button
          ref={cancelRef}
          type="button"
          className="button button--secondary"
          onClick={onClose}
          disabled={deleting}
        >
          {t('sources.delete.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={confirm}
          disabled={deleting}
          data-testid="source-delete-confirm"
        >
          {deleting ? t('sources.delete.deleting') : t('sources.delete.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
