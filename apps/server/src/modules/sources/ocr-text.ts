/**
 * Tidies a page's text, read from its text layer or by OCR: words hyphenated across line ends are
 * joined again ("evalu-\nation" → "evaluation"), runs of spaces become one, and blank lines at most
 * one, so passages and search see the words as written.
 */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/(\p{L})[-\u00ad\u2010]\n(\p{Ll})/gu, '$1$2')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
