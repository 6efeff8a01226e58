import { useTranslation } from '../i18n/use-translation';

/** First focusable element of every layout: jumps past the navigation to the page content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t('nav.skipToContent')}
    </a>
  );
}
