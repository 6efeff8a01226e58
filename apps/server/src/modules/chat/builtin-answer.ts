import type { Citation, LocaleCode } from '@quire/contracts';
import { translator } from '../../http/i18n';
import type { RetrievedPassage } from '../sources/sources.retrieval';

/** A passage must contain at least this share of the question's terms to count as an answer. */
export const MIN_COVERAGE = 0.5;

export type Answer = { content: string; citations: Citation[] };

/**
 * The built-in engine's answer: the best-matching passages, quoted with their pages, or a plain "not in
 * this source" when none covers enough of the question — never an invented sentence.
 */
export function quotedAnswer({
  passages,
  sourceId,
  hasPages,
  locale,
}: {
  passages: RetrievedPassage[];
  sourceId: string;
  hasPages: boolean;
  locale: LocaleCode;
}): Answer {
  const t = translator(locale);
  const relevant = passages.filter((passage) => passage.coverage >= MIN_COVERAGE);
  if (relevant.length === 0) return { content: t('chat:notInSource'), citations: [] };
  const pageLabel = (passage: RetrievedPassage) =>
    passage.pageStart === passage.pageEnd
      ? t('chat:page', { page: passage.pageStart })
      : t('chat:pages', { start: passage.pageStart, end: passage.pageEnd });
  const quotes = relevant.map(
    (passage, index) => `> ${passage.text}${hasPages ? ` (${pageLabel(passage)})` : ''} [${index + 1}]`,
  );
  return {
    content: [t('chat:passagesIntro'), ...quotes, `_${t('chat:engineNote')}_`].join('\n\n'),
    citations: relevant.map((passage) => ({
      sourceId,
      page: hasPages ? passage.pageStart : null,
      passage: passage.text,
    })),
  };
}
