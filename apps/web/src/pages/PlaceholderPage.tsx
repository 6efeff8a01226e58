import type { ReactNode } from 'react';
import { ComingSoon } from '../components/ComingSoon';
import { PageTitle } from '../components/PageTitle';
import { useTranslation } from '../i18n/use-translation';

/**
 * The real frame of a page whose content a later release adds: its title, its introduction and an
 * honest "coming soon" panel. Keys live under `app:pages.<key>` (title, intro, soon).
 */
export function PlaceholderPage({ pageKey, children }: { pageKey: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const title = t(`pages.${pageKey}.title`);
  return (
    <article className="page">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t(`pages.${pageKey}.intro`)}</p>
      <ComingSoon>{t(`pages.${pageKey}.soon`)}</ComingSoon>
      {children}
    </article>
  );
}
