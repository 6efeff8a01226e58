import { REPORT_REASONS, type ReportReason } from '@quire/contracts';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { Dialog } from '../../components/dialog/Dialog';
import { useTranslation } from '../../i18n/use-translation';
import { reportResult } from './feedback.api';
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
  const closeRef = useRef<HTMLButtonElement>(null);

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
      <Dialog
        title={t('feedback.report.title')}
        onClose={onClose}
        initialFocus={closeRef}
        returnFocus={returnFocus}
        testId="report-dialog"
      >
        <p className="notice notice--success" role="status" data-testid="report-thanks">
          {t('feedback.report.thanks')}
        </p>
        <div className="dialog__actions">
          <button ref={closeRef} type="button" className="button" onClick={onClose}>
            {t('feedback.close')}
          </button>
        </div>
      </Dialog>
    );
  }

  const reasonError = fieldError('reason');
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
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t('feedback.report.reasonLabel')}</label>
          <select
            id={`${id}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value as ReportReason | '')}
            disabled={sending}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            data-testid="report-reason"
          >
            <option value="">{t('feedback.report.choose')}</option>
            {REPORT_REASONS.map((option) => (
              <option key={option} value={option}>
                {t(`feedback.report.reasons.${option}`)}
              </option>
            ))}
          </select>
          {reasonError && (
            <p className="field__error" id={`${id}-reason-error`}>
              {reasonError}
            </p>
          )}
        </div>
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
