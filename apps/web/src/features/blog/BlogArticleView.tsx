import { type BlogArticle, LOCALE_INFO, LOCALES, localePath } from '@quire/contracts';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { ArticleHtml } from './ArticleHtml';
import { formatBlogDate } from './blog-date';
import { useMetaDescription } from './use-meta-description';

/** An article: title, date, reading time, cover, body, its other languages and the way back to the index. */
export function BlogArticleView({ article }: { article: BlogArticle }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  useMetaDescription(article.description);
  const translations = LOCALES.flatMap((code) => {
    const slug = article.translations[code];
    return slug ? [{ code, slug }] : [];
  });

  return (
    <article className="page blog-article" data-testid="blog-article" lang={LOCALE_INFO[article.locale].meta.htmlLang}>
      <p className="blog-article__back">
        <Link to={to('blog')} data-testid="blog-back">
          {t('blog.article.back')}
        </Link>
      </p>
      <PageTitle documentTitle={article.title}>{article.title}</PageTitle>
      <p className="blog-article__meta muted" data-testid="blog-article-meta">
        <time dateTime={article.date}>{formatBlogDate(article.date, article.locale)}</time>
        <span aria-hidden="true"> · </span>
        {t('blog.article.readingTime', { minutes: article.reading_minutes })}
      </p>
      <img className="blog-article__cover" src={article.cover} alt="" width={1200} height={630} decoding="async" />
      <ArticleHtml html={article.html} />
      {translations.length > 0 && (
        <aside className="blog-article__translations" data-testid="blog-translations">
          <p>{t('blog.article.translations')}</p>
          <ul>
            {translations.map(({ code, slug }) => (
              <li key={code}>
                <Link
                  to={localePath(code, `blog/${slug}`)}
                  lang={LOCALE_INFO[code].meta.htmlLang}
                  hrefLang={LOCALE_INFO[code].meta.htmlLang}
                  data-testid={`blog-translation-${code}`}
                >
                  {LOCALE_INFO[code].title}
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      )}
    </article>
  );
}
