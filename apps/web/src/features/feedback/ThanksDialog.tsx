import { type RefObject, useRef } from 'react';
import { Dialog } from '../../components/dialog/Dialog';
import { useTranslation } from '../../i18n/use-translation';

type Props = {
  title: string;
  text: string;
  onClose: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
  testIds: { dialog: string; thanks: string };
};

/** What a feedback dialog becomes once its message is sent: the thanks, and a close button that has the focus. */
export function ThanksDialog({ title, text, onClose, returnFocus, testIds }: Props) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={title} onClose={onClose} initialFocus={closeRef} returnFocus={returnFocus} testId={testIds.dialog}>
      <p className="notice notice--success" role="status" data-testid={testIds.thanks}>
        {text}
      </p>
      <div className="dialog__actions">
        <button ref={closeRef} type="button" className="button" onClick={onClose}>
          {t('feedback.close')}
        </button>
      </div>
    </Dialog>
  );
}
