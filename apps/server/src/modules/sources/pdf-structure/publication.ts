import type { LayoutPage } from '../pdf-layout/layout.types';

/** The first pages are where a paper prints its own DOI and date; later pages cite others'. */
const FRONT_PAGES = 2;

const DOI = /\b10\.\d{4,9}\/[^\s"<>]+/gu;

/** Lines of the first pages, every role included: a DOI or a date is often in a running head or footer. */
function frontLines(pages: LayoutPage[]): string[] {
  return pages
    .slice(0, FRONT_PAGES)
    .flatMap((page) => page.blocks.flatMap((block) => block.lines.map((line) => line.text)));
}

/** Trailing punctuation belongs to the sentence, not the DOI. */
function cleanDoi(raw: string): string {
  return raw.replace(/[.,;:)\]}>'"’”]+$/u, '').toLowerCase();
}

/**
 * The paper's own DOI: one printed on the first pages, preferring one labelled as a DOI ("doi:", "DOI",
 * doi.org) over a bare one, and the earliest of those.
 */
export function findDoi(pages: LayoutPage[]): string | null {
  const found: { doi: string; labelled: boolean }[] = [];
  for (const line of frontLines(pages)) {
    for (const match of line.matchAll(DOI)) {
      const before = line.slice(Math.max(0, (match.index ?? 0) - 16), match.index).toLowerCase();
      found.push({ doi: cleanDoi(match[0]), labelled: /doi|doi\.org\/$/.test(before) });
    }
  }
  return (found.find((entry) => entry.labelled) ?? found[0])?.doi ?? null;
}

/** XMP properties publishers write a paper's DOI into, as they write it ("doi:10…", "https://doi.org/10…" or bare). */
const XMP_DOI_PROPERTIES =
  /<(prism:doi|pdfx:doi|crossmark:DOI|dc:identifier|prism:url|pdfx:WPS-ARTICLEDOI)\b[^>]*>([\s\S]*?)<\/\1>/giu;

/**
 * The paper's DOI as its XMP metadata states it (Elsevier, Springer, Wiley, Taylor & Francis and others write
 * one): the publisher's own record of the file, stronger evidence than a DOI printed on a page, which may be a
 * cited work's. Null when the XMP names none.
 */
export function doiInXmp(xmp: string): string | null {
  for (const match of xmp.matchAll(XMP_DOI_PROPERTIES)) {
    const doi = (match[2] ?? '').match(/10\.\d{4,9}\/[^\s"<>]+/u)?.[0];
    if (doi) return cleanDoi(decodeXmlEntities(doi));
  }
  return null;
}

function decodeXmlEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

const MONTHS =
  'jan(?:uary|uar|vier|eiro)?|feb(?:ruary|ruar)?|févr(?:ier)?|fev(?:ereiro)?|mar(?:ch|s|zo|ço|et)?|märz|apr(?:il|ile)?|avr(?:il)?|abr(?:il)?|may|mai|mayo|maio|maggio|mei|jun(?:e|i|io|ho)?|juin|giugno|jul(?:y|i|io|ho)?|juil(?:let)?|luglio|aug(?:ust|ustus)?|août|ago(?:sto)?|sep(?:t|tember|tiembre|tembre|tembro)?|set(?:tembre|embro)?|oct(?:ober|obre|ubre)?|okt(?:ober)?|ott(?:obre)?|out(?:ubro)?|nov(?:ember|embre|embro)?|dec(?:ember)?|dez(?:ember|embro)?|déc(?:embre)?|dic(?:iembre|embre)?';

const YEAR = '((?:19|20)\\d{2})';

/** Where a year is printed, strongest evidence first: the paper's own date lines before any cited year. */
const YEAR_PATTERNS: { pattern: RegExp; weight: number }[] = [
  { pattern: new RegExp(`(?:©|\\(c\\)|copyright(?: c)?)\\s*(?:[^\\d\\n]{0,60}?\\s)?${YEAR}`, 'iu'), weight: 5 },
  { pattern: new RegExp(`arXiv:\\S+\\s+\\[[^\\]]+\\]\\s+\\d{1,2}\\s+\\p{L}+\\s+${YEAR}`, 'iu'), weight: 5 },
  {
    pattern: new RegExp(
      `(?:published|publicado|publié|veröffentlicht|pubblicato|gepubliceerd)[^\\d]{0,30}(?:\\d{1,2}\\s+)?(?:\\p{L}+\\.?\\s+)?${YEAR}`,
      'iu',
    ),
    weight: 5,
  },
  { pattern: new RegExp(`${YEAR}\\s*;\\s*\\d+\\s*\\(`, 'u'), weight: 4 },
  { pattern: new RegExp(`\\b\\d+\\s*\\(${YEAR}\\)\\s*\\d+`, 'u'), weight: 4 },
  { pattern: new RegExp(`\\b\\d+\\s*[-–]\\s*\\d+\\s*\\(${YEAR}\\)`, 'u'), weight: 4 },
  { pattern: new RegExp(`\\b(?:vol\\.|v\\.)\\s*\\d+[^\\n]{0,40}?\\b${YEAR}\\b`, 'iu'), weight: 4 },
  { pattern: new RegExp(`\\b(?:${MONTHS})\\.?\\s+(?:\\d{1,2},?\\s+)?${YEAR}\\b`, 'iu'), weight: 3 },
  {
    pattern: new RegExp(`\\b[A-Z]{2,}[’']?${YEAR.replace('(?:19|20)\\d{2}', '\\d{2}')}\\b.*\\b${YEAR}\\b`, 'u'),
    weight: 3,
  },
  {
    pattern: new RegExp(
      `(?:accepted|aceito|aceptado|aprobado|approved|accepté|angenommen|accettato|aprovado)[^\\d]{0,30}(?:\\d{1,2}[\\s/.]+)?(?:\\p{L}+\\.?\\s+|\\d{1,2}/)?${YEAR}`,
      'iu',
    ),
    // Above a bare month and year: "Received 2 May 2010; accepted 9 June 2011" was published after acceptance.
    weight: 3.5,
  },
  {
    pattern: new RegExp(
      `\\b(?:to appear in|in press|forthcoming in|accepted for publication in)\\b[^\\n]{0,60}?\\b${YEAR}\\b`,
      'iu',
    ),
    weight: 3,
  },
  // A reference format printed on the paper itself: "Names. 2021. Title. In …".
  { pattern: new RegExp(`\\p{L}\\.\\s+${YEAR}\\.\\s+\\p{Lu}`, 'u'), weight: 3 },
  {
    pattern: new RegExp(
      `\\b(?:anno accademico|academic year|année universitaire|curso académico|studienjahr|academiejaar)\\s+\\d{4}\\s*[-–/]\\s*${YEAR}`,
      'iu',
    ),
    weight: 2,
  },
];

/** A conference named with a two-digit year: "SIGMOD ’21", "ICSE'09". */
const EVENT_YEAR = /\b[A-Z][A-Za-z]*[A-Z]\s?[’']\s?(\d{2})\b/u;

function eventYear(twoDigits: string): number {
  const year = 2000 + Number(twoDigits);
  return year <= new Date().getUTCFullYear() + 1 ? year : year - 100;
}

/** A year no later than next year: a paper does not print its date in the future. */
function plausible(year: number): boolean {
  return year >= 1900 && year <= new Date().getUTCFullYear() + 1;
}

/** The publication year printed on the first pages, or null when none is printed in a way we recognise. */
export function findYear(pages: LayoutPage[]): number | null {
  let best: { year: number; weight: number } | null = null;
  for (const line of frontLines(pages)) {
    for (const { pattern, weight } of YEAR_PATTERNS) {
      const match = pattern.exec(line);
      const year = Number(match?.[match.length - 1]);
      if (!match || !plausible(year)) continue;
      if (!best || weight > best.weight) best = { year, weight };
    }
    const event = EVENT_YEAR.exec(line);
    if (event?.[1] && (!best || best.weight < 2)) best = { year: eventYear(event[1]), weight: 2 };
  }
  return best?.year ?? null;
}
