import { Link } from 'react-router';
import { useLocalePath } from '../../app/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { PlaceholderPage } from '../PlaceholderPage';

export function BlogArticlePage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <PlaceholderPage pageKey="blogArticle">
      <p>
        <Link to={to('blog')}>{t('pages.blogArticle.back')}</Link>
      </p>
    </PlaceholderPage>
  );
}
