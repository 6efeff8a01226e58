import { describe, expect, it } from 'vitest';
import { DOCX_TYPE } from '../../lib/download';
import { correctedFilename, docxTextExport, TEXT_TYPE, textExport } from './text-export';

/** The bytes of a blob; jsdom's Blob has no arrayBuffer, FileReader reads it. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('downloads of the corrected text', () => {
  it('names the files after the day', () => {
    const day = new Date('2026-03-03T10:00:00Z');
    expect(correctedFilename('txt', day)).toBe('proofread-2026-03-03.txt');
    expect(correctedFilename('docx', day)).toBe('proofread-2026-03-03.docx');
  });

  it('writes the text as it stands to a .txt file, ending in a line break', async () => {
    const blob = textExport('# Not a heading\n\nThe résumé *stays* as typed.');
    expect(blob.type).toBe(TEXT_TYPE);
    expect(new TextDecoder().decode(await bytesOf(blob))).toBe('# Not a heading\n\nThe résumé *stays* as typed.\n');
  });

  it('writes a Word document', async () => {
    const blob = await docxTextExport('First paragraph.\n\nSecond, with\na line break.');
    expect(blob.type).toBe(DOCX_TYPE);
    const bytes = await bytesOf(blob);
    // A DOCX is a ZIP archive: it starts with "PK" and lists word/document.xml.
    expect(String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0)).toBe('PK');
    expect(new TextDecoder('latin1').decode(bytes)).toContain('word/document.xml');
  });
});
