import type { FeatureSlug } from '@quire/contracts';
import { Link, useParams } from 'react-router';
import { useLocalePath } from '../../app/use-locale';
import { ComingSoon } from '../../components/ComingSoon';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/use-translation';

/** A tool page (/feature/{tool}); the loader has already checked the slug. Its form comes with the tools issues. */
export function FeaturePage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const slug = useParams().feature as FeatureSlug;
  const title = t(`tools.${slug}.title`);
  return (
    <article className="page">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t(`tools.${slug}.description`)}</p>
      {slug === 'write-essay' && (
        <p className="notice notice--warning" role="note">
          {t('pages.feature.essayPhaseOut')}{' '}
          <Link to={to('feature/write-chapter')}>{t('tools.write-chapter.title')}</Link>
        </p>
      )}
      <ComingSoon>{t('pages.feature.soon')}</ComingSoon>
    </article>
  );
}
