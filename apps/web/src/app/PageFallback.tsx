import { useTranslation } from '../i18n/use-translation';

/** Shown while the first page of a visit loads (the top progress bar shows the progress). */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <main className="page-fallback" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
    </main>
  );
}
