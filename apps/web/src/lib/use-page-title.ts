import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';

/** Sets the document title to "{title} · Quire" in the current language; the bare brand when no title. */
export function usePageTitle(title: string | null): void {
  const { t } = useTranslation();
  const full = title ? t('meta.titleTemplate', { title }) : t('meta.homeTitle');
  useEffect(() => {
    document.title = full;
  }, [full]);
}
