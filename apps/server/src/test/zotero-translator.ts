import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from './corpus';

/** An item as Zotero's translators build it: the item type, its fields, creators, notes and tags. */
export type ZoteroItem = {
  itemType: string;
  creators: { lastName: string; firstName?: string; fieldMode?: number; creatorType: string }[];
  notes: unknown[];
  tags: unknown[];
  attachments: unknown[];
  [field: string]: unknown;
};

/** Fields every Zotero item type has (Zotero's schema, the part the RIS translator writes to). */
const COMMON = ['title', 'abstractNote', 'date', 'language', 'shortTitle', 'url', 'accessDate', 'extra'];
const COMMON_ARCHIVE = ['archive', 'archiveLocation', 'libraryCatalog', 'callNumber', 'rights'];
/** Each item type's own fields in Zotero's schema; a field not listed is dropped when the item is saved. */
const TYPE_FIELDS: Record<string, string[]> = {
  journalArticle: [
    'publicationTitle',
    'volume',
    'issue',
    'pages',
    'series',
    'seriesTitle',
    'seriesText',
    'journalAbbreviation',
    'DOI',
    'ISSN',
  ],
  book: ['series', 'seriesNumber', 'volume', 'numberOfVolumes', 'edition', 'place', 'publisher', 'numPages', 'ISBN'],
  bookSection: [
    'bookTitle',
    'series',
    'seriesNumber',
    'volume',
    'numberOfVolumes',
    'edition',
    'place',
    'publisher',
    'pages',
    'ISBN',
    'DOI',
  ],
  conferencePaper: [
    'proceedingsTitle',
    'conferenceName',
    'place',
    'publisher',
    'volume',
    'pages',
    'series',
    'DOI',
    'ISBN',
  ],
  webpage: ['websiteTitle', 'websiteType'],
  report: ['reportNumber', 'reportType', 'seriesTitle', 'place', 'institution', 'pages', 'DOI'],
  thesis: ['thesisType', 'university', 'place', 'numPages', 'DOI'],
  dataset: ['repository', 'repositoryLocation', 'format', 'identifier', 'versionNumber', 'DOI', 'numberOfVolumes'],
  encyclopediaArticle: [
    'encyclopediaTitle',
    'series',
    'seriesNumber',
    'volume',
    'edition',
    'place',
    'publisher',
    'pages',
    'ISBN',
    'DOI',
  ],
  magazineArticle: ['publicationTitle', 'volume', 'issue', 'pages', 'ISSN', 'DOI'],
  newspaperArticle: ['publicationTitle', 'place', 'edition', 'section', 'pages', 'ISSN', 'DOI'],
};
const STRUCTURAL = new Set(['itemType', 'creators', 'notes', 'tags', 'attachments', 'seeAlso', 'complete']);

function fieldIsValidForType(field: string, itemType: string): boolean {
  return COMMON.includes(field) || COMMON_ARCHIVE.includes(field) || (TYPE_FIELDS[itemType] ?? []).includes(field);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * Runs Zotero's own RIS import translator (`zotero/RIS.js` in the corpus, unchanged) on a file and
 * answers the items Zotero would save. The harness supplies the few `Zotero` calls the translator makes;
 * like Zotero, saving an item drops fields its type does not have.
 */
export async function importWithZoteroRis(text: string): Promise<ZoteroItem[]> {
  const source = readFileSync(join(FIXTURES_DIR, 'zotero', 'RIS.js'), 'utf8');
  // The translator starts with its JSON metadata block, which is no JavaScript statement.
  const code = source.replace(/^\{[\s\S]*?\n\}\n/, '');
  const lines = text.split(/\r\n|\n|\r/);
  let next = 0;
  const items: ZoteroItem[] = [];
  const utilities = {
    unescapeHTML: (value: string) =>
      value
        .replace(/&#(\d+);/g, (_match, code: string) => String.fromCodePoint(Number(code)))
        .replace(/&(\w+);/g, (match, name: string) => ENTITIES[name] ?? match),
    cleanDOI: (value: string) => /10\.\d{4,9}\/[^\s]+/.exec(value)?.[0] ?? false,
    deepCopy: <T>(value: T): T => structuredClone(value),
    fieldIsValidForType,
    strToDate: (value: string) => {
      const match = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?/.exec(value);
      return match
        ? { year: Number(match[1]), month: Number(match[2]) - 1, day: match[3] ? Number(match[3]) : undefined }
        : {};
    },
  };
  class Item {
    itemType: string;
    creators: ZoteroItem['creators'] = [];
    notes: unknown[] = [];
    tags: unknown[] = [];
    attachments: unknown[] = [];
    seeAlso: unknown[] = [];
    constructor(itemType: string) {
      this.itemType = itemType;
    }
    complete() {
      const saved: ZoteroItem = {
        itemType: this.itemType,
        creators: this.creators,
        notes: this.notes,
        tags: this.tags,
        attachments: this.attachments,
      };
      for (const [field, value] of Object.entries(this)) {
        if (STRUCTURAL.has(field) || value === undefined || value === '') continue;
        if (field === 'DOI' || fieldIsValidForType(field, this.itemType)) saved[field] = value;
      }
      items.push(saved);
    }
  }
  const zotero = {
    read: () => (next < lines.length ? (lines[next++] as string) : false),
    Item,
    Utilities: utilities,
    getHiddenPref: () => undefined,
    getOption: () => false,
    parentTranslator: undefined,
  };
  const translator = new Function('Zotero', 'ZU', 'Z', `${code}\nreturn { doImport };`) as (
    zotero: unknown,
    utilities: unknown,
    z: unknown,
  ) => { doImport: () => Promise<void> };
  await translator(zotero, utilities, zotero).doImport();
  return items;
}
