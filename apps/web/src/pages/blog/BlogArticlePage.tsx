import { useParams } from 'react-router';
import { NotFound } from '../../app/error/NotFound';
import { BlogArticleView } from '../../features/blog/BlogArticleView';
import { BlogNotice } from '../../features/blog/BlogNotice';
import { fetchBlogArticle } from '../../features/blog/blog.api';
import { useBlogRequest } from '../../features/blog/use-blog-request';
import { useLocale } from '../../i18n/use-locale';
import '../../features/blog/blog.css';

/** /blog/{article}: one article in the page's language; an article that does not exist there is not found. */
export function BlogArticlePage() {
  const locale = useLocale();
  const slug = useParams().article ?? '';
  const { request, retry } = useBlogRequest(`${locale}:${slug}`, (signal) => fetchBlogArticle(slug, { signal }));

  switch (request.status) {
    case 'ready':
      return <BlogArticleView article={request.value} />;
    case 'notFound':
      return <NotFound />;
    case 'error':
      return (
        <article className="page">
          <BlogNotice kind="error" where="article" message={request.message} onRetry={retry} />
        </article>
      );
    default:
      return (
        <article className="page">
          <BlogNotice kind="loading" />
        </article>
      );
  }
}
