import { countWords } from '../../text/chunking';

/** A page whose text layer has fewer words than this is taken for a scan (a stamped page number aside). */
const SCAN_MAX_LAYER_WORDS = 10;
/** A word as written: letters, maybe with an apostrophe or hyphen inside and punctuation around. */
const WORD = /^[("'‘“[]?\p{L}+(?:['’-]\p{L}+)*[.,;:!?)"'’”\]]*$/u;
/** Below this share of words among its tokens, a text layer is noise (an OCR of equations, a broken encoding). */
const MIN_WORD_SHARE = 0.6;

/** True when a page's text layer is (almost) empty, so its text can only be in images. */
export function looksScanned(layerText: string): boolean {
  return countWords(layerText) < SCAN_MAX_LAYER_WORDS;
}

/** True when too few of a text layer's tokens are words: another OCR's noise rather than text. */
export function looksNoisy(layerText: string): boolean {
  const tokens = layerText.split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return false;
  const words = tokens.filter((token) => WORD.test(token)).length;
  return words / tokens.length < MIN_WORD_SHARE;
}

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
