import { PageTitle } from '../../components/PageTitle';
import { ContactForm } from '../../features/contact/ContactForm';
import { useTranslation } from '../../i18n/use-translation';

export function ContactPage() {
  const { t } = useTranslation();
  const title = t('pages.contact.title');
  return (
    <article className="page page--narrow">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t('pages.contact.intro')}</p>
      <ContactForm emailField="visible" messageLabel={t('fields:body')} />
    </article>
  );
}
