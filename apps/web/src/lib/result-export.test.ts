import { describe, expect, it } from 'vitest';
import { DOCX_TYPE } from './download';
import { docxExport, exportFilename, markdownExport } from './result-export';

const RESULT = {
  slug: 'write-chapter' as const,
  created_at: '2026-03-03T10:00:00Z',
  text: '## Light\n\nPlants turn **light** into sugar [1].\n\n1. one\n2. two\n\n## References\n\nDoe, J. (2020). Plants.',
  citations: [{ sourceId: 'd1', page: 4, passage: 'Plants turn light into sugar.' }],
};

/** The bytes of a blob; jsdom's Blob has no arrayBuffer, FileReader reads it. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('exports', () => {
  it('names files after the tool and the day', () => {
    expect(exportFilename(RESULT, 'md')).toBe('write-chapter-2026-03-03.md');
    expect(exportFilename(RESULT, 'docx')).toBe('write-chapter-2026-03-03.docx');
  });

  it('exports the text as written to Markdown', async () => {
    const blob = markdownExport(RESULT);
    expect(blob.type).toBe('text/markdown;charset=utf-8');
    expect(new TextDecoder().decode(await bytesOf(blob))).toBe(`${RESULT.text}\n`);
  });

  it('exports a Word document with the text in it', async () => {
    const blob = await docxExport(RESULT);
    expect(blob.type).toBe(DOCX_TYPE);
    const bytes = await bytesOf(blob);
    // A DOCX is a ZIP archive: it starts with "PK" and lists word/document.xml.
    expect(String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0)).toBe('PK');
    expect(new TextDecoder('latin1').decode(bytes)).toContain('word/document.xml');
  });
});
