import type { DocumentStructure } from '@quire/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sourceStructures } from '../../db/schema';
import type { SourceRow } from './source-row';

/** Keeps a document's structure, replacing what an earlier reading of it stored. */
export async function saveStructure(
  db: Pick<Database, 'insert'>,
  source: Pick<SourceRow, 'id' | 'userId'>,
  structure: DocumentStructure,
): Promise<void> {
  await db
    .insert(sourceStructures)
    .values({ sourceId: source.id, userId: source.userId, structure })
    .onConflictDoUpdate({ target: sourceStructures.sourceId, set: { structure, createdAt: new Date() } });
}

/** The structure of one of this user's documents, or null when none was stored. */
export async function findStructure(db: Database, userId: string, sourceId: string): Promise<DocumentStructure | null> {
  const [row] = await db
    .select({ structure: sourceStructures.structure })
    .from(sourceStructures)
    .where(and(eq(sourceStructures.sourceId, sourceId), eq(sourceStructures.userId, userId)));
  return (row?.structure as DocumentStructure | undefined) ?? null;
}
