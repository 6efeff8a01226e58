import { mapReducePaperPdf } from '@quire/server/testing';

/** The eight-page test paper written in the repository, as a file for an upload input. */
export async function paperFile(name = 'map-reduce.pdf'): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  return { name, mimeType: 'application/pdf', buffer: await mapReducePaperPdf() };
}
