import { type Citation, type GenerationResult, LOCALE_INFO } from '@quire/contracts';
import { useRef, useState } from 'react';
import { MarkdownText } from '../../components/markdown/MarkdownText';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { saveFile } from '../../lib/download';
import { docxExport, exportFilename, markdownExport } from '../../lib/result-export';
import { useTextActions } from '../../lib/use-text-actions';
import { ReportResultButton } from '../feedback';
import { ShareDialog } from '../history';
import { CitationPanel } from '../source-chat';
import { useLoadedSources } from '../sources';

type OpenCitation = { number: number; citation: Citation };

/**
 * A finished result: the text with its citations (each `[n]` opens the passage and its page), which engine
 * wrote it, the words it used, copy and export to Markdown and Word, a public link (the share modal) and a
 * report to the team when something is wrong with it.
 */
export function ResultView({ result }: { result: GenerationResult }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { feedback, copy, exportFile } = useTextActions('a result');
  const [open, setOpen] = useState<OpenCitation | null>(null);
  const [sharing, setSharing] = useState(false);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const shareButton = useRef<HTMLButtonElement | null>(null);
  const sources = useLoadedSources();

  const engine =
    result.engine.kind === 'builtin'
      ? t('generation.result.engineBuiltin')
      : t('generation.result.engineModel', { model: result.engine.model ?? t('generation.result.unknownModel') });
  const written = new Intl.DateTimeFormat(LOCALE_INFO[locale].meta.htmlLang, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(result.created_at));
  const cited = open ? sources.find((source) => source.id === open.citation.sourceId) : undefined;

  return (
    <article className="result" data-testid="result" data-result-id={result.id}>
      <MarkdownText
        text={result.text}
        citations={result.citations}
        onCite={(number, citation, button) => {
          trigger.current = button;
          setOpen({ number, citation });
        }}
      />
      <p className="result__meta muted" data-testid="result-meta">
        <span data-testid="result-engine">{engine}</span>
        <span aria-hidden="true"> · </span>
        <span data-testid="result-words">{t('generation.result.words', { words: result.words_used })}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={result.created_at}>{written}</time>
      </p>
      {result.citations.length > 0 && (
        <details className="result__citations">
          <summary>{t('generation.result.citations', { total: result.citations.length })}</summary>
          <ol>
            {result.citations.map((citation, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: citations are numbered by their place.
              <li key={index} data-testid="result-citation">
                <q>{citation.passage}</q>{' '}
                <span className="muted">
                  {citation.page === null
                    ? t('sourceChat.citation.noPage')
                    : t('sourceChat.citation.page', { page: citation.page })}
                </span>
              </li>
            ))}
          </ol>
        </details>
      )}
      <div className="result__actions">
        <button type="button" className="button button--small button--secondary" onClick={() => void copy(result.text)}>
          {t('generation.result.copy')}
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => saveFile(markdownExport(result), exportFilename(result, 'md'))}
          data-testid="export-markdown"
        >
          {t('generation.result.exportMarkdown')}
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => void exportFile(() => docxExport(result), exportFilename(result, 'docx'), 'DOCX')}
          disabled={feedback === 'exporting'}
          data-testid="export-docx"
        >
          {t('generation.result.exportDocx')}
        </button>
        <button
          ref={shareButton}
          type="button"
          className="button button--small button--secondary"
          onClick={() => setSharing(true)}
          data-testid="result-share"
        >
          {t('share.action')}
        </button>
        {result.id && <ReportResultButton resultId={result.id} />}
        <span className="muted" role="status" data-testid="result-feedback">
          {feedback === 'idle' ? '' : t(`generation.result.feedback.${feedback}`)}
        </span>
      </div>
      {sharing && (
        <ShareDialog resultId={result.id} shared={false} onClose={() => setSharing(false)} returnFocus={shareButton} />
      )}
      {open && (
        <CitationPanel
          number={open.number}
          citation={open.citation}
          pdfUrl={cited?.pdf_url ?? null}
          onClose={() => setOpen(null)}
          returnFocus={trigger}
        />
      )}
    </article>
  );
}
