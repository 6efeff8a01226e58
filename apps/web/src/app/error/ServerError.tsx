import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { ContactForm } from '../../features/contact/ContactForm';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';

/** Subject of reports sent from the error page (spec §2). */
export const ERROR_PAGE_SUBJECT = 'errorpage';

export function ServerError({ status, message }: { status: number; message: string | undefined }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <section className="error-page" data-testid="error-page">
      <p className="error-page__status">{t('errorPage.status', { status })}</p>
      <PageTitle documentTitle={t('errorPage.title')}>{t('errorPage.title')}</PageTitle>
      {message && (
        <details className="error-page__details">
          <summary>{t('errorPage.details')}</summary>
          <code>{message}</code>
        </details>
      )}
      <p className="lead">{t('errorPage.hint')}</p>
      <ContactForm subject={ERROR_PAGE_SUBJECT} emailField="hidden" messageLabel={t('errorPage.messageLabel')} />
      <p className="error-page__home">
        <Link to={to('')} className="button button--secondary">
          {t('common.backHome')}
        </Link>
      </p>
    </section>
  );
}
