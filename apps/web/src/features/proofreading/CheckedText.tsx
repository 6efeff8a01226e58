import { LOCALE_INFO, type ProofreadingResult } from '@quire/contracts';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { issueText } from './corrections.state';
import { IssuePanel } from './IssuePanel';
import { KindFilters } from './KindFilters';
import { MarkedText } from './MarkedText';
import { RewriteList } from './RewriteList';
import { TextActions } from './TextActions';
import { useCheckedText } from './use-checked-text';

type Props = {
  result: ProofreadingResult;
  /** Whether rewrites were asked for: then the rewrites section shows, even when the model proposed none. */
  rewritesAsked: boolean;
  /** Back to the editor with the text as corrected so far. */
  onEdit: (text: string) => void;
};

/**
 * A checked text: the counts per kind (legend and filters, with "apply all"), the text with its issues underlined,
 * the open issue beside it, the model's rewrites apart, and the corrected text's copy, downloads, undo and edit.
 */
export function CheckedText({ result, rewritesAsked, onEdit }: Props) {
  const { t } = useTranslation();
  const panelId = useId();
  const checked = useCheckedText(result);
  const { state, selected, adding, counts } = checked;
  const total = counts.spelling + counts.grammar + counts.style;

  return (
    <section className="proofreading__result" aria-labelledby={`${panelId}-title`} data-testid="proofreading-result">
      <h2 id={`${panelId}-title`} className="visually-hidden">
        {t('proofreading.result.label')}
      </h2>
      <ResultMeta result={result} />
      <KindFilters
        counts={counts}
        fixable={checked.fixable}
        shown={checked.shown}
        onToggle={checked.toggle}
        onApplyAll={checked.applyAll}
      />
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
            marks={checked.marks}
            selectedId={checked.selectedId}
            panelId={panelId}
            onSelect={checked.select}
            onClose={checked.close}
            containerRef={checked.textRef}
          />
          <TextActions
            text={state.text}
            canUndo={state.undo.length > 0}
            onUndo={checked.undo}
            onEdit={() => onEdit(state.text)}
          />
          {rewritesAsked && result.engine.model && (
            <RewriteList rewrites={state.rewrites} model={result.engine.model} onUse={checked.takeRewrite} />
          )}
        </div>
        <div className="proofreading__panel-slot">
          {selected ? (
            <IssuePanel
              key={selected.id}
              id={panelId}
              issue={selected}
              found={issueText(state.text, selected)}
              onApply={(replacement) => checked.apply(selected, replacement)}
              onIgnore={() => checked.ignore(selected)}
              onIgnoreRule={() => checked.ignoreAllOfRule(selected)}
              onAddToDictionary={() => void checked.addWord(selected)}
              adding={adding.status === 'adding'}
              addError={adding.status === 'failed' ? adding.message : null}
              onClose={checked.close}
            />
          ) : (
            total > 0 && <p className="muted proofreading__placeholder">{t('proofreading.result.pick')}</p>
          )}
        </div>
      </div>
      <p className="visually-hidden" role="status" data-testid="proofreading-announcement">
        {checked.announcement}
      </p>
    </section>
  );
}

/** How long the text is, its language, the engine that checked it, and what the check could not do. */
function ResultMeta({ result }: { result: ProofreadingResult }) {
  const { t } = useTranslation();
  const language = LOCALE_INFO[result.language].title;
  return (
    <>
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
    </>
  );
}
