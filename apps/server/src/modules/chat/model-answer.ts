import type { LocaleCode } from '@quire/contracts';
import { checkCitations } from '../../ai/citations';
import type { ModelGateway } from '../../ai/gateway';
import { translator } from '../../http/i18n';
import type { RetrievedPassage } from '../sources/sources.retrieval';
import { type Answer, answeringPassages, quotedAnswer } from './builtin-answer';
import { NOT_IN_SOURCE_MARKER, SOURCE_QA_SYSTEM, sourceQaPrompt } from './model-prompt';

/** Enough for a few cited sentences; a longer answer is not what source chat is for. */
const MAX_ANSWER_TOKENS = 800;

/**
 * A language model's answer, grounded in the retrieved passages. The model is not asked when no passage
 * is relevant enough. Its citations are checked: references to passages it was not given are removed, the
 * rest renumbered and the answer says how many were removed; an answer left without a valid citation falls
 * back to the built-in quotes and says so; the model's own "not in the source" becomes the translated "not
 * in this source" — never an ungrounded claim.
 */
export async function modelAnswer({
  ai,
  passages,
  source,
  question,
  locale,
  signal,
  onText,
}: {
  ai: ModelGateway;
  passages: RetrievedPassage[];
  source: { id: string; title: string; hasPages: boolean };
  question: string;
  locale: LocaleCode;
  signal?: AbortSignal;
  onText?: (text: string) => void;
}): Promise<Answer> {
  const t = translator(locale);
  const notInSource: Answer = { content: t('chat:notInSource'), citations: [] };
  if (answeringPassages(passages).length === 0) return notInSource;

  const prompt = sourceQaPrompt({ title: source.title, passages, hasPages: source.hasPages, question });
  const forward = withoutMarker(onText);
  let written = '';
  for await (const piece of ai.streamText({
    system: SOURCE_QA_SYSTEM,
    prompt,
    signal,
    maxOutputTokens: MAX_ANSWER_TOKENS,
  })) {
    written += piece;
    forward(piece);
  }
  if (written.includes(NOT_IN_SOURCE_MARKER)) return notInSource;
  const checked = checkCitations(written.trim(), passages.length);
  if (checked.used.length === 0) {
    // Nothing the model wrote can be checked against the passages: the quotes answer instead, and say so.
    const quoted = quotedAnswer({ passages, sourceId: source.id, hasPages: source.hasPages, locale });
    if (quoted.citations.length === 0) return notInSource;
    return { ...quoted, content: `_${t('chat:fallbackNote')}_\n\n${quoted.content}` };
  }
  const removed = unknownCitations(written, passages.length);
  const notes = [
    ...(removed > 0 ? [t('chat:citationsRemoved', { count: removed })] : []),
    t('chat:modelNote', { model: ai.model }),
  ];
  return {
    content: `${checked.text}\n\n${notes.map((note) => `_${note}_`).join('\n\n')}`,
    citations: checked.used.map((index) => {
      const passage = passages[index] as RetrievedPassage;
      return { sourceId: source.id, page: source.hasPages ? passage.pageStart : null, passage: passage.text };
    }),
  };
}

/** How many of the answer's bracketed citations name a passage the model was not given. */
function unknownCitations(text: string, count: number): number {
  return [...text.matchAll(/\[(\d+)\]/g)].filter((match) => {
    const number = Number(match[1]);
    return number < 1 || number > count;
  }).length;
}

/**
 * Passes the model's pieces on, except while they may still be the not-in-source marker: a user should not
 * see it flash by before the translated sentence replaces it.
 */
function withoutMarker(onText?: (text: string) => void): (piece: string) => void {
  let held = '';
  let passing = false;
  return (piece) => {
    if (!onText) return;
    if (passing) return onText(piece);
    held += piece;
    const start = held.trimStart();
    if (NOT_IN_SOURCE_MARKER.startsWith(start) || start.startsWith(NOT_IN_SOURCE_MARKER)) return;
    passing = true;
    onText(held);
  };
}
