import type { RefObject } from 'react';
import { Link } from 'react-router';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { Dialog } from './Dialog';

type Props = {
  /** `word_limit_reached` or `subscription_required`. */
  code: string;
  /** The server's translated message. */
  message: string;
  onClose: () => void;
  /** Gets the focus back when the dialog closes (the control that started the run). */
  returnFocus?: RefObject<HTMLElement | null>;
};

/** The limit dialog (spec §2): the words are used up or the tool needs a plan; it leads to the plans. */
export function LimitDialog({ code, message, onClose, returnFocus }: Props) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const kind = code === 'subscription_required' ? 'subscription' : 'words';
  return (
    <Dialog
      title={t(`generation.limit.${kind}Title`)}
      onClose={onClose}
      returnFocus={returnFocus}
      testId="limit-dialog"
    >
      <p>{message}</p>
      <p className="muted">{t('generation.limit.hint')}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('generation.limit.close')}
        </button>
        <Link className="button" to={to('pricing')} data-testid="limit-pricing">
          {t('generation.limit.pricing')}
        </Link>
      </div>
    </Dialog>
  );
}
