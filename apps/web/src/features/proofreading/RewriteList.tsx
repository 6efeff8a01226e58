import { useTranslation } from '../../i18n/use-translation';
import type { Rewrite } from './corrections.state';

type Props = { rewrites: readonly Rewrite[]; model: string; onUse: (rewrite: Rewrite) => void };

/**
 * A language model's rewrites, apart from the corrections and never applied by themselves: each shows the
 * original, the rewrite and why, and goes into the text only with its own button.
 */
export function RewriteList({ rewrites, model, onUse }: Props) {
  const { t } = useTranslation();
  return (
    <section className="proofreading__rewrites" aria-labelledby="proofreading-rewrites-title" data-testid="rewrites">
      <h3 id="proofreading-rewrites-title">{t('proofreading.rewrites.title')}</h3>
      <p className="muted proofreading__hint">{t('proofreading.rewrites.hint', { model })}</p>
      {rewrites.length === 0 ? (
        <p className="muted proofreading__hint" data-testid="rewrites-none">
          {t('proofreading.rewrites.none')}
        </p>
      ) : (
        <ol>
          {rewrites.map((rewrite) => (
            <li key={rewrite.id} data-testid="rewrite">
              <p>
                <span className="visually-hidden">{t('proofreading.rewrites.original')} </span>
                <del>{rewrite.original}</del>
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden">{t('proofreading.rewrites.suggestion')} </span>
                <ins>{rewrite.suggestion}</ins>
              </p>
              <p className="muted">{t('proofreading.rewrites.reason', { reason: rewrite.reason })}</p>
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => onUse(rewrite)}
                data-testid="rewrite-use"
              >
                {t('proofreading.rewrites.use')}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
