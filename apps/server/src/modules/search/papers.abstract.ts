import type { Database } from '../../db/client';
import { chunkPages } from '../../text/chunking';
import { detectLanguage, searchConfigFor } from '../../text/language';
import type { SourceRow } from '../sources/sources.service';
import { storePassages } from '../sources/sources.service';
import type { PaperRecord } from './paper-record';

/** What a paper without a readable full text contributes: its metadata and abstract, indexed like any passage. */
export function abstractText(record: PaperRecord): string {
  const published = [record.venue, record.year].filter(Boolean).join(', ');
  return [record.title, record.authors.join(', '), published, record.abstract].filter(Boolean).join('\n\n');
}

/** Makes a paper source usable from its metadata and abstract (one page, for citing). */
export async function storeAbstract(
  db: Database,
  source: Pick<SourceRow, 'id' | 'userId'>,
  record: PaperRecord,
): Promise<void> {
  const text = abstractText(record);
  const language = detectLanguage(text);
  await storePassages(db, source, chunkPages([text]), searchConfigFor(language), {
    title: record.title,
    authors: record.authors,
    year: record.year,
    language,
    pageCount: null,
  });
}
