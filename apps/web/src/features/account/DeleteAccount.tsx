import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { Dialog } from '../../components/dialog/Dialog';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { accountDeletedPath, clearSession, forgetProfile } from '../auth';
import { deleteAccount } from './account.api';

/**
 * Account deletion (spec §4): a dialog that asks for the account's e-mail address before DELETE /api/auth/user.
 * Afterwards the session is only forgotten here (the server has ended it) and the start page says a new
 * login creates a new account. While a subscription is in force the server refuses, and the dialog says why.
 */
export function DeleteAccount({ email }: { email: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const openRef = useRef<HTMLButtonElement>(null);
  return (
    <section className="account-section account-section--danger" aria-labelledby="account-delete">
      <h2 id="account-delete">{t('pages.account.delete.title')}</h2>
      <p>{t('pages.account.delete.text')}</p>
      <button
        ref={openRef}
        type="button"
        className="button button--danger"
        onClick={() => setOpen(true)}
        data-testid="delete-account-open"
      >
        {t('pages.account.delete.button')}
      </button>
      {open && <DeleteAccountDialog email={email} onClose={() => setOpen(false)} returnFocus={openRef} />}
    </section>
  );
}

type DialogProps = { email: string; onClose: () => void; returnFocus: RefObject<HTMLButtonElement | null> };

function DeleteAccountDialog({ email, onClose, returnFocus }: DialogProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmed = typed.trim().toLowerCase() === email.trim().toLowerCase();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmed || deleting) return;
    setDeleting(true);
    setError(null);
    try {
      await deleteAccount();
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('Deleting the account failed', failure);
      setError(
        failure instanceof ApiError && failure.code === 'account_deletion_error'
          ? failure.message
          : t('errors:request_failed'),
      );
      setDeleting(false);
      return;
    }
    forgetProfile();
    clearSession();
    void navigate(accountDeletedPath(locale), { replace: true });
  }

  return (
    <Dialog
      title={t('pages.account.delete.dialogTitle')}
      onClose={onClose}
      busy={deleting}
      initialFocus={inputRef}
      returnFocus={returnFocus}
      testId="delete-account-dialog"
    >
      <form onSubmit={submit} noValidate>
        <p>{t('pages.account.delete.dialogText')}</p>
        <div className="field">
          <label htmlFor={inputId}>{t('pages.account.delete.confirmLabel', { email })}</label>
          <input
            ref={inputRef}
            id={inputId}
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            readOnly={deleting}
            onChange={(event) => setTyped(event.target.value)}
            data-testid="delete-account-email"
          />
        </div>
        {error && (
          <p className="notice notice--error" role="alert" data-testid="delete-account-error">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={deleting}>
            {t('pages.account.delete.cancel')}
          </button>
          <button
            type="submit"
            className="button button--danger"
            disabled={!confirmed || deleting}
            data-testid="delete-account-confirm"
          >
            {deleting ? t('pages.account.delete.deleting') : t('pages.account.delete.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
