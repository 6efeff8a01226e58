import { useTranslation } from '../../i18n/use-translation';

type Props = { kind: 'loading' } | { kind: 'error'; where: 'index' | 'article'; message: string; onRetry: () => void };

/** What a blog page shows while it loads, or when loading failed: what failed, why, and a way to try again. */
export function BlogNotice(props: Props) {
  const { t } = useTranslation();
  if (props.kind === 'loading') {
    return (
      <p className="muted" role="status" data-testid="blog-loading">
        <span className="spinner" aria-hidden="true" />
        {t('common.loading')}
      </p>
    );
  }
  return (
    <div className="notice notice--error" role="alert" data-testid="blog-error">
      <p>
        <strong>{t(`blog.${props.where}.error`)}</strong> {props.message}
      </p>
      <button type="button" className="button button--small" onClick={props.onRetry}>
        {t(`blog.${props.where}.retry`)}
      </button>
    </div>
  );
}
