import { type KeyboardEvent, type ReactNode, type RefObject, useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { type Issue, issueText } from './corrections.state';

type Props = {
  text: string;
  /** The text's language, so a screen reader pronounces it right. */
  language: string;
  /** The issues to underline, in text order and without overlaps. */
  marks: readonly Issue[];
  selectedId: number | null;
  panelId: string;
  onSelect: (issue: Issue, mark: HTMLButtonElement) => void;
  onClose: () => void;
  containerRef: RefObject<HTMLElement | null>;
};

/** Keys that move between the marks, and where they go. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => Math.min(index + 1, count - 1),
  ArrowDown: (index, count) => Math.min(index + 1, count - 1),
  ArrowLeft: (index) => Math.max(index - 1, 0),
  ArrowUp: (index) => Math.max(index - 1, 0),
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The checked text with every issue underlined in place: a button per issue, named by its kind, the words it
 * marks and the message, so Tab and the arrow keys go from one issue to the next and Enter opens it.
 */
export function MarkedText({ text, language, marks, selectedId, panelId, onSelect, onClose, containerRef }: Props) {
  const { t } = useTranslation();

  const pieces = useMemo(() => {
    const parts: ReactNode[] = [];
    let cursor = 0;
    for (const issue of marks) {
      if (issue.offset > cursor) parts.push(text.slice(cursor, issue.offset));
      const found = issueText(text, issue);
      parts.push(
        <button
          key={issue.id}
          type="button"
          className={`proofreading__mark proofreading__mark--${issue.kind}`}
          aria-label={t('proofreading.mark', {
            kind: t(`proofreading.kinds.${issue.kind}`),
            found,
            message: issue.message,
          })}
          aria-expanded={selectedId === issue.id}
          aria-controls={selectedId === issue.id ? panelId : undefined}
          data-issue-id={issue.id}
          data-offset={issue.offset}
          data-kind={issue.kind}
          data-testid="issue-mark"
          onClick={(event) => onSelect(issue, event.currentTarget)}
        >
          {found}
        </button>,
      );
      cursor = issue.offset + issue.length;
    }
    if (cursor < text.length) parts.push(text.slice(cursor));
    return parts;
  }, [text, marks, selectedId, panelId, onSelect, t]);

  function onKey(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape') {
      onClose();
      return;
    }
    const move = MOVES[event.key];
    const target = event.target as HTMLElement;
    if (!move || !target.matches('.proofreading__mark')) return;
    const buttons = [...(containerRef.current?.querySelectorAll<HTMLButtonElement>('.proofreading__mark') ?? [])];
    const next = buttons[move(buttons.indexOf(target as HTMLButtonElement), buttons.length)];
    if (!next) return;
    event.preventDefault();
    next.focus();
  }

  return (
    <article
      ref={containerRef}
      aria-label={t('proofreading.result.label')}
      className="proofreading__text"
      tabIndex={-1}
      lang={language}
      onKeyDown={onKey}
      data-testid="proofreading-marked-text"
    >
      {pieces}
    </article>
  );
}
