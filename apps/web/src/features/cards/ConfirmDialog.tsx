import { type RefObject, useRef, useState } from 'react';
import { Dialog } from '../../components/dialog/Dialog';
import { useTranslation } from '../../i18n/use-translation';
import { failureMessage } from './cards-errors';

type Props = {
  title: string;
  text: string;
  confirmLabel: string;
  /** Does the deed on the server; rejects when the server refused. */
  onConfirm: () => Promise<void>;
  /** After the server succeeded: only now does what was deleted leave the page. */
  onDone: () => void;
  onClose: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
  testId: string;
};

/** Asks before something is deleted; a refusal is shown in the dialog, which stays open to try again. */
export function ConfirmDialog({ title, text, confirmLabel, onConfirm, onDone, onClose, returnFocus, testId }: Props) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (working) return;
    setWorking(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(failureMessage(failure, title));
      setWorking(false);
      return;
    }
    onDone();
  }

  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={working}
      initialFocus={cancelRef}
      returnFocus={returnFocus}
      testId={testId}
    >
      <p>{text}</p>
      {error && (
        <p className="notice notice--error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button ref={cancelRef} type="button" className="button button--secondary" onClick={onClose} disabled={working}>
          {t('cards.confirm.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={confirm}
          disabled={working}
          data-testid={`${testId}-confirm`}
        >
          {working && <span className="spinner" aria-hidden="true" />}
          {working ? t('cards.confirm.deleting') : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
