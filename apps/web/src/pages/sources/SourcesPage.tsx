import { PageTitle } from '../../components/PageTitle';
import { LinkForm } from '../../features/sources/LinkForm';
import { SourceLibrary } from '../../features/sources/SourceLibrary';
import { sourceAdded, useSources } from '../../features/sources/sources.queries';
import { UploadArea } from '../../features/sources/UploadArea';
import { useTranslation } from '../../i18n/use-translation';
import '../../features/sources/sources-styles';

/** My sources (spec §2): add PDFs and web articles, follow their processing, open and delete them. */
export function SourcesPage() {
  const { t } = useTranslation();
  const library = useSources();
  const title = t('pages.sources.title');

  return (
    <article className="page sources-page">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t('pages.sources.intro')}</p>
      <div className="sources-add">
        <UploadArea onUploaded={sourceAdded} />
        <LinkForm onAdded={sourceAdded} />
      </div>
      <SourceLibrary library={library} />
    </article>
  );
}
