/** The media type of a Word document, for the exports that make one. */
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** How long the object URL of a download lives; the browser has the file well before. */
const REVOKE_AFTER_MS = 10_000;

/** Hands a file to the browser's download (a link with `download`, clicked and removed again). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
