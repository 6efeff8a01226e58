import { getTableColumns } from 'drizzle-orm';
import { generations } from '../../db/schema';

/**
 * A stored result as it is shown: every column but the search vector, which only the history's search reads
 * (in SQL). Reading it back would turn two tsvectors of the whole text into text for nothing.
 */
export const resultColumns = (({ searchVector: _searchVector, ...columns }) => columns)(getTableColumns(generations));
export type GenerationRow = Omit<typeof generations.$inferSelect, 'searchVector'>;
