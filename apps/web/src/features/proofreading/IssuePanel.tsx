import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { Issue } from './corrections.state';

type Props = {
  id: string;
  issue: Issue;
  /** The words the issue marks, as they stand in the text. */
  found: string;
  onApply: (replacement: string) => void;
  onIgnore: () => void;
  /** Ignores every issue of this rule, in this text and in the session's later checks. */
  onIgnoreRule: () => void;
  onAddToDictionary: () => void;
  /** Adding the word to the dictionary is under way. */
  adding: boolean;
  /** Why adding the word failed, in the user's language. */
  addError: string | null;
  onClose: () => void;
};

/**
 * One issue, opened from its mark: the message, each suggestion as a button (an empty one deletes the words),
 * "Ignore", "Ignore rule" (for this session; not for Hunspell's, which would hide every misspelling), and for a
 * spelling issue "Add to dictionary". Takes the focus when it opens; Escape closes it.
 * Beside the text on a wide screen, a bottom sheet on a narrow one.
 */
export function IssuePanel(props: Props) {
  const { id, issue, found, onApply, onIgnore, onIgnoreRule, onAddToDictionary, adding, addError, onClose } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    panel.current?.querySelector<HTMLButtonElement>('[data-autofocus]')?.focus();
  }, []);

  function onKey(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  }

  // Two checkers may propose the same word; it is offered once.
  const suggestions = [...new Set(issue.suggestions)];
  const hasSuggestions = suggestions.length > 0;

  return (
    <section
      ref={panel}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className="proofreading__panel"
      onKeyDown={onKey}
      data-testid="issue-panel"
      data-kind={issue.kind}
    >
      <div className="proofreading__panel-header">
        <h3 id={titleId} className="proofreading__panel-title">
          <span className={`proofreading__swatch proofreading__mark--${issue.kind}`} aria-hidden="true">
            {'\u00a0\u00a0\u00a0\u00a0'}
          </span>{' '}
          {t(`proofreading.kinds.${issue.kind}`)}
        </h3>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={onClose}
          data-autofocus={hasSuggestions ? undefined : true}
          data-testid="issue-close"
        >
          {t('proofreading.panel.close')}
        </button>
      </div>
      <p className="proofreading__found">{found}</p>
      <p data-testid="issue-message">{issue.message}</p>
      {hasSuggestions ? (
        <ul className="proofreading__suggestions" aria-label={t('proofreading.panel.suggestions')}>
          {suggestions.map((suggestion, index) => (
            <li key={suggestion}>
              <button
                type="button"
                className="button button--small"
                onClick={() => onApply(suggestion)}
                data-autofocus={index === 0 ? true : undefined}
                data-testid="issue-suggestion"
              >
                {suggestion === '' ? t('proofreading.panel.delete', { found }) : suggestion}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" data-testid="issue-no-suggestion">
          {t('proofreading.panel.noSuggestion')}
        </p>
      )}
      <div className="proofreading__panel-actions">
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={onIgnore}
          data-testid="issue-ignore"
        >
          {t('proofreading.panel.ignore')}
        </button>
        {issue.rule !== 'HUNSPELL' && (
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={onIgnoreRule}
            data-testid="issue-ignore-rule"
          >
            {t('proofreading.panel.ignoreRule')}
          </button>
        )}
        {issue.kind === 'spelling' && (
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={onAddToDictionary}
            disabled={adding}
            data-testid="issue-add-word"
          >
            {adding ? t('proofreading.panel.adding') : t('proofreading.panel.addToDictionary')}
          </button>
        )}
      </div>
      {addError && (
        <p className="field__error" role="alert" data-testid="issue-add-error">
          {addError}
        </p>
      )}
      <p className="muted proofreading__rule">
        {t('proofreading.panel.origin', { origin: t(`proofreading.origins.${issue.origin}`), rule: issue.rule })}
      </p>
    </section>
  );
}
