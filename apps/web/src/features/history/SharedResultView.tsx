import { GENERATION_SLUGS, LOCALE_INFO, type SharedResult } from '@quire/contracts';
import { Link } from 'react-router';
import { MarkdownText } from '../../components/markdown/MarkdownText';
import { PageTitle } from '../../components/PageTitle';
import { useLocale, useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';

/**
 * A result someone shared: a notice that it is shared and read-only with an invitation to try Quire, its
 * tool, title and date, and its text and cited passages. Nothing about its author.
 */
export function SharedResultView({ result }: { result: SharedResult }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const tool =
    result.tool_name ??
    ((GENERATION_SLUGS as readonly string[]).includes(result.slug) ? t(`tools.${result.slug}.title`) : null);
  const date = new Intl.DateTimeFormat(LOCALE_INFO[locale].meta.htmlLang, { dateStyle: 'long' }).format(
    new Date(result.created_at),
  );

  return (
    <article className="page shared-result" data-testid="shared-result">
      <aside className="notice shared-result__notice" data-testid="shared-notice">
        <p>{t('share.page.notice')}</p>
        <Link className="button button--small" to={to('')} data-testid="shared-cta">
          {t('share.page.cta')}
        </Link>
      </aside>
      <PageTitle documentTitle={result.title}>{result.title}</PageTitle>
      <p className="shared-result__meta muted" data-testid="shared-meta">
        {tool && (
          <>
            <span data-testid="shared-tool">{tool}</span>
            <span aria-hidden="true"> · </span>
          </>
        )}
        <time dateTime={result.created_at}>{date}</time>
      </p>
      <MarkdownText text={result.text} citations={result.citations} />
      {result.citations.length > 0 && (
        <section className="shared-result__citations" aria-labelledby="shared-citations">
          <h2 id="shared-citations">{t('share.page.citations', { total: result.citations.length })}</h2>
          <ol>
            {result.citations.map((citation, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: citations are numbered by their place.
              <li key={index} data-testid="shared-citation">
                <q>{citation.passage}</q>{' '}
                <span className="muted">
                  {citation.page === null ? t('share.page.noPage') : t('share.page.page', { page: citation.page })}
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </article>
  );
}
