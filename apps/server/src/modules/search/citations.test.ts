import { parse } from '@retorquere/bibtex-parser';
import { describe, expect, it } from 'vitest';
import { TEST_REFERENCES } from '../citations/test-references';
import { type CitationFormat, formatCitations, parseCitations } from './citations';
import type { PaperRecord } from './paper-record';

/** Every field a reference is written from: what an export followed by an import must give back. */
const FIELDS = [
  'title',
  'titleMarkup',
  'authors',
  'authorNames',
  'editors',
  'year',
  'issuedDate',
  'venue',
  'volume',
  'issue',
  'pages',
  'articleNumber',
  'publisher',
  'place',
  'edition',
  'isbn',
  'issn',
  'language',
  'doi',
  'url',
  'accessed',
  'kind',
] as const satisfies readonly (keyof PaperRecord)[];

function comparable(record: PaperRecord) {
  return Object.fromEntries(FIELDS.map((field) => [field, record[field] ?? null]));
}

/** What each format cannot hold, as it comes back: the rest must survive unchanged. */
function expectedAfter(format: CitationFormat, record: PaperRecord) {
  const expected = comparable(record);
  if (format === 'ris') {
    // RIS has no case protection, and an article number takes the pages' place (as Zotero writes it).
    expected.titleMarkup = null;
    if (!record.pages && record.articleNumber) {
      expected.pages = record.articleNumber;
      expected.articleNumber = null;
    }
  }
  if (format === 'bibtex' && record.issuedDate) {
    // BibTeX has a year and a month, no day.
    expected.issuedDate = record.issuedDate.slice(0, 7);
  }
  return expected;
}

describe('reference files', () => {
  for (const format of ['bibtex', 'biblatex', 'ris', 'csl-json'] as const) {
    it(`${format}: every field of every test reference reads back as it was written`, async () => {
      const file = formatCitations(TEST_REFERENCES, format);
      const records = await parseCitations(file);
      expect(records).toHaveLength(TEST_REFERENCES.length);
      records.forEach((record, index) => {
        const written = TEST_REFERENCES[index]?.record as PaperRecord;
        const back = comparable(record);
        // A BibTeX reader protects the capitalised words of English titles: the text stays the same.
        if (format.startsWith('bib') && !written.titleMarkup) back.titleMarkup = null;
        expect(back).toEqual(expectedAfter(format, written));
      });
    });
  }

  it('RIS: one line per value however long, the whole id as ID, and no two IDs alike', () => {
    const long = { ...TEST_REFERENCES[0], record: { ...TEST_REFERENCES[0]?.record, abstract: 'word '.repeat(400) } };
    const papers = [long, ...TEST_REFERENCES, { ...TEST_REFERENCES[1], record: TEST_REFERENCES[1]?.record }] as {
      id: string;
      record: PaperRecord;
    }[];
    const file = formatCitations(papers, 'ris');
    const lines = file.split('\r\n').filter(Boolean);
    for (const line of lines) expect(line).toMatch(/^[A-Z][A-Z0-9] {2}- ?/);
    expect(lines.find((line) => line.startsWith('AB'))).toBe(`AB  - ${'word '.repeat(400).trim()}`);
    const ids = lines.filter((line) => line.startsWith('ID  - ')).map((line) => line.slice(6));
    expect(ids).toContain('doi:10.1093/obo/9780199830060-0238');
    expect(ids).toContain('doi:10.1093/obo/9780199756384-0123');
    expect(ids).toContain('doi:10.1093/obo/9780199756384-0123-2');
    expect(new Set(ids).size).toBe(ids.length);
    expect(lines.filter((line) => line.startsWith('TY  - '))).toEqual([
      'TY  - JOUR',
      'TY  - JOUR',
      'TY  - BOOK',
      'TY  - CHAP',
      'TY  - CONF',
      'TY  - ELEC',
      'TY  - JOUR',
      'TY  - JOUR',
      'TY  - BOOK',
    ]);
  });

  for (const dialect of ['bibtex', 'biblatex'] as const) {
    it(`${dialect}: Better BibTeX's parser reads every entry without an error, names and case protection intact`, () => {
      const library = parse(formatCitations(TEST_REFERENCES, dialect));
      expect(library.errors).toEqual([]);
      expect(library.entries).toHaveLength(TEST_REFERENCES.length);
      const keys = library.entries.map((entry) => entry.key);
      expect(new Set(keys).size).toBe(keys.length);
      const [article, book, chapter, paper, web, nonLatin] = library.entries.map((entry) => entry.fields);
      expect(article?.author?.[0]).toEqual({ lastName: 'Bran', firstName: 'Andres M.' });
      expect(book?.author).toEqual([{ lastName: 'García Márquez', firstName: 'Gabriel' }]);
      expect(chapter?.author?.[0]).toEqual({ lastName: 'Berg', firstName: 'Anna', prefix: 'van der' });
      expect(chapter?.editor?.[1]).toEqual({ lastName: 'King', firstName: 'Martin Luther', suffix: 'Jr.' });
      expect(chapter?.title).toBe('Über die Grenzen der Erklärbarkeit: Modelle & Messungen');
      expect(paper?.author?.[0]).toEqual({ name: 'World Health Organization' });
      expect(paper?.title).toBe('Fast detection of <span class="nocase">Escherichia coli</span> in drinking water');
      expect(web?.author).toEqual([{ name: 'World Health Organization' }]);
      expect(nonLatin?.title).toBe('深層学習による日本語の文章要約');
      expect(nonLatin?.author?.[1]).toEqual({ lastName: 'Иванов', firstName: 'Иван' });
    });
  }

  it('reads a CSL-JSON item on its own and refuses text that is no reference file', async () => {
    const [record] = await parseCitations(
      JSON.stringify({
        id: 'x',
        type: 'book',
        title: 'Sein und Zeit',
        author: [{ family: 'Heidegger', given: 'Martin' }],
      }),
    );
    expect(record).toMatchObject({ title: 'Sein und Zeit', authors: ['Martin Heidegger'], kind: 'book' });
    await expect(parseCitations('just some notes')).rejects.toThrow();
  });
});
