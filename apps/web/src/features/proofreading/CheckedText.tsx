import { LOCALE_INFO, type ProofreadingKind, type ProofreadingResult } from '@quire/contracts';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/use-translation';
import {
  applyAllOfKind,
  applyRewrite,
  applySuggestion,
  type Corrections,
  countByKind,
  editsForKind,
  forgetWord,
  type Issue,
  ignoreIssue,
  issueText,
  type KindCounts,
  markedIssues,
  startCorrections,
  undoLast,
} from './corrections.state';
import { IssuePanel } from './IssuePanel';
import { KINDS, KindFilters } from './KindFilters';
import { MarkedText } from './MarkedText';
import { addToDictionary } from './proofreading.api';
import { RewriteList } from './RewriteList';
import { TextActions } from './TextActions';

type Props = {
  result: ProofreadingResult;
  /** Whether rewrites were asked for: then the rewrites section shows, even when the model proposed none. */
  rewritesAsked: boolean;
  /** Back to the editor with the text as corrected so far. */
  onEdit: (text: string) => void;
};

const ALL_KINDS: ReadonlySet<ProofreadingKind> = new Set(KINDS);

type Adding = { status: 'idle' } | { status: 'adding' } | { status: 'failed'; message: string };

/**
 * A checked text: the counts per kind (legend and filters, with "apply all"), the text with its issues underlined,
 * the open issue beside it, the model's rewrites apart, and the corrected text's copy, downloads, undo and edit.
 */
export function CheckedText({ result, rewritesAsked, onEdit }: Props) {
  const { t } = useTranslation();
  const panelId = useId();
  const [state, setState] = useState<Corrections>(() => startCorrections(result));
  const [shown, setShown] = useState<ReadonlySet<ProofreadingKind>>(ALL_KINDS);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [adding, setAdding] = useState<Adding>({ status: 'idle' });
  const [announcement, setAnnouncement] = useState('');
  const textRef = useRef<HTMLElement>(null);
  const trigger = useRef<HTMLButtonElement | null>(null);
  // After a change, the focus goes to the first issue from this offset on (or to the text when none is left).
  const [focusFrom, setFocusFrom] = useState<{ offset: number } | null>(null);

  const marks = useMemo(() => markedIssues(state.issues, shown), [state.issues, shown]);
  // Counted as underlined with every kind shown: an issue overlapped by an earlier one is not counted twice.
  const counts = useMemo(() => countByKind(markedIssues(state.issues, ALL_KINDS)), [state.issues]);
  const fixable = useMemo(() => fixableCounts(state.issues), [state.issues]);
  const selected = state.issues.find((issue) => issue.id === selectedId) ?? null;

  // The checked text takes the focus from the check button, which is gone.
  useEffect(() => {
    textRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!focusFrom) return;
    const buttons = [...(textRef.current?.querySelectorAll<HTMLButtonElement>('.proofreading__mark') ?? [])];
    (buttons.find((button) => Number(button.dataset.offset) >= focusFrom.offset) ?? textRef.current)?.focus();
  }, [focusFrom]);

  const select = useCallback((issue: Issue, mark: HTMLButtonElement) => {
    trigger.current = mark;
    setAdding({ status: 'idle' });
    setSelectedId(issue.id);
  }, []);

  const close = useCallback(() => {
    setSelectedId(null);
    if (trigger.current?.isConnected) trigger.current.focus();
  }, []);

  function change(next: Corrections, from: number, message: string) {
    setFocusFrom({ offset: from });
    setSelectedId(null);
    setState(next);
    setAnnouncement(message);
  }

  function apply(issue: Issue, replacement: string) {
    change(
      applySuggestion(state, issue.id, replacement),
      issue.offset + replacement.length,
      t('proofreading.done.applied'),
    );
  }

  function applyAll(kind: ProofreadingKind) {
    change(applyAllOfKind(state, kind), 0, t('proofreading.done.appliedAll', { count: fixable[kind] }));
  }

  function ignore(issue: Issue) {
    change(ignoreIssue(state, issue.id), issue.offset + issue.length, t('proofreading.done.ignored'));
  }

  async function addWord(issue: Issue) {
    const word = issueText(state.text, issue);
    setAdding({ status: 'adding' });
    try {
      await addToDictionary(word, result.language);
      setAdding({ status: 'idle' });
      // Functional: the text may have changed while the word was on its way.
      setFocusFrom({ offset: issue.offset });
      setSelectedId(null);
      setState((current) => forgetWord(current, word));
      setAnnouncement(t('proofreading.done.added', { word }));
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Adding a word to the dictionary failed', error);
      setAdding({ status: 'failed', message: error instanceof ApiError ? error.message : t('errors:generic_error') });
    }
  }

  function toggle(kind: ProofreadingKind) {
    setShown((current) => {
      const next = new Set(current);
      if (!next.delete(kind)) next.add(kind);
      return next;
    });
  }

  const language = LOCALE_INFO[result.language].title;
  const total = counts.spelling + counts.grammar + counts.style;

  return (
    <section className="proofreading__result" aria-labelledby={`${panelId}-title`} data-testid="proofreading-result">
      <h2 id={`${panelId}-title`} className="visually-hidden">
        {t('proofreading.result.label')}
      </h2>
      <p className="muted" data-testid="proofreading-meta">
        {t('proofreading.result.words', { count: result.words })}
        <span aria-hidden="true"> · </span>
        <span data-testid="proofreading-language-result">
          {result.language_detected
            ? t('proofreading.result.detected', { language })
            : t('proofreading.result.language', { language })}
        </span>
        <span aria-hidden="true"> · </span>
        {result.engine.languagetool
          ? t('proofreading.result.engineLanguagetool')
          : t('proofreading.result.engineBuiltin')}
      </p>
      {result.notices.map((notice) => (
        <p key={notice.code} className="notice notice--warning" role="note" data-testid="proofreading-notice">
          {notice.message}
        </p>
      ))}
      <KindFilters counts={counts} fixable={fixable} shown={shown} onToggle={toggle} onApplyAll={applyAll} />
      <div className="proofreading__workspace">
        <div className="proofreading__text-column">
          {total === 0 && (
            <p className="notice notice--success" data-testid="proofreading-clean">
              {result.issues.length === 0 ? t('proofreading.result.none') : t('proofreading.result.allDone')}
            </p>
          )}
          <MarkedText
            text={state.text}
            language={LOCALE_INFO[result.language].meta.htmlLang}
            marks={marks}
            selectedId={selectedId}
            panelId={panelId}
            onSelect={select}
            onClose={close}
            containerRef={textRef}
          />
          <TextActions
            text={state.text}
            canUndo={state.undo.length > 0}
            onUndo={() => {
              setSelectedId(null);
              setState(undoLast);
              setAnnouncement(t('proofreading.done.undone'));
            }}
            onEdit={() => onEdit(state.text)}
          />
          {rewritesAsked && result.engine.model && (
            <RewriteList
              rewrites={state.rewrites}
              model={result.engine.model}
              onUse={(rewrite) =>
                change(
                  applyRewrite(state, rewrite.id),
                  rewrite.offset + rewrite.suggestion.length,
                  t('proofreading.done.rewritten'),
                )
              }
            />
          )}
        </div>
        <div className="proofreading__panel-slot">
          {selected ? (
            <IssuePanel
              key={selected.id}
              id={panelId}
              issue={selected}
              found={issueText(state.text, selected)}
              onApply={(replacement) => apply(selected, replacement)}
              onIgnore={() => ignore(selected)}
              onAddToDictionary={() => void addWord(selected)}
              adding={adding.status === 'adding'}
              addError={adding.status === 'failed' ? adding.message : null}
              onClose={close}
            />
          ) : (
            total > 0 && <p className="muted proofreading__placeholder">{t('proofreading.result.pick')}</p>
          )}
        </div>
      </div>
      <p className="visually-hidden" role="status" data-testid="proofreading-announcement">
        {announcement}
      </p>
    </section>
  );
}

/** How many issues of each kind "apply all" corrects; the issues are in text order, as the state keeps them. */
function fixableCounts(issues: readonly Issue[]): KindCounts {
  return {
    spelling: editsForKind(issues, 'spelling').length,
    grammar: editsForKind(issues, 'grammar').length,
    style: editsForKind(issues, 'style').length,
  };
}
