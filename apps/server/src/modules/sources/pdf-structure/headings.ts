import type { StructureHeading } from '@quire/contracts';
import type { LayoutLine } from '../pdf-layout/layout.types';
import { CAPTION_LABEL, SECTION_WORD, TABLE_WORD } from './labels';
import { tidy } from './text-lines';

const NUMBERED = /^((?:\d{1,2}\.)*\d{1,2})\.?\s+(?=[\p{Lu}\p{Lt}])(.+)$/u;
const ROMAN = /^([IVX]{1,5})\.\s+(?=\p{Lu})(.+)$/u;
const LETTERED = /^([A-H](?:\.\d{1,2})*)\.?\s+(?=\p{Lu})(.+)$/u;

/** Set apart from the body: bold, or clearly larger than the body type. */
function standsOut(line: LayoutLine, bodySize: number): boolean {
  return line.bold || line.fontSize >= bodySize + 0.8;
}

/** Headings are short and do not end like sentences (a run-in heading is read as a paragraph). */
function headingShaped(text: string): boolean {
  const words = text.split(/\s+/).length;
  return text.length <= 120 && words <= 16 && !/[,;]$|[;@]/.test(text) && /\p{L}{2}/u.test(text);
}

/**
 * The heading a line is, or null. Numbered headings ("2.1 Data", "IV. RESULTS") need the line to be short
 * and either set apart or alone in its block; unnumbered ones need to be set apart or be a section's usual name.
 */
export function headingOf(line: LayoutLine, bodySize: number, alone: boolean, page: number): StructureHeading | null {
  const text = tidy(line.text);
  if (!headingShaped(text) || CAPTION_LABEL.test(text)) return null;
  // A table of contents line ("2.1 Data ........ 14") repeats a heading; the heading is where the page number points.
  if (/(?:\.\s?){3,}\s*\d+$|\s\d{1,4}$/u.test(text) && NUMBERED.test(text)) return null;
  const numbered = NUMBERED.exec(text) ?? ROMAN.exec(text);
  if (numbered?.[1] && numbered[2] && (standsOut(line, bodySize) || alone) && !/\.$/.test(numbered[2])) {
    if (Number(numbered[1].split('.')[0]) > 40) return null;
    const level = ROMAN.test(text) ? 1 : numbered[1].split('.').length;
    return { text: tidy(numbered[2]), number: numbered[1], level: Math.min(level, 6), page };
  }
  const lettered = LETTERED.exec(text);
  if (lettered?.[1] && lettered[2] && standsOut(line, bodySize) && alone) {
    return { text: tidy(lettered[2]), number: lettered[1], level: lettered[1].split('.').length, page };
  }
  const word = text.replace(/[.:]$/u, '');
  const known = SECTION_WORD.test(word);
  const shout = word === word.toUpperCase() && /\p{Lu}{4}/u.test(word) && word.split(/\s+/).length <= 6;
  if (!alone && !standsOut(line, bodySize)) return null;
  if (!(known || (standsOut(line, bodySize) && (shout || word.split(/\s+/).length <= 10)) || (alone && shout)))
    return null;
  if (/[.!?]$/.test(text) && !known && word.split(/\s+/).length > 4) return null;
  if (!/^[\p{Lu}\p{Lt}\d]/u.test(word)) return null;
  return { text: word, number: null, level: line.fontSize >= bodySize + 1.5 ? 1 : known || shout ? 1 : 2, page };
}

/** A caption's label and kind when a line starts one: "Figure 3:", "Tabla 2.", "Abb. 4 –". */
export function captionStart(line: LayoutLine, bodySize: number): { label: string; kind: 'figure' | 'table' } | null {
  const text = tidy(line.text);
  const match = CAPTION_LABEL.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const punctuated = Boolean(match[3]);
  const styled = line.bold || line.italic || line.fontSize < bodySize - 0.4;
  if (!punctuated && !styled) return null;
  return { label: `${match[1]} ${match[2]}`, kind: TABLE_WORD.test(match[1]) ? 'table' : 'figure' };
}
