import type { CslDate, CslEntry, CslName } from '@citation-js/core';
import { invertedName, parseName } from './names';

/** CSL item types → RIS types, as Zotero's RIS translator reads them back (TY). */
const RIS_TYPES: Record<string, string> = {
  'article-journal': 'JOUR',
  'article-magazine': 'MGZN',
  'article-newspaper': 'NEWS',
  book: 'BOOK',
  chapter: 'CHAP',
  'paper-conference': 'CONF',
  webpage: 'ELEC',
  thesis: 'THES',
  report: 'RPRT',
  dataset: 'DATA',
  'entry-encyclopedia': 'ENCYC',
  'entry-dictionary': 'DICT',
};
/** A posted preprint and anything else: RIS's generic type. */
const GENERIC = 'GEN';

/** Types whose editors RIS writes as A3 (a book's own editors); elsewhere editors are A2. */
const A3_EDITORS = new Set(['BOOK']);

/**
 * CSL-JSON items as an RIS file. Every value stays on its one line however long (RIS readers join a
 * wrapped line with a space, which splits words), and each record's ID is the whole item id, made unique.
 */
export function formatRis(entries: readonly CslEntry[]): string {
  const used = new Set<string>();
  return entries.map((entry) => risRecord(entry, uniqueId(String(entry.id ?? ''), used))).join('');
}

function uniqueId(id: string, used: Set<string>): string {
  let candidate = oneLine(id) || 'item';
  for (let suffix = 2; used.has(candidate); suffix++) candidate = `${oneLine(id) || 'item'}-${suffix}`;
  used.add(candidate);
  return candidate;
}

function risRecord(entry: CslEntry, id: string): string {
  const type = RIS_TYPES[entry.type ?? ''] ?? GENERIC;
  const lines: [string, string | null | undefined][] = [
    ['TY', type],
    ['ID', id],
    ['TI', plainTitle(entry.title)],
  ];
  for (const name of entry.author ?? []) lines.push(['AU', invertedName(name as CslName)]);
  const editorTag = A3_EDITORS.has(type) ? 'A3' : 'A2';
  for (const name of entry.editor ?? []) lines.push([editorTag, invertedName(name as CslName)]);
  const container = text(entry['container-title']);
  // Zotero reads a conference paper's T2 as the conference's name and C3 as the proceedings' title.
  if (type === 'CONF') lines.push(['C3', container]);
  lines.push(['T2', container]);
  lines.push(['PY', datePart(entry.issued, 1)], ['DA', risDate(entry.issued)]);
  lines.push(['VL', text(entry.volume)], ['IS', text(entry.issue)]);
  const [first, last] = pageParts(text(entry.page) ?? text(entry.number));
  lines.push(['SP', first], ['EP', last]);
  lines.push(['ET', text(entry.edition)], ['PB', text(entry.publisher)], ['CY', text(entry['publisher-place'])]);
  lines.push(['SN', text(entry.ISBN) ?? text(entry.ISSN)], ['LA', text(entry.language)]);
  lines.push(['DO', text(entry.DOI)], ['UR', text(entry.URL)], ['Y2', risDate(entry.accessed)]);
  lines.push(['AB', text(entry.abstract)]);
  const body = lines
    .map(([tag, value]) => [tag, value ? oneLine(value) : ''] as const)
    .filter(([, value]) => value)
    .map(([tag, value]) => `${tag}  - ${value}\r\n`)
    .join('');
  return `${body}ER  - \r\n\r\n`;
}

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value : null;
}

/** Line breaks and runs of spaces inside a value become one space: RIS has no way to continue a line. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** A title without CSL markup (RIS has no case protection). */
function plainTitle(title: unknown): string | null {
  const value = text(title);
  return value ? value.replace(/<[^>]+>/g, '') : null;
}

/** "525-535" / "525–535" → ["525", "535"]; a single page or an article number stays whole. */
function pageParts(pages: string | null): [string | null, string | null] {
  if (!pages) return [null, null];
  const match = /^\s*(\S+?)\s*[-–—‐]+\s*(\S+)\s*$/.exec(pages);
  return match ? [match[1] as string, match[2] as string] : [pages.trim(), null];
}

function datePart(date: CslDate | undefined, count: number): string | null {
  const parts = date?.['date-parts']?.[0];
  if (!parts || parts.length === 0 || !parts[0]) return null;
  return parts.slice(0, count).map(String).join('/');
}

/** RIS dates are "YYYY/MM/DD/" with the unknown parts empty. */
function risDate(date: CslDate | undefined): string | null {
  const parts = date?.['date-parts']?.[0];
  if (!parts?.[0]) return null;
  const pad = (value: number | string | undefined) => (value ? String(value).padStart(2, '0') : '');
  return `${String(parts[0]).padStart(4, '0')}/${pad(parts[1])}/${pad(parts[2])}/`;
}

/** RIS types → CSL item types: the ones Quire writes and those other tools write for the same kinds. */
const CSL_TYPES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(RIS_TYPES).map(([csl, ris]) => [ris, csl])),
  EJOUR: 'article-journal',
  JFULL: 'article-journal',
  ABST: 'article-journal',
  EBOOK: 'book',
  EDBOOK: 'book',
  CLSWK: 'book',
  ECHAP: 'chapter',
  CPAPER: 'paper-conference',
  WEB: 'webpage',
  BLOG: 'webpage',
  DBASE: 'dataset',
  GOVDOC: 'report',
  UNPB: 'article',
  INPR: 'article',
  GEN: 'article',
};

const TAG_LINE = /^([A-Z][A-Z0-9]) {1,2}-(?: (.*))?$/;

/**
 * The records of an RIS file as CSL-JSON items. A line that is no tag continues the value before it
 * (joined with a space, as Zotero reads it); tags other tools use for the same field are read too.
 */
export function parseRis(text: string): CslEntry[] {
  const entries: CslEntry[] = [];
  let tags: [string, string][] = [];
  const finish = () => {
    if (tags.length > 0) entries.push(risEntry(tags, entries.length));
    tags = [];
  };
  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const match = TAG_LINE.exec(line.trimEnd());
    if (!match) {
      const last = tags.at(-1);
      if (last && line.trim()) last[1] = `${last[1]} ${line.trim()}`;
      continue;
    }
    const [, tag, value = ''] = match as unknown as [string, string, string | undefined];
    if (tag === 'ER') finish();
    else if (tag === 'TY') {
      finish();
      tags.push([tag, value.trim()]);
    } else tags.push([tag, value.trim()]);
  }
  finish();
  return entries;
}

/** True when the text looks like RIS: its first tag line is a TY. */
export function looksLikeRis(text: string): boolean {
  return /^\s*TY {1,2}- /.test(text.replace(/^\uFEFF/, ''));
}

function risEntry(tags: [string, string][], index: number): CslEntry {
  const all = (...names: string[]) => tags.filter(([tag, value]) => names.includes(tag) && value).map(([, v]) => v);
  const first = (...names: string[]) => names.map((name) => all(name)[0]).find(Boolean) ?? null;
  const risType = (first('TY') ?? 'GEN').toUpperCase();
  const type = CSL_TYPES[risType] ?? 'article';
  const entry: CslEntry = { id: first('ID') ?? `ris-${index + 1}`, type };
  const title = first('TI', 'T1', 'CT') ?? (risType === 'BOOK' ? first('BT') : null);
  if (title) entry.title = title;
  const authors = all('AU', 'A1').map(risName);
  if (authors.length > 0) entry.author = authors;
  const editors = all('ED', 'A2', ...(risType === 'BOOK' ? ['A3'] : [])).map(risName);
  if (editors.length > 0) entry.editor = editors;
  const container =
    (risType === 'CONF' || risType === 'CPAPER' ? first('C3') : null) ?? first('T2', 'JF', 'JO', 'BT', 'JA');
  const issued = risDateParts(first('DA', 'PY', 'Y1'));
  if (issued) entry.issued = { 'date-parts': [issued] };
  const accessed = risDateParts(first('Y2'));
  if (accessed) entry.accessed = { 'date-parts': [accessed] };
  const start = first('SP');
  const end = first('EP');
  const sn = first('SN');
  const isIssn = sn !== null && /^\d{4}-?\d{3}[\dXx]$/.test(sn.trim());
  const fields: [string, string | null][] = [
    ['container-title', container],
    ['volume', first('VL')],
    ['issue', first('IS')],
    ['page', start && end && start !== end ? `${start}-${end}` : start],
    ['edition', first('ET')],
    ['publisher', first('PB')],
    ['publisher-place', first('CY', 'PP', ...(risType === 'CONF' ? ['C1'] : []))],
    [isIssn ? 'ISSN' : 'ISBN', sn],
    ['language', first('LA')],
    ['DOI', first('DO', 'M3')],
    ['URL', first('UR', 'L2', 'L1')],
    ['abstract', first('AB', 'N2')],
  ];
  for (const [field, value] of fields) if (value) entry[field] = value;
  return entry;
}

/** RIS writes people "Lastname, Firstname, Suffix"; a name without a comma is an organisation's (as Zotero reads it). */
function risName(value: string): CslName {
  return value.includes(',') ? parseName(value) : { literal: value.replace(/\s+/g, ' ').trim() };
}

/** "2019/09/12/", "2019/09//", "2019", "2019-09-12" → date parts; null without a year. */
function risDateParts(value: string | null): number[] | null {
  const match = value ? /^(\d{4})(?:[/-](\d{0,2}))?(?:[/-](\d{0,2}))?/.exec(value.trim()) : null;
  if (!match) return null;
  const parts = [Number(match[1])];
  if (match[2] && Number(match[2]) > 0) {
    parts.push(Number(match[2]));
    if (match[3] && Number(match[3]) > 0) parts.push(Number(match[3]));
  }
  return parts;
}
