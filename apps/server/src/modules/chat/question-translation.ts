import type { ModelGateway } from '../../ai/gateway';
import { questionSegments } from '../sources/question-analysis';

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  nl: 'Dutch',
  pt: 'Portuguese',
};

/** Enough for a question of ChatMessageRequest's 2,000 characters. */
const MAX_TRANSLATION_TOKENS = 600;

export const TRANSLATION_SYSTEM =
  'You translate a question for a search in a document. Reply with the translated question only: no quotes, no explanation. Keep names, acronyms, numbers and units as they are.';

/**
 * The question in the source's language, written by the model, when no segment of it is in that language
 * (a German question about an English paper); null when it needs none or the source's language is unknown.
 * Retrieval searches with both, so passages are found in the words the source itself uses.
 */
export async function translatedQuestion({
  ai,
  question,
  sourceLanguage,
  signal,
}: {
  ai: ModelGateway;
  question: string;
  sourceLanguage: string | null;
  signal?: AbortSignal;
}): Promise<string | null> {
  const target = sourceLanguage ? LANGUAGE_NAMES[sourceLanguage] : undefined;
  if (!target || !sourceLanguage) return null;
  const languages = questionSegments(question, null).map((segment) => segment.language);
  if (languages.includes(sourceLanguage)) return null;
  let written = '';
  for await (const piece of ai.streamText({
    system: TRANSLATION_SYSTEM,
    prompt: `Translate into ${target}:\n\n${question}`,
    signal,
    maxOutputTokens: MAX_TRANSLATION_TOKENS,
    temperature: 0,
  })) {
    written += piece;
  }
  const translation = written.trim().replace(/^["“]|["”]$/g, '');
  return translation.length > 0 ? translation : null;
}
