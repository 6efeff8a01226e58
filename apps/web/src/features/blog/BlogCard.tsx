import type { BlogSummary } from '@quire/contracts';
import { Link } from 'react-router';
import { useLocale, useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { formatBlogDate } from './blog-date';

/** One article in the index: its cover, title (the link), date, reading time and description. */
export function BlogCard({ article }: { article: BlogSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <li className="blog-card" data-testid="blog-card">
      <img
        className="blog-card__cover"
        src={article.cover}
        alt=""
        width={1200}
        height={630}
        loading="lazy"
        decoding="async"
      />
      <div className="blog-card__text">
        <h2 className="blog-card__title">
          <Link to={to(`blog/${article.slug}`)} data-testid="blog-card-link">
            {article.title}
          </Link>
        </h2>
        <p className="blog-card__meta muted" data-testid="blog-card-meta">
          <time dateTime={article.date}>{formatBlogDate(article.date, locale)}</time>
          <span aria-hidden="true"> · </span>
          {t('blog.index.readingTime', { minutes: article.reading_minutes })}
        </p>
        <p className="blog-card__description">{article.description}</p>
      </div>
    </li>
  );
}
