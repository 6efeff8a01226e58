import { detect } from 'tinyld';
import { stopwordsFor } from '../../text/stopwords';

/** The languages a question's segment is told apart in: the interface's six and Portuguese. */
const QUESTION_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'] as const;

/** One part of a question in one language: "¿Cuántos…?" and its gloss "(How many…?)" are two. */
export type QuestionSegment = { text: string; language: string; words: string[] };

/** What a question asks to be defined: an acronym ("FDC") or a term ("Kreisteilungspolynom"). */
export type DefinitionTarget = { term: string; acronym: boolean };

/**
 * Splits a question into its segments — the parts in brackets and the sentences — and tells the language
 * of each, so a Spanish question with an English gloss is searched as two questions, each judged by its
 * own language's function words, rather than one whose words half the passages cannot contain.
 */
export function questionSegments(question: string, fallbackLanguage: string | null): QuestionSegment[] {
  const parts = question
    .split(/[()[\]]|(?<=[?？])\s+(?=[¿\p{Lu}])/u)
    .map((part) => part.trim())
    .filter((part) => wordsOf(part).length > 0);
  const segments = (parts.length > 0 ? parts : [question]).map((text) => ({
    text,
    words: wordsOf(text),
    language: segmentLanguage(text, fallbackLanguage),
  }));
  return mergeSameLanguage(segments);
}

/** Segments in one language are one question asked in several sentences. */
function mergeSameLanguage(segments: QuestionSegment[]): QuestionSegment[] {
  const merged = new Map<string, QuestionSegment>();
  for (const segment of segments) {
    const before = merged.get(segment.language);
    if (!before) merged.set(segment.language, { ...segment });
    else
      merged.set(segment.language, {
        ...before,
        text: `${before.text} ${segment.text}`,
        words: [...before.words, ...segment.words],
      });
  }
  return [...merged.values()];
}

/** The words of a text, lower-cased, without the punctuation around them. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s/]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

/**
 * A short text's language: the one whose function words it uses most ("wie viele", "cuántos", "what does");
 * a detector reading letter patterns settles ties, and the source's language is the last resort.
 */
export function segmentLanguage(text: string, fallbackLanguage: string | null): string {
  const words = wordsOf(text);
  let best: string[] = [];
  let bestCount = 0;
  for (const language of QUESTION_LANGUAGES) {
    const stopwords = stopwordsFor(language);
    const count = words.filter((word) => stopwords.has(word)).length + accentHints(language, text);
    if (count > bestCount) {
      best = [language];
      bestCount = count;
    } else if (count === bestCount && count > 0) best.push(language);
  }
  if (best.length === 1 && best[0]) return best[0];
  const detected = text.length >= 12 ? detect(text) : '';
  if (detected && (best.length === 0 || best.includes(detected))) return detected;
  if (fallbackLanguage && best.includes(fallbackLanguage)) return fallbackLanguage;
  return best[0] ?? fallbackLanguage ?? 'en';
}

/** Letters only some of the languages write: an inverted question mark is Spanish, "ß" German. */
function accentHints(language: string, text: string): number {
  const hints: Record<string, RegExp> = {
    es: /[¿¡ñ]/u,
    de: /[ßäöü]/u,
    fr: /[çœ]|[ \u00a0][?!:;]/u,
    pt: /[ãõ]/u,
    it: /\b(?:perché|cos['’]è|è)\b/u,
    nl: /\bij|\b(?:wat|welke|hoeveel)\b/u,
  };
  return hints[language]?.test(text.toLowerCase()) ? 2 : 0;
}

const ACRONYM = /^[\p{Lu}][\p{Lu}\p{N}-]{1,9}s?$/u;

/**
 * The term a definition question asks about — "What does FDC stand for?", "Wofür steht VESPA?", "¿Qué
 * significa RBC?", "Was ist ein Kreisteilungspolynom?" — or null for any other question. An acronym is
 * written in capitals in the question.
 */
export function definitionTarget(question: string): DefinitionTarget | null {
  const text = question.trim();
  for (const pattern of DEFINITION_PATTERNS) {
    const match = pattern.exec(text);
    const term = match?.groups?.term?.replace(/[?？.!)\s]+$/u, '').trim();
    if (!term || term.split(/\s+/).length > 4) continue;
    return { term, acronym: ACRONYM.test(term) };
  }
  const acronym = text.split(/[\s?¿()]+/).find((word) => ACRONYM.test(word) && word.length <= 8);
  if (
    acronym &&
    /\b(?:stand|stands|mean|means|meaning|acronym|abbreviation|steht|bedeutet|signifie|significa|betekent|sta)\b/iu.test(
      text,
    )
  )
    return { term: acronym.replace(/s$/u, ''), acronym: true };
  return null;
}

const ARTICLE =
  "(?:(?:a|an|the|ein|eine|einen|der|die|das|un|une|le|la|les|l['’]|el|los|las|il|lo|uno|una|gli|een|de|het|o|os|as|um|uma)\\s*)?";
const TERM = '(?<term>[^?？]+?)';
const DEFINITION_PATTERNS: RegExp[] = [
  new RegExp(`^what\\s+(?:does|do|did)\\s+${TERM}\\s+(?:stand for|mean)\\b`, 'iu'),
  new RegExp(`^what\\s+(?:is|are)\\s+${ARTICLE}${TERM}\\s*[?？]?$`, 'iu'),
  new RegExp(`^(?:define|definition of)\\s+${ARTICLE}${TERM}\\s*[?？]?$`, 'iu'),
  new RegExp(`^wof[üu]r\\s+steht\\s+${TERM}\\s*[?？]?$`, 'iu'),
  new RegExp(`^was\\s+(?:ist|sind|bedeutet|bezeichnet)\\s+${ARTICLE}${TERM}\\s*[?？]?$`, 'iu'),
  new RegExp(`^wie\\s+ist\\s+${ARTICLE}${TERM}\\s+definiert\\s*[?？]?$`, 'iu'),
  new RegExp(`^(?:qu['’]est-ce\\s+que?|que\\s+signifie|que\\s+veut\\s+dire)\\s+${ARTICLE}${TERM}\\s*[?？]?$`, 'iu'),
  new RegExp(`^¿?\\s*qu[ée]\\s+(?:significa|es|son|quiere decir)\\s+${ARTICLE}${TERM}\\s*[?？]?$`, 'iu'),
  new RegExp(`^(?:cosa|che cosa|che)\\s+(?:significa|è|sono|vuol dire)\\s+${ARTICLE}${TERM}\\s*[?？]?$`, 'iu'),
  new RegExp(`^(?:cos['’]è|che cos['’]è)\\s+${ARTICLE}${TERM}\\s*[?？]?$`, 'iu'),
  new RegExp(`^wat\\s+(?:is|zijn|betekent|noemen we|noemt men)\\s+${ARTICLE}${TERM}\\s*[?？]?$`, 'iu'),
  new RegExp(`^o\\s+que\\s+(?:é|significa|são)\\s+${ARTICLE}${TERM}\\s*[?？]?$`, 'iu'),
];

/**
 * Whether a sentence defines the target: an acronym next to its long form in brackets ("flow duration curve
 * (FDC)", "VESPA: Very large-scale…"), a term with a defining verb ("… heißt Kreisteilungspolynom", "An LVC
 * is a…", "noemen we een fasor").
 */
export function definesTarget(sentence: string, target: DefinitionTarget): boolean {
  const term = escapeRegExp(target.term);
  if (target.acronym) {
    if (new RegExp(`\\(\\s*${term}s?\\s*[),;]`, 'u').test(sentence)) return true;
    const spelled = new RegExp(
      `(?<![\\p{L}])${term}\\s*(?:\\(|:|—|–|-\\s|stands for|steht für|means)(?<after>.*)$`,
      'u',
    ).exec(sentence);
    return spelled ? spellsOut(spelled.groups?.after ?? '', target.term) : false;
  }
  const near = new RegExp(`(?<![\\p{L}])${term}`, 'iu');
  if (!near.test(sentence)) return false;
  return DEFINING_WORDS.test(sentence);
}

const DEFINING_WORDS =
  /(?<!\p{L})(?:is an?|are|is defined|refers to|we call|called|heißt|heißen|hei[sß]t|nennen wir|bezeichnet|definiert|Definition|est une?|désigne|appel[ée]e?s?|on appelle|es una?|se define|se denomina|llamad[oa]s?|è una?|si definisce|detto|chiamat[oa]|noemen we|heet|is een|wordt gedefinieerd|é uma?|define-se|chamad[oa])(?!\p{L})/iu;

/** Whether the words right after the acronym begin with its letters in order: its long form follows it. */
function spellsOut(after: string, acronym: string): boolean {
  const initials = after
    .split(/[\s-]+/)
    .slice(0, acronym.length * 2 + 2)
    .map((word) => word.replace(/^[^\p{L}]+/u, '')[0]?.toLowerCase() ?? '')
    .join('');
  const letters = acronym.toLowerCase().replace(/[^\p{L}]/gu, '');
  let at = 0;
  for (const letter of initials) if (letter === letters[at]) at++;
  return at >= letters.length;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
