import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';

/** Account deletion (spec §4): described now, switched on once the server offers DELETE /api/auth/user. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const noteId = useId();
  return (
    <section className="account-section account-section--danger" aria-labelledby="account-delete">
      <h2 id="account-delete">{t('pages.account.delete.title')}</h2>
      <p>{t('pages.account.delete.text')}</p>
      <p className="muted" id={noteId}>
        {t('pages.account.delete.unavailable')}
      </p>
      <button type="button" className="button button--danger" disabled aria-describedby={noteId}>
        {t('pages.account.delete.button')}
      </button>
    </section>
  );
}
