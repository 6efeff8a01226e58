import type { LocaleCode } from '@quire/contracts';
import { isProse } from '../../text/textrank';

/**
 * Sentences fit for a card. Text from PDFs also yields headings run into the first sentence, figure
 * labels, table rows, running heads and reference entries; a card made of those teaches nothing.
 */

/** Numbered citations ("[12]", "[3, 4]") say nothing on a card. */
const CITATION = /\s*\[\d+(?:\s*[,–-]\s*\d+)*\]/g;
/** A section heading that extraction ran into the sentence after it ("1 Introduction TIMP is …"). */
const HEADING =
  /^(?:\d+(?:\.\d+)*\.?\s+)?(?:Abstract|Introduction|Summary|Background|Conclusions?|Zusammenfassung|Einleitung|Einführung|Fazit|Résumé|Resumen|Introducción|Conclusiones|Sommario|Riassunto|Introduzione|Conclusioni|Samenvatting|Inleiding|Conclusie)(?:\s*[:.—–-])?\s+(?=\p{Lu})/u;
/** Labels of figures and tables, and the marks of a reference entry or a template. */
const NOT_PROSE = [
  /\b(?:Fig(?:ure)?|Table|Abb(?:ildung)?|Tabelle|Tableau|Tabla|Figura|Tabella|Figuur|Tabel)\.?\s*\d/u,
  /\b(?:et al\.|arXiv|doi|ISBN|ISSN|In Proceedings|pp\.)/iu,
  /\p{Lu}\p{Ll}+, (?:\p{Lu}\.\s?)+[;,]/u,
  /[{}[\]|<>=〈〉]/u,
  /\p{Lu}{4,}[\p{Lu}-]*\s+\d/u,
];
/** Share of capitalised words above which a "sentence" is a title or a list of names. */
const TITLE_CASE = { usual: 0.4, capitalisedNouns: 0.65 } as const;

/** The sentence as a card shows it: without citations or a heading before it, and without spaces before . and ,. */
export function cleanSentence(text: string): string {
  return text
    .replace(CITATION, '')
    .replace(HEADING, '')
    .replace(/\s+([.,])/g, '$1')
    .trim();
}

/** A sentence of running text: it reads as prose, starts with a capital and is no label, entry or title. */
export function isCardSentence(text: string, language: LocaleCode, capitalisedNouns: boolean): boolean {
  if (!/^["'“„«]?\p{Lu}/u.test(text) || !isProse(text, language)) return false;
  if (NOT_PROSE.some((pattern) => pattern.test(text))) return false;
  const words = text.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  const capitalised = words.slice(1).filter((word) => /^\p{Lu}/u.test(word)).length;
  return capitalised / Math.max(1, words.length - 1) <= TITLE_CASE[capitalisedNouns ? 'capitalisedNouns' : 'usual'];
}
