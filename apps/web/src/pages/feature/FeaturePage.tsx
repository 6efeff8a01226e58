import { type FeatureSlug, GENERATION_SLUGS, type GenerationSlug } from '@quire/contracts';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon';
import { PageTitle } from '../../components/PageTitle';
import { FavouriteButton } from '../../features/tools/FavouriteButton';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { importWithReload } from '../../lib/chunk-reload';

// Each tool's form and results in a chunk of its own, loaded only on that tool's page.
const SourceChat = lazy(() =>
  importWithReload(() => import('../../features/source-chat/SourceChat')).then((module) => ({
    default: module.SourceChat,
  })),
);

const FindSources = lazy(() =>
  importWithReload(() => import('../../features/find-sources/FindSources')).then((module) => ({
    default: module.FindSources,
  })),
);

const Proofreading = lazy(() =>
  importWithReload(() => import('../../features/proofreading/Proofreading')).then((module) => ({
    default: module.Proofreading,
  })),
);

const AiDetector = lazy(() =>
  importWithReload(() => import('../../features/detector/AiDetector')).then((module) => ({
    default: module.AiDetector,
  })),
);

const Cards = lazy(() =>
  importWithReload(() => import('../../features/cards/Cards')).then((module) => ({
    default: module.Cards,
  })),
);

const GenerationTool = lazy(() =>
  importWithReload(() => import('../../features/generation/GenerationTool')).then((module) => ({
    default: module.GenerationTool,
  })),
);

function isGenerationSlug(slug: string): slug is GenerationSlug {
  return (GENERATION_SLUGS as readonly string[]).includes(slug);
}

/** A tool page (/feature/{tool}); the loader has already checked the slug. */
export function FeaturePage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const slug = useParams().feature as FeatureSlug;
  const title = t(`tools.${slug}.title`);
  return (
    <article className="page">
      <div className="page__title-row">
        <PageTitle documentTitle={title}>{title}</PageTitle>
        <FavouriteButton slug={slug} name={title} />
      </div>
      <p className="lead">{t(`tools.${slug}.description`)}</p>
      {slug === 'write-essay' && (
        <p className="notice notice--warning" role="note">
          {t('pages.feature.essayPhaseOut')}{' '}
          <Link to={to('feature/write-chapter')}>{t('tools.write-chapter.title')}</Link>
        </p>
      )}
      {slug === 'source-qa' ||
      slug === 'find-sources' ||
      slug === 'proofreading' ||
      slug === 'ai-detector' ||
      slug === 'cards' ||
      isGenerationSlug(slug) ? (
        <Suspense
          fallback={
            <p className="muted" role="status">
              <span className="spinner" aria-hidden="true" />
              {t('common.loading')}
            </p>
          }
        >
          {slug === 'source-qa' ? (
            <SourceChat />
          ) : slug === 'find-sources' ? (
            <FindSources />
          ) : slug === 'proofreading' ? (
            <Proofreading />
          ) : slug === 'ai-detector' ? (
            <AiDetector />
          ) : slug === 'cards' ? (
            <Cards />
          ) : (
            <GenerationTool key={slug} slug={slug as GenerationSlug} />
          )}
        </Suspense>
      ) : (
        <ComingSoon>{t('pages.feature.soon')}</ComingSoon>
      )}
    </article>
  );
}
