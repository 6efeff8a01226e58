import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

type Props = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** While true (a request under way), Escape and the backdrop leave the dialog open. */
  busy?: boolean;
  /** Receives the focus when the dialog opens; otherwise its first focusable element does. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Receives the focus when the dialog closes; otherwise whatever had it before (a click does not focus a button everywhere). */
  returnFocus?: RefObject<HTMLElement | null>;
  testId?: string;
};

/**
 * A modal dialog (DESIGN "Interaction"): focus moves in when it opens, Tab and Shift+Tab stay inside, focus
 * that leaves by other means is brought back, Escape or a click on the backdrop closes it, and the focus
 * returns to where it was. Rendered while open; the caller unmounts it to close.
 */
export function Dialog({ title, onClose, children, busy = false, initialFocus, returnFocus, testId }: Props) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ onClose, busy });
  latest.current = { onClose, busy };

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves in once, when the dialog opens.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? focusables(dialog)[0] ?? dialog).focus();
    const onFocusIn = (event: FocusEvent) => {
      if (!dialog.contains(event.target as Node)) (focusables(dialog)[0] ?? dialog).focus();
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.overflow = overflow;
      (returnFocus?.current ?? previous)?.focus();
    };
  }, []);

  function close() {
    if (!latest.current.busy) latest.current.onClose();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = focusables(dialogRef.current);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="dialog-layer">
      <div className="dialog-backdrop" aria-hidden="true" onMouseDown={close} data-testid="dialog-backdrop" />
      <div
        ref={dialogRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[hidden]'));
}
