import type { ProofreadingKind, ProofreadingResult } from '@quire/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
  ignoreRule,
  issueText,
  type KindCounts,
  markedIssues,
  type Rewrite,
  startCorrections,
  undoLast,
} from './corrections.state';
import { ignoreRuleForSession, sessionIgnoredRules } from './ignored-rules';
import { KINDS } from './KindFilters';
import { addToDictionary } from './proofreading.api';

const ALL_KINDS: ReadonlySet<ProofreadingKind> = new Set(KINDS);

type Adding = { status: 'idle' } | { status: 'adding' } | { status: 'failed'; message: string };

/**
 * The corrections of a checked text: which kinds show, the open issue, the dictionary addition under way, what the
 * screen reader hears after each change, and where the focus goes then.
 */
export function useCheckedText(result: ProofreadingResult) {
  const { t } = useTranslation();
  const [state, setState] = useState<Corrections>(() => {
    const ignored = sessionIgnoredRules();
    return startCorrections({ ...result, issues: result.issues.filter((issue) => !ignored.has(issue.rule)) });
  });
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

  function ignoreAllOfRule(issue: Issue) {
    ignoreRuleForSession(issue.rule);
    change(ignoreRule(state, issue.rule), issue.offset + issue.length, t('proofreading.done.ignoredRule'));
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

  function undo() {
    setSelectedId(null);
    setState(undoLast);
    setAnnouncement(t('proofreading.done.undone'));
  }

  function takeRewrite(rewrite: Rewrite) {
    change(
      applyRewrite(state, rewrite.id),
      rewrite.offset + rewrite.suggestion.length,
      t('proofreading.done.rewritten'),
    );
  }

  return {
    state,
    shown,
    selected,
    selectedId,
    adding,
    announcement,
    textRef,
    marks,
    counts,
    fixable,
    select,
    close,
    apply,
    applyAll,
    ignore,
    ignoreAllOfRule,
    addWord,
    toggle,
    undo,
    takeRewrite,
  };
}
/** How many issues of each kind "apply all" corrects; the issues are in text order, as the state keeps them. */
function fixableCounts(issues: readonly Issue[]): KindCounts {
  return {
    spelling: editsForKind(issues, 'spelling').length,
    grammar: editsForKind(issues, 'grammar').length,
    style: editsForKind(issues, 'style').length,
  };
}
