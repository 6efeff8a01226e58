import { CANCELLATION_REASONS, type CurrentPlan } from '@quire/contracts';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../components/dialog/Dialog';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { cancelSubscription } from './billing.api';
import { type CancelForm, type CancelFormErrors, checkCancelForm } from './cancel-form';

type Props = {
  onClose: () => void;
  onCancelled: (plan: CurrentPlan) => void;
  returnFocus: RefObject<HTMLButtonElement | null>;
};

/**
 * Cancelling (spec §4): a reason is required, and for 'other' a few words; the subscription then runs to the
 * end of its period. A failure says to contact support.
 */
export function CancelSubscriptionDialog({ onClose, onCancelled, returnFocus }: Props) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const commentId = useId();
  const firstReason = useRef<HTMLInputElement>(null);
  const [form, setForm] = useState<CancelForm>({ reason: null, comment: '' });
  const [errors, setErrors] = useState<CancelFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const check = checkCancelForm(form);
    if (!check.ok) {
      setErrors(check.errors);
      (check.errors.reason ? firstReason.current : document.getElementById(commentId))?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    setFailed(false);
    try {
      onCancelled(await cancelSubscription(check.request));
    } catch (error) {
      console.error('Cancelling the subscription failed', error);
      setFailed(true);
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={t('billing.cancel.title')}
      onClose={onClose}
      busy={busy}
      initialFocus={firstReason}
      returnFocus={returnFocus}
      testId="cancel-dialog"
    >
      <form onSubmit={submit} noValidate>
        <p>{t('billing.cancel.text')}</p>
        <fieldset className="cancel-reasons" aria-invalid={Boolean(errors.reason)} disabled={busy}>
          <legend>{t('billing.cancel.reasonLabel')}</legend>
          {CANCELLATION_REASONS.map((reason, index) => (
            <label key={reason} className="cancel-reasons__option">
              <input
                ref={index === 0 ? firstReason : undefined}
                type="radio"
                name="cancel-reason"
                value={reason}
                checked={form.reason === reason}
                onChange={() => setForm((current) => ({ ...current, reason }))}
                data-testid={`cancel-reason-${reason}`}
              />
              {t(`billing.cancel.reasons.${reason}`)}
            </label>
          ))}
          {errors.reason && (
            <p className="field__error" role="alert" data-testid="cancel-reason-error">
              {t(errors.reason)}
            </p>
          )}
        </fieldset>
        {form.reason === 'other' && (
          <div className="field">
            <label htmlFor={commentId}>{t('billing.cancel.commentLabel')}</label>
            <textarea
              id={commentId}
              rows={3}
              maxLength={2_000}
              required
              value={form.comment}
              readOnly={busy}
              aria-invalid={Boolean(errors.comment)}
              onChange={(event) => setForm((current) => ({ ...current, comment: event.target.value }))}
              data-testid="cancel-comment"
            />
            {errors.comment && (
              <p className="field__error" role="alert" data-testid="cancel-comment-error">
                {t(errors.comment)}
              </p>
            )}
          </div>
        )}
        {failed && (
          <p className="notice notice--error" role="alert" data-testid="cancel-error">
            {t('errors:cancellation_failed')} <Link to={to('contact')}>{t('billing.contactLink')}</Link>
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {t('billing.cancel.keep')}
          </button>
          <button type="submit" className="button button--danger" disabled={busy} data-testid="cancel-confirm">
            {busy ? t('billing.cancel.cancelling') : t('billing.cancel.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
