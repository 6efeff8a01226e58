import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { Dialog } from './Dialog';

type Props = {
  title: string;
  text: ReactNode;
  /** The buttons' words, in the feature's terms ("Delete card", "Deleting…", "Cancel"). */
  labels: { confirm: string; working: string; cancel: string };
  /** Does the deed on the server; rejects when the server refused. */
  onConfirm: () => Promise<void>;
  /** What to tell the user when `onConfirm` rejected, in their language. */
  failureMessage: (failure: unknown) => string;
  /** After the server succeeded: only now does what was deleted leave the page. */
  onDone?: () => void;
  onClose: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
  testIds: { dialog: string; error: string; confirm: string };
};

/**
 * Asks before something is deleted. The focus starts on "cancel"; while the request runs, Escape and the
 * backdrop leave the dialog open; a refusal is shown in the dialog, which stays open to try again.
 */
export function ConfirmDialog({
  title,
  text,
  labels,
  onConfirm,
  failureMessage,
  onDone,
  onClose,
  returnFocus,
  testIds,
}: Props) {
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
      setError(failureMessage(failure));
      setWorking(false);
      return;
    }
    onDone?.();
  }

  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={working}
      initialFocus={cancelRef}
      returnFocus={returnFocus}
      testId={testIds.dialog}
    >
      <p>{text}</p>
      {error && (
        <p className="notice notice--error" role="alert" data-testid={testIds.error}>
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button ref={cancelRef} type="button" className="button button--secondary" onClick={onClose} disabled={working}>
          {labels.cancel}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => void confirm()}
          disabled={working}
          data-testid={testIds.confirm}
        >
          {working && <span className="spinner" aria-hidden="true" />}
          {working ? labels.working : labels.confirm}
        </button>
      </div>
    </Dialog>
  );
}
