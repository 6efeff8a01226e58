import { DOCX_TYPE } from '../../lib/download';

export const TEXT_TYPE = 'text/plain;charset=utf-8';

/** The name of a download of the corrected text, with the day: `proofread-2026-03-03.txt`. */
export function correctedFilename(extension: 'txt' | 'docx', now: Date = new Date()): string {
  return `proofread-${now.toISOString().slice(0, 10)}.${extension}`;
}

/** The corrected text as a plain-text file, ending in a line break. */
export function textExport(text: string): Blob {
  return new Blob([text.endsWith('\n') ? text : `${text}\n`], { type: TEXT_TYPE });
}

/**
 * The corrected text as a Word document: one paragraph per paragraph of the text, line breaks inside kept.
 * The text is the user's own, not Markdown, so it is not read as such (a `#` or `*` stays as typed). The `docx`
 * library is loaded only now.
 */
export async function docxTextExport(text: string): Promise<Blob> {
  const docx = await import('docx');
  const paragraphs = text.split(/\r?\n\s*\r?\n/).map(
    (paragraph) =>
      new docx.Paragraph({
        children: paragraph
          .split(/\r?\n/)
          .map((line, index) => new docx.TextRun({ text: line, ...(index > 0 ? { break: 1 } : {}) })),
      }),
  );
  const document = new docx.Document({ sections: [{ children: paragraphs }] });
  const blob = await docx.Packer.toBlob(document);
  return blob.type ? blob : new Blob([blob], { type: DOCX_TYPE });
}
