import { type RefObject, useRef, useState } from 'react';
import { Dialog } from '../../components/dialog/Dialog';
import { useTranslation } from '../../i18n/use-translation';

type Props = {
  title: string;
  /** Deletes on the server; resolves false when the server did not (the list logged why). */
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
};

/** Asks before a result is deleted; a refusal is shown in the dialog, which stays open to try again. */
export function DeleteResultDialog({ title, onConfirm, onClose, returnFocus }: Props) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [deleting, setDeleting] = useState(false);
  const [failed, setFailed] = useState(false);

  async function confirm() {
    if (deleting) return;
    setDeleting(true);
    setFailed(false);
    const deleted = await onConfirm();
    if (deleted) return;
    setDeleting(false);
    setFailed(true);
  }

  return (
    <Dialog
      title={t('history.delete.title')}
      onClose={onClose}
      busy={deleting}
      initialFocus={cancelRef}
      returnFocus={returnFocus}
      testId="history-delete-dialog"
    >
      <p>{t('history.delete.text', { title })}</p>
      {failed && (
        <p className="notice notice--error" role="alert" data-testid="history-delete-error">
          {t('history.delete.failed')}
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
          {t('history.delete.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => void confirm()}
          disabled={deleting}
          data-testid="history-delete-confirm"
        >
          {deleting ? t('history.delete.deleting') : t('history.delete.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
