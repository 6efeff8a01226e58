import { type GenerationResult, LOCALE_INFO } from '@quire/contracts';
import { useId, useState } from 'react';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import type { LoadStatus } from '../../lib/query-client';

type Props = {
  entries: readonly GenerationResult[];
  status: LoadStatus;
  /** Why the history could not be loaded, while it shows nothing. */
  error: string | null;
  activeId: string | null;
  onOpen: (entry: GenerationResult) => void;
  /** Resolves with whether the server deleted it. */
  onDelete: (entry: GenerationResult) => Promise<boolean>;
};

/** A tool's earlier results, newest first (spec §2 "history"): open one to see it in place, or delete it. */
export function HistoryPanel({ entries, status, error, activeId, onOpen, onDelete }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  const [deleting, setDeleting] = useState<string | null>(null);
  const format = new Intl.DateTimeFormat(LOCALE_INFO[locale].meta.htmlLang, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  async function remove(entry: GenerationResult) {
    setDeleting(entry.id);
    try {
      await onDelete(entry);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section className="history" aria-labelledby={headingId} data-testid="history">
      <h2 id={headingId} className="history__title">
        {t('generation.history.title')}
      </h2>
      {status === 'error' ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : status === 'loading' ? (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('generation.history.loading')}
        </p>
      ) : entries.length === 0 ? (
        <p className="muted" data-testid="history-empty">
          {t('generation.history.empty')}
        </p>
      ) : (
        <ul className="history__list">
          {entries.map((entry) => {
            const date = format.format(new Date(entry.created_at));
            const title = entryTitle(entry) ?? t('generation.history.untitled');
            return (
              <li
                key={entry.id}
                className={`history__item${entry.id === activeId ? ' history__item--active' : ''}`}
                data-testid="history-item"
                data-id={entry.id}
                aria-current={entry.id === activeId ? 'true' : undefined}
              >
                <button
                  type="button"
                  className="history__open"
                  onClick={() => onOpen(entry)}
                  // Named by what it shows (title, date, words): a different label hides the visible text from voice control.
                  data-testid="history-open"
                >
                  <span className="history__name">{title}</span>
                  <span className="history__meta muted">
                    {date} · {t('generation.result.words', { words: entry.words_used })}
                  </span>
                </button>
                <button
                  type="button"
                  className="button button--small button--secondary history__delete"
                  onClick={() => void remove(entry)}
                  disabled={deleting === entry.id}
                  aria-label={t('generation.history.delete', { title, date })}
                  data-testid="history-delete"
                >
                  {t('generation.history.deleteShort')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

const TITLE_INPUTS = ['headline', 'topic', 'prompt', 'text', 'interests', 'study_subject'];
const TITLE_MAX = 80;

/** What a result was about, from its inputs: the chapter's focus, the topic, or the start of the prompt or text. */
export function entryTitle(entry: Pick<GenerationResult, 'inputs'>): string | null {
  for (const key of TITLE_INPUTS) {
    const value = entry.inputs[key];
    if (typeof value !== 'string' || !value.trim()) continue;
    const text = value.trim().replace(/\s+/g, ' ');
    return text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text;
  }
  return null;
}
