import { describe, expect, it } from 'vitest';
import { importWithZoteroRis, type ZoteroItem } from '../../test/zotero-translator';
import { formatCitations } from '../search/citations';
import type { PaperRecord } from '../search/paper-record';
import { familyWithParticles, type PersonName } from './names';
import { TEST_REFERENCES } from './test-references';

const ITEM_TYPES: Record<string, string> = {
  'journal-article': 'journalArticle',
  book: 'book',
  'book-chapter': 'bookSection',
  'proceedings-article': 'conferencePaper',
  webpage: 'webpage',
};
/** The Zotero field that holds the venue, for each item type. */
const VENUE_FIELDS: Record<string, string[]> = {
  journalArticle: ['publicationTitle'],
  bookSection: ['bookTitle'],
  // Zotero reads RIS's T2 of a conference paper as the conference's name and C3 as the proceedings.
  conferencePaper: ['proceedingsTitle', 'conferenceName'],
  webpage: ['websiteTitle'],
  book: ['series'],
};

/** Fields Zotero's schema lacks for a type (a journal article has no publisher in Zotero). */
const NO_FIELD: Record<string, string[]> = { journalArticle: ['publisher', 'place', 'edition', 'ISBN'] };

/** How Zotero's RIS import should hold a name: family name with particles, given name with suffix. */
function creator(name: PersonName, creatorType: string): ZoteroItem['creators'][number] {
  if (name.literal) return { lastName: name.literal, fieldMode: 1, creatorType };
  const firstName = [name.given, name.suffix].filter(Boolean).join(', ');
  return { lastName: familyWithParticles(name), ...(firstName ? { firstName } : {}), creatorType };
}

/** The Zotero item a record must become after an RIS export from Quire and an import into Zotero. */
function expectedItem(record: PaperRecord): ZoteroItem {
  const itemType = ITEM_TYPES[record.kind ?? ''] as string;
  const item: ZoteroItem = {
    itemType,
    creators: [
      ...(record.authorNames ?? []).map((name) => creator(name, 'author')),
      ...(record.editors ?? []).map((name) => creator(name, 'editor')),
    ],
    notes: [],
    tags: [],
    attachments: [],
    title: record.title,
    date: record.issuedDate ?? String(record.year),
  };
  for (const field of record.venue ? (VENUE_FIELDS[itemType] ?? []) : []) item[field] = record.venue;
  const pages = record.pages?.replace('–', '-') ?? record.articleNumber;
  const fields: [string, string | null | undefined][] = [
    ['volume', record.volume],
    ['issue', record.issue],
    ['pages', pages],
    ['publisher', record.publisher],
    ['place', record.place],
    ['edition', record.edition],
    ['ISBN', record.isbn],
    ['ISSN', record.issn],
    ['language', record.language],
    ['DOI', record.doi],
    ['url', record.url],
    ['accessDate', record.accessed],
  ];
  for (const [field, value] of fields) if (value && !NO_FIELD[itemType]?.includes(field)) item[field] = value;
  return item;
}

describe("Quire's RIS export read by Zotero's own RIS translator", () => {
  it('keeps every field of every test reference: names, dates, venue, volume, pages, publisher, identifiers', async () => {
    const items = await importWithZoteroRis(formatCitations(TEST_REFERENCES, 'ris'));
    expect(items).toHaveLength(TEST_REFERENCES.length);
    items.forEach((item, index) => {
      expect(item).toEqual(expectedItem(TEST_REFERENCES[index]?.record as PaperRecord));
    });
  });

  it('reads a long abstract back whole, with no word split by a line break', async () => {
    const abstract = `${'Verification of software across tasks '.repeat(60)}ends here.`;
    const [reference] = TEST_REFERENCES;
    const [item] = await importWithZoteroRis(
      formatCitations(
        [{ id: reference?.id as string, record: { ...(reference?.record as PaperRecord), abstract } }],
        'ris',
      ),
    );
    expect(item?.abstractNote).toBe(abstract);
  });
});
