import type { DocumentStructure } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import type { DoiRecord } from '../../search/doi-record';
import { verifiedMetadata } from './metadata';
import { readStructure } from './structure';
import { TUNING_PAPERS } from './tuning-papers';

const paper = TUNING_PAPERS.find((candidate) => candidate.name.startsWith('journal article'));
if (!paper) throw new Error('the tuning set has no journal article');
const structure: DocumentStructure = readStructure(paper.pages);

const record: DoiRecord = {
  catalogue: 'crossref',
  doi: '10.5555/hyd.2019.0042',
  title: 'Seasonal controls on hillslope runoff in a temperate catchment',
  authors: ['Hannah J. Collins', 'Marco de la Fuente', 'Priya Raman'],
  year: 2019,
  venue: 'Journal of Catchment Science',
  volume: '41',
  issue: null,
  pages: '112–130',
  publisher: 'Elsevier BV',
};

describe('verifiedMetadata', () => {
  it('takes the fields the catalogue knows from it and the rest from the pages, saying which is which', async () => {
    const asked: string[] = [];
    const metadata = await verifiedMetadata(structure, async (doi) => {
      asked.push(doi);
      return record;
    });
    expect(asked).toEqual(['10.5555/hyd.2019.0042']);
    expect(metadata).toEqual({
      doi: '10.5555/hyd.2019.0042',
      title: { value: 'Seasonal controls on hillslope runoff in a temperate catchment', source: 'crossref' },
      authors: { value: record.authors, source: 'crossref' },
      year: { value: 2019, source: 'crossref' },
      venue: { value: 'Journal of Catchment Science', source: 'crossref' },
      volume: { value: '41', source: 'crossref' },
      issue: { value: null, source: 'structure' },
      pages: { value: '112–130', source: 'crossref' },
      publisher: { value: 'Elsevier BV', source: 'crossref' },
    });
  });

  it('keeps the structure when the lookup has no answer (offline, unknown DOI)', async () => {
    const metadata = await verifiedMetadata(structure, async () => null);
    expect(metadata.title).toEqual({ value: structure.title, source: 'structure' });
    expect(metadata.authors).toEqual({
      value: ['Hannah J. Collins', 'Marco de la Fuente', 'Priya Raman'],
      source: 'structure',
    });
    expect(metadata.year).toEqual({ value: 2019, source: 'structure' });
    expect(metadata.venue).toEqual({ value: null, source: 'structure' });
  });

  it('refuses a record that describes another paper (a DOI of a cited work on the first page)', async () => {
    const other = { ...record, title: 'Glacier melt in the Andes', authors: ['Rosa Quispe'] };
    const metadata = await verifiedMetadata(structure, async () => other);
    expect(metadata.title.source).toBe('structure');
    expect(metadata.authors.value).toEqual(structure.authors);
  });

  it('does not ask when no DOI is printed', async () => {
    const withoutDoi = { ...structure, doi: null };
    const metadata = await verifiedMetadata(withoutDoi, async () => {
      throw new Error('must not be asked');
    });
    expect(metadata.doi).toBeNull();
    expect(metadata.title.source).toBe('structure');
  });
});
