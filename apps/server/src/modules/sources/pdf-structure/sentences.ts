import type { SentenceKind, StructureSentence } from '@quire/contracts';
import { type PlacedLine, type TextRun, unionBox } from './text-lines';

const segmenters = new Map<string, Intl.Segmenter>();

function sentenceSegmenter(language: string): Intl.Segmenter {
  let found = segmenters.get(language);
  if (!found) {
    found = new Intl.Segmenter(language, { granularity: 'sentence' });
    segmenters.set(language, found);
  }
  return found;
}

/**
 * Abbreviations after which ICU would end a sentence although it goes on: "et al.", "Fig.", "z. B.",
 * "p. ex.", "bijv.", initials. Lower-case words after a stop never start a sentence for ICU anyway.
 */
const ABBREVIATION = new RegExp(
  `(?:^|[\\s(\\[])(?:${[
    'et al',
    'e\\.g',
    'i\\.e',
    'cf',
    'vs',
    'viz',
    'approx',
    'ca',
    'fig',
    'figs',
    'eq',
    'eqs',
    'sec',
    'secs',
    'tab',
    'cap',
    'capp',
    'no',
    'nos',
    'nr',
    'vol',
    'vols',
    'pp',
    'p',
    'ed',
    'eds',
    'ref',
    'refs',
    'ch',
    'chap',
    'dr',
    'prof',
    'mr',
    'mrs',
    'ms',
    'st',
    'jr',
    'sr',
    'sra',
    'resp',
    'incl',
    'esp',
    'z\\. ?b',
    'd\\. ?h',
    'u\\. ?a',
    'bzw',
    'vgl',
    'abb',
    's',
    'hrsg',
    'usw',
    'sog',
    'ggf',
    'evtl',
    'bd',
    'jh',
    'p\\. ?ex',
    'éd',
    'mme',
    'env',
    'núm',
    'pág',
    'págs',
    'p\\. ?ej',
    'aprox',
    'ej',
    'pag',
    'ecc',
    'sig',
    'ad es',
    'bijv',
    'bv',
    'o\\.a',
    'd\\.w\\.z',
    'blz',
    'n\\.º',
    'sp',
    'spp',
    'al',
    'art',
    'op',
    'cit',
    'ibid',
    'resp',
    'min',
    'max',
  ].join('|')})\\.$|(?:^|[\\s(])\\p{Lu}\\.$`,
  'iu',
);

export type Span = { start: number; end: number };

/** The sentences of a text as character spans, trimmed, abbreviations and decimals kept inside. */
export function sentenceSpans(text: string, language = 'en'): Span[] {
  const spans: Span[] = [];
  let pending: Span | null = null;
  for (const { segment, index } of sentenceSegmenter(language).segment(text)) {
    const lead = segment.length - segment.trimStart().length;
    const piece = { start: index + lead, end: index + segment.trimEnd().length };
    if (piece.end <= piece.start) continue;
    pending = pending ? { start: pending.start, end: piece.end } : piece;
    if (ABBREVIATION.test(text.slice(pending.start, pending.end)) && piece.end < text.length) continue;
    spans.push(pending);
    pending = null;
  }
  if (pending) spans.push(pending);
  return spans;
}

/** Each sentence of a run with the page it starts on, the page it ends on, and its lines' box on the first. */
export function placeSentences(run: TextRun, kind: SentenceKind, language: string): StructureSentence[] {
  return sentenceSpans(run.text, language).flatMap((span) => placeSpan(run, span, kind));
}

/** Where each placed sentence's first line is in the reading order, to put sentences of all kinds in order. */
const readingOrder = new WeakMap<StructureSentence, number>();

/** Sentences of all kinds in reading order (a stable sort: equal places keep their order). */
export function inReadingOrder(sentences: StructureSentence[]): StructureSentence[] {
  const place = (sentence: StructureSentence) => readingOrder.get(sentence) ?? Number.POSITIVE_INFINITY;
  return [...sentences].sort((a, b) => place(a) - place(b));
}

/** One span of a run placed as one sentence (a name, a heading, a reference entry). */
export function placeSpan(run: TextRun, span: Span, kind: SentenceKind, text?: string): StructureSentence[] {
  const lines = run.lines.filter((line) => line.end > span.start && line.start < span.end);
  const first = lines[0];
  const last = lines[lines.length - 1];
  if (!first || !last) return [];
  const sentence = {
    text: text ?? run.text.slice(span.start, span.end).replace(/\s+/g, ' ').trim(),
    page: first.page,
    pageEnd: last.page,
    box: unionBox(firstStretch(lines).map((line) => line.box)),
    kind,
  };
  readingOrder.set(sentence, (first.order ?? 0) + span.start / 1e6);
  return [sentence];
}

/**
 * The sentence's lines from its first one down to where it jumps back up (to the next column) or to
 * another page: one rectangle over two columns would cover text that is not the sentence's.
 */
function firstStretch(lines: PlacedLine[]): PlacedLine[] {
  const stretch: PlacedLine[] = [];
  for (const line of lines) {
    const previous = stretch[stretch.length - 1];
    if (previous && (line.page !== previous.page || line.box.y0 < previous.box.y0 - 1)) break;
    stretch.push(line);
  }
  return stretch;
}

/** A whole run as one sentence, optionally with another text (an author's name read off the line). */
export function placeRun(run: TextRun, kind: SentenceKind, text?: string): StructureSentence[] {
  return placeSpan(run, { start: 0, end: run.text.length }, kind, text);
}
