import type { CslEntry, CslName } from '@citation-js/core';
import { type Creator, type Entry, parse } from '@retorquere/bibtex-parser';
import { cleanName, familyWithParticles, type PersonName } from './names';

/** CSL item types → BibTeX and BibLaTeX entry types. */
const ENTRY_TYPES: Record<string, { bibtex: string; biblatex: string }> = {
  'article-journal': { bibtex: 'article', biblatex: 'article' },
  'article-magazine': { bibtex: 'article', biblatex: 'article' },
  'article-newspaper': { bibtex: 'article', biblatex: 'article' },
  book: { bibtex: 'book', biblatex: 'book' },
  chapter: { bibtex: 'incollection', biblatex: 'incollection' },
  'paper-conference': { bibtex: 'inproceedings', biblatex: 'inproceedings' },
  webpage: { bibtex: 'misc', biblatex: 'online' },
  thesis: { bibtex: 'phdthesis', biblatex: 'thesis' },
  report: { bibtex: 'techreport', biblatex: 'report' },
  dataset: { bibtex: 'misc', biblatex: 'dataset' },
};

/** Fields written as they are: TeX special characters in them are no markup. */
const VERBATIM = new Set(['url', 'doi']);

/**
 * CSL-JSON items as BibTeX or BibLaTeX in UTF-8 (a name in Cyrillic or Japanese has no TeX escape), each
 * with a key of its own. Names keep particles ("van der Berg, Anna"), suffixes ("King, Jr., Martin
 * Luther") and organisations ("{World Health Organization}"); words whose case must survive a style are
 * braced.
 */
export function formatBibtex(entries: readonly CslEntry[], dialect: 'bibtex' | 'biblatex'): string {
  return withCitationKeys(entries)
    .map(({ entry, key }) => bibtexRecord(entry, key, dialect))
    .join('\n');
}

function bibtexRecord(entry: CslEntry, key: string, dialect: 'bibtex' | 'biblatex'): string {
  const latex = dialect === 'biblatex';
  const type = entry.type ?? 'article-journal';
  const entryType = ENTRY_TYPES[type]?.[dialect] ?? 'misc';
  const str = (field: string) => {
    const value = entry[field];
    if (typeof value === 'number') return String(value);
    return typeof value === 'string' && value.trim() ? value.replace(/\s+/g, ' ').trim() : null;
  };
  const language = str('language');
  const english = !language || /^en\b/i.test(language);
  const issued = entry.issued?.['date-parts']?.[0] ?? [];
  const accessed = entry.accessed?.['date-parts']?.[0] ?? [];
  const container = str('container-title');
  const containerField =
    type === 'chapter' || type === 'paper-conference'
      ? 'booktitle'
      : type.startsWith('article')
        ? latex
          ? 'journaltitle'
          : 'journal'
        : latex
          ? 'maintitle'
          : 'howpublished';
  const publisherField = type === 'thesis' ? 'school' : type === 'report' ? 'institution' : 'publisher';
  const isArticle = type.startsWith('article');
  const fields: [string, string | null][] = [
    ['author', creators(entry.author)],
    ['editor', creators(entry.editor)],
    ['title', title(str('title'), english)],
    // A journal's name is never re-cased; a book's or proceedings' title is, like the title.
    [containerField, container ? title(container, english && !isArticle) : null],
    ...(latex
      ? ([['date', isoDate(issued)]] as [string, string | null][])
      : ([
          ['year', issued[0] ? String(issued[0]) : null],
          ['month', issued[1] ? String(issued[1]) : null],
        ] as [string, string | null][])),
    ['volume', texEscape(str('volume'))],
    ['number', texEscape(str('issue') ?? (isArticle ? null : str('number')))],
    ['eid', isArticle ? texEscape(str('number')) : null],
    ['pages', texEscape(str('page')?.replace(/\s*[-–—]+\s*/, '--') ?? null)],
    ['edition', texEscape(str('edition'))],
    [publisherField, listItem(str('publisher'))],
    [latex ? 'location' : 'address', listItem(str('publisher-place'))],
    ['isbn', texEscape(str('ISBN'))],
    ['issn', texEscape(str('ISSN'))],
    ['langid', language ? texEscape(babelName(language)) : null],
    ['doi', str('DOI')],
    ['url', str('URL')],
    ['urldate', isoDate(accessed)],
    ['abstract', texEscape(str('abstract'))],
  ];
  const body = fields
    .filter((field): field is [string, string] => Boolean(field[1]))
    .map(([name, value]) => `  ${name} = {${VERBATIM.has(name) ? value.replace(/[{}]/g, '') : value}},`)
    .join('\n');
  return `@${entryType}{${key},\n${body}\n}\n`;
}

/** One item of a BibLaTeX list field (publisher, location): braced when it holds an "and". */
function listItem(text: string | null): string | null {
  const escaped = texEscape(text);
  return escaped && /\sand\s/i.test(escaped) ? `{${escaped}}` : escaped;
}

/** TeX's special characters escaped; everything else stays UTF-8. */
function texEscape(text: string | null): string | null {
  if (!text) return null;
  return text.replace(/[\\{}&%$#_~^]/g, (char) => {
    if (char === '\\') return '\\textbackslash{}';
    if (char === '~') return '\\textasciitilde{}';
    if (char === '^') return '\\textasciicircum{}';
    return `\\${char}`;
  });
}

/**
 * A title with CSL's case protection (`<span class="nocase">`) as braces. In an English title, BibTeX
 * styles may lower-case every word; words with a capital after the first word are braced so they keep it.
 */
function title(markup: string | null, english: boolean): string | null {
  if (!markup) return null;
  const parts = markup.split(/(<span class="nocase">.*?<\/span>)/);
  let first = true;
  return parts
    .map((part) => {
      const protectedText = /^<span class="nocase">(.*)<\/span>$/.exec(part);
      if (protectedText) {
        first = false;
        return `{${texEscape(plain(protectedText[1] as string))}}`;
      }
      const words = plain(part).split(/(\s+)/);
      return words
        .map((word) => {
          if (!word.trim()) return word;
          const keep = english && !first && /\p{Lu}/u.test(word);
          first = false;
          return keep ? `{${texEscape(word)}}` : texEscape(word);
        })
        .join('');
    })
    .join('');
}

function plain(html: string): string {
  return html.replace(/<[^>]+>/g, '');
}

/** Names joined with "and"; an organisation braced so BibTeX never splits it. */
function creators(names: CslName[] | undefined): string | null {
  if (!names || names.length === 0) return null;
  return names.map((name) => bibtexName(name as PersonName)).join(' and ');
}

function bibtexName(name: PersonName): string {
  if (name.literal) return `{${texEscape(name.literal)}}`;
  const family = familyWithParticles(name);
  const braced = (part: string) => (/\sand\s|,/.test(part) ? `{${texEscape(part)}}` : (texEscape(part) as string));
  return [braced(family), name.suffix ? braced(name.suffix) : null, name.given ? braced(name.given) : '']
    .filter((part) => part !== null)
    .join(', ');
}

function isoDate(parts: readonly (number | string)[]): string | null {
  const [year, month, day] = parts.map(Number);
  if (!year) return null;
  const pad = (value: number) => String(value).padStart(2, '0');
  return [String(year).padStart(4, '0'), month ? pad(month) : null, month && day ? pad(day) : null]
    .filter(Boolean)
    .join('-');
}

/** A language tag as the babel name BibLaTeX's langid takes ("de" → "german"); unknown tags stay. */
function babelName(language: string): string {
  const tag = language.toLowerCase();
  return BABEL_NAMES[tag] ?? BABEL_NAMES[tag.split('-')[0] as string] ?? language;
}

/** BibLaTeX/BibTeX entry types → CSL item types. */
const CSL_TYPES: Record<string, string> = {
  article: 'article-journal',
  book: 'book',
  mvbook: 'book',
  collection: 'book',
  mvcollection: 'book',
  proceedings: 'book',
  inbook: 'chapter',
  incollection: 'chapter',
  bookinbook: 'chapter',
  inproceedings: 'paper-conference',
  conference: 'paper-conference',
  online: 'webpage',
  electronic: 'webpage',
  www: 'webpage',
  thesis: 'thesis',
  phdthesis: 'thesis',
  mastersthesis: 'thesis',
  report: 'report',
  techreport: 'report',
  dataset: 'dataset',
  unpublished: 'article',
  misc: 'article',
};

/** Babel language names (langid) → language tags. */
const LANGUAGES: Record<string, string> = {
  english: 'en',
  american: 'en-US',
  usenglish: 'en-US',
  british: 'en-GB',
  ukenglish: 'en-GB',
  german: 'de',
  ngerman: 'de',
  austrian: 'de-AT',
  naustrian: 'de-AT',
  swissgerman: 'de-CH',
  french: 'fr',
  spanish: 'es',
  italian: 'it',
  dutch: 'nl',
  portuguese: 'pt',
  russian: 'ru',
  japanese: 'ja',
  chinese: 'zh',
};

const BABEL_NAMES: Record<string, string> = {
  en: 'english',
  'en-us': 'american',
  'en-gb': 'british',
  de: 'ngerman',
  'de-at': 'naustrian',
  'de-ch': 'swissgerman',
  fr: 'french',
  es: 'spanish',
  it: 'italian',
  nl: 'dutch',
  pt: 'portuguese',
  ru: 'russian',
  ja: 'japanese',
  zh: 'chinese',
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The entries of a BibTeX or BibLaTeX file as CSL-JSON items, read by the parser Better BibTeX uses: TeX
 * commands become Unicode, braced words keep their case (`<span class="nocase">`), names keep particles,
 * suffixes and braced organisations. Throws when the file cannot be read at all.
 */
export function parseBibtex(text: string): CslEntry[] {
  const library = parse(text, { languageAsLangid: true, unsupported: 'ignore' });
  if (library.entries.length === 0 && library.errors.length > 0) {
    throw new Error(`Unreadable BibTeX: ${library.errors[0]?.error ?? 'no entries'}`);
  }
  return library.entries.map(bibtexEntry);
}

/** True when the text holds a BibTeX entry ("@article{", "@book(", …). */
export function looksLikeBibtex(text: string): boolean {
  return /@[a-z]+\s*[{(]/i.test(text);
}

function bibtexEntry(entry: Entry): CslEntry {
  const fields = entry.fields as Record<string, unknown>;
  const text = (...names: string[]) => {
    for (const name of names) {
      const value = fields[name];
      const joined = Array.isArray(value) ? value.filter((part) => typeof part === 'string').join('; ') : value;
      if (typeof joined === 'string' && joined.trim()) return joined.trim();
    }
    return null;
  };
  const type = CSL_TYPES[entry.type.toLowerCase()] ?? 'article';
  const csl: CslEntry = {
    id: entry.key,
    type: type === 'article' && text('url') && !text('journal', 'journaltitle') ? 'webpage' : type,
  };
  const title = text('title');
  if (title) csl.title = title;
  const author = names(fields.author);
  if (author.length > 0) csl.author = author;
  const editor = names(fields.editor);
  if (editor.length > 0) csl.editor = editor;
  const issued = bibtexDate(text('date'), text('year'), text('month'));
  if (issued) csl.issued = { 'date-parts': [issued] };
  const accessed = bibtexDate(text('urldate'), null, null);
  if (accessed) csl.accessed = { 'date-parts': [accessed] };
  const language = text('langid', 'language');
  const isArticle = csl.type === 'article-journal';
  const values: [string, string | null][] = [
    ['container-title', text('journaltitle', 'journal', 'booktitle', 'maintitle') ?? siteName(text('howpublished'))],
    ['volume', text('volume')],
    ['issue', isArticle ? text('issue', 'number') : text('issue')],
    ['number', isArticle ? text('eid') : (text('eid') ?? text('number'))],
    ['page', text('pages')?.replace(/\s*(?:--|–|—)\s*/, '-') ?? null],
    ['edition', text('edition')],
    ['publisher', text('publisher', 'institution', 'school', 'organization')],
    ['publisher-place', text('location', 'address')],
    ['ISBN', text('isbn')],
    ['ISSN', text('issn')],
    ['language', language ? (LANGUAGES[language.toLowerCase()] ?? language) : null],
    ['DOI', text('doi')],
    ['URL', text('url')],
    ['abstract', text('abstract')],
  ];
  for (const [field, value] of values) if (value) csl[field] = value;
  return csl;
}

/** `howpublished` names a web page's site, unless it holds the URL itself. */
function siteName(value: string | null): string | null {
  return value && !/^(\\url\{)?https?:/i.test(value) ? value : null;
}

function names(value: unknown): PersonName[] {
  if (!Array.isArray(value)) return [];
  return (value as Creator[]).flatMap((creator) => {
    const name = cleanName(
      creator.name
        ? { literal: creator.name }
        : {
            family: creator.lastName,
            given: creator.firstName,
            'non-dropping-particle': creator.prefix,
            suffix: creator.suffix,
          },
    );
    return name ? [name] : [];
  });
}

/** BibLaTeX's "2019-09-12" date, or BibTeX's year and month ("9", "sep") → date parts. */
function bibtexDate(date: string | null, year: string | null, month: string | null): number[] | null {
  const iso = date ? /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(date) : null;
  if (iso) return iso.slice(1).filter(Boolean).map(Number);
  const y = year ? Number(/\d{4}/.exec(year)?.[0]) : Number.NaN;
  if (!Number.isInteger(y)) return null;
  const m = month ? Number(month) || MONTHS.indexOf(month.slice(0, 3).toLowerCase()) + 1 : 0;
  return m >= 1 && m <= 12 ? [y, m] : [y];
}

/**
 * BibTeX keys in the usual "familyYEARword" form, unique within the file ("berg2024a", "berg2024b"): a
 * repeated key makes BibTeX drop the later entries.
 */
function withCitationKeys(entries: readonly CslEntry[]): { entry: CslEntry; key: string }[] {
  const keys = entries.map(citationKey);
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  const seen = new Map<string, number>();
  return entries.map((entry, index) => {
    const key = keys[index] as string;
    if ((counts.get(key) ?? 0) < 2) return { entry, key };
    const position = seen.get(key) ?? 0;
    seen.set(key, position + 1);
    return { entry, key: `${key}${letters(position)}` };
  });
}

function citationKey(entry: CslEntry): string {
  const first = entry.author?.[0] as CslName | undefined;
  const family = first ? (first.literal ?? familyWithParticles(first)) : 'anonymous';
  const year = entry.issued?.['date-parts']?.[0]?.[0] ?? '';
  const word = String(entry.title ?? '')
    .replace(/<[^>]+>/g, '')
    .split(/\s+/)
    .find((candidate) => candidate.replace(/[^\p{L}]/gu, '').length > 3);
  const key = `${asciiWord(family)}${year}${asciiWord(word ?? '')}`;
  return /^[a-z]/.test(key) ? key : `ref${key}`;
}

/** Letters and digits without accents, in lower case: what every BibTeX tool accepts in a key. */
function asciiWord(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
}

/** 0 → "a", 25 → "z", 26 → "aa". */
function letters(position: number): string {
  const letter = String.fromCharCode(97 + (position % 26));
  return position < 26 ? letter : `${letters(Math.floor(position / 26) - 1)}${letter}`;
}
