import { Link } from 'react-router';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';

/** Links to the newer and the older page of the index (`?page=`); nothing when everything fits on one page. */
export function BlogPagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  if (pages <= 1) return null;
  const pageLink = (target: number) => (target === 1 ? to('blog') : `${to('blog')}?page=${target}`);
  return (
    <nav className="blog-pagination" aria-label={t('blog.index.pagination')} data-testid="blog-pagination">
      {page > 1 ? (
        <Link to={pageLink(page - 1)} rel="prev" data-testid="blog-newer">
          {t('blog.index.newer')}
        </Link>
      ) : (
        <span />
      )}
      <span className="muted" aria-current="page">
        {t('blog.index.pageOf', { page, pages })}
      </span>
      {page < pages ? (
        <Link to={pageLink(page + 1)} rel="next" data-testid="blog-older">
          {t('blog.index.older')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
