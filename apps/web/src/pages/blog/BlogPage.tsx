import { useSearchParams } from 'react-router';
import { NotFound } from '../../app/error/NotFound';
import { PageTitle } from '../../components/PageTitle';
import { BlogCard } from '../../features/blog/BlogCard';
import { BlogNotice } from '../../features/blog/BlogNotice';
import { BlogPagination } from '../../features/blog/BlogPagination';
import { fetchBlogIndex } from '../../features/blog/blog.api';
import { useBlogRequest } from '../../features/blog/use-blog-request';
import { useMetaDescription } from '../../features/blog/use-meta-description';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import '../../features/blog/blog.css';

/** /blog: the articles in the page's language, newest first, nine to a page (`?page=`). */
export function BlogPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [query] = useSearchParams();
  const page = pageNumber(query.get('page'));
  // An invalid ?page= is not found without asking the server; page 1 stands in for it meanwhile.
  const { request, retry } = useBlogRequest(`${locale}:${page}`, (signal) => fetchBlogIndex(page ?? 1, { signal }));
  useMetaDescription(t('blog.meta.description'));

  if (page === null || request.status === 'notFound') return <NotFound />;
  return (
    <article className="page blog">
      <PageTitle documentTitle={t('blog.meta.title')}>{t('blog.index.title')}</PageTitle>
      <p className="lead">{t('blog.index.lead')}</p>
      {request.status === 'loading' && <BlogNotice kind="loading" />}
      {request.status === 'error' && (
        <BlogNotice kind="error" where="index" message={request.message} onRetry={retry} />
      )}
      {request.status === 'ready' &&
        (request.value.items.length === 0 ? (
          <p className="muted" data-testid="blog-empty">
            {t('blog.index.empty')}
          </p>
        ) : (
          <>
            <ul className="blog-list" data-testid="blog-list">
              {request.value.items.map((article) => (
                <BlogCard key={article.slug} article={article} />
              ))}
            </ul>
            <BlogPagination page={request.value.page} pages={request.value.pages} />
          </>
        ))}
    </article>
  );
}

/** The `?page=` of the address: 1 when absent, null when it is no page number. */
function pageNumber(value: string | null): number | null {
  if (value === null) return 1;
  return /^[1-9]\d{0,4}$/.test(value) ? Number(value) : null;
}
