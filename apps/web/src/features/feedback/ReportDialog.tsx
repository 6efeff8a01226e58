import { REPORT_REASONS, type ReportReason } from '@quire/contracts';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import { Dialog } from '../../components/dialog/Dialog';
import { useTranslation } from '../../i18n/use-translation';
import { reportResult } from './feedback.api';
import { ThanksDialog } from './ThanksDialog';
import { useSubmission } from './use-submission';
import './feedback-styles';

/** "Report a result" (spec §2 report dialog): why (a reason to pick) and what is wrong, stored with the result. */
export function ReportDialog({
  resultId,
  onClose,
  returnFocus,
}: {
  resultId: string;
  onClose: () => void;
  /** The button that opened it, focused again on close (a click does not focus a button in every browser). */
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [comment, setComment] = useState('');
  const { state, submit, fail, fieldError, sending } = useSubmission('Report');

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing = [];
    if (!reason) missing.push({ path: 'reason', message: t('validation:required', { field: t('fields:reason') }) });
    if (reason === 'other' && !comment.trim()) {
      missing.push({ path: 'comment', message: t('validation:required', { field: t('fields:comment') }) });
    }
    if (!reason || missing.length > 0) {
      fail(missing);
      return;
    }
    void submit(() =>
      reportResult({ result_id: resultId, reason, ...(comment.trim() ? { comment: comment.trim() } : {}) }),
    );
  }

  if (state.kind === 'sent') {
    return (
      <ThanksDialog
        title={t('feedback.report.title')}
        text={t('feedback.report.thanks')}
        onClose={onClose}
        returnFocus={returnFocus}
        testIds={{ dialog: 'report-dialog', thanks: 'report-thanks' }}
      />
    );
  }

  const commentError = fieldError('comment');
  return (
    <Dialog
      title={t('feedback.report.title')}
      onClose={onClose}
      busy={sending}
      returnFocus={returnFocus}
      testId="report-dialog"
    >
      <form className="feedback-form" onSubmit={send} noValidate aria-busy={sending}>
        <p className="muted">{t('feedback.report.intro')}</p>
        <ReasonField
          id={`${id}-reason`}
          value={reason}
          onChange={setReason}
          disabled={sending}
          error={fieldError('reason')}
        />
        <div className="field">
          <label htmlFor={`${id}-comment`}>
            {reason === 'other' ? t('feedback.report.commentRequired') : t('feedback.report.commentLabel')}
          </label>
          <textarea
            id={`${id}-comment`}
            rows={4}
            maxLength={2_000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            disabled={sending}
            aria-invalid={commentError ? true : undefined}
            aria-describedby={commentError ? `${id}-comment-error` : undefined}
            data-testid="report-comment"
          />
          {commentError && (
            <p className="field__error" id={`${id}-comment-error`}>
              {commentError}
            </p>
          )}
        </div>
        {state.kind === 'error' && state.message && (
          <p className="notice notice--error" role="alert" data-testid="report-error">
            {state.message}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={sending}>
            {t('feedback.cancel')}
          </button>
          <button type="submit" className="button" disabled={sending} data-testid="report-send">
            {sending ? t('feedback.sending') : t('feedback.report.send')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

type ReasonFieldProps = {
  id: string;
  value: ReportReason | '';
  onChange: (reason: ReportReason | '') => void;
  disabled: boolean;
  error: string | undefined;
};

/** Why the result is reported: one of the reasons, or none yet (which the form refuses). */
function ReasonField({ id, value, onChange, disabled, error }: ReasonFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{t('feedback.report.reasonLabel')}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ReportReason | '')}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid="report-reason"
      >
        <option value="">{t('feedback.report.choose')}</option>
        {REPORT_REASONS.map((option) => (
          <option key={option} value={option}>
            {t(`feedback.report.reasons.${option}`)}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
