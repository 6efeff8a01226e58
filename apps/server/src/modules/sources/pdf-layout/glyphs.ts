/** Ligatures a font may map to one character, spelled out. */
const LIGATURES: Record<string, string> = {
  '\ufb00': 'ff',
  '\ufb01': 'fi',
  '\ufb02': 'fl',
  '\ufb03': 'ffi',
  '\ufb04': 'ffl',
  '\ufb05': 'st',
  '\ufb06': 'st',
};

/** Spacing accents, as TeX sets them beside a letter instead of over it, and the combining mark each stands for. */
const SPACING_ACCENTS: Record<string, string> = {
  '\u00b4': '\u0301',
  '\u00a8': '\u0308',
  '\u02c6': '\u0302',
  '\u02dc': '\u0303',
  '\u0060': '\u0300',
  '\u02c7': '\u030c',
  '\u02d8': '\u0306',
  '\u02da': '\u030a',
  '\u00b8': '\u0327',
  '\u02dd': '\u030b',
};

const LIGATURE = /[\ufb00-\ufb06]/g;
/** An accent with the letters around it; either side may be what it sits on. */
const ACCENT_BETWEEN = /(\p{L}?)([\u00b4\u00a8\u02c6\u02dc\u0060\u02c7\u02d8\u02da\u00b8\u02dd])(\p{L}?)/gu;
/** A combining mark written before its letter instead of after it. */
const MARK_BEFORE = /(^|[^\p{L}\p{M}])(\p{M}+)(\p{L})/gu;

/** TeX sets an accent on i and j over their dotless forms ("na¨ıve"): the accented letter is the dotted one's. */
const DOTTED: Record<string, string> = { '\u0131': 'i', '\u0237': 'j' };
/** A dotless i or j with a combining mark on it. */
const DOTLESS_MARKED = /[\u0131\u0237](?=\p{M})/gu;

/** The letter with the mark on it as one character, or null when Unicode has no such character. */
function composed(letter: string, mark: string): string | null {
  const single = `${DOTTED[letter] ?? letter}${mark}`.normalize('NFC');
  return [...single].length === 1 ? single : null;
}

function placeAccent(match: string, before: string, accent: string, after: string): string {
  const mark = SPACING_ACCENTS[accent] ?? '';
  // A grave accent alone is more often a quote (``TeX quotes'', code) than an accent: only inside a word.
  if (accent === '`' && !(before && after)) return match;
  const onAfter = after ? composed(after, mark) : null;
  if (onAfter) return `${before}${onAfter}`;
  const onBefore = before ? composed(before, mark) : null;
  return onBefore ? `${onBefore}${after}` : match;
}

/**
 * A line's text as a reader would write it: ligatures spelled out, accents set beside their letter ("Zolt´an",
 * "Gy¨ongyi", "na¨ıve") or written as a mark before it put on it, and the whole composed (NFC).
 */
export function cleanGlyphs(text: string): string {
  return text
    .replace(LIGATURE, (ligature) => LIGATURES[ligature] ?? ligature)
    .replace(ACCENT_BETWEEN, placeAccent)
    .replace(MARK_BEFORE, (_, start: string, marks: string, letter: string) => `${start}${letter}${marks}`)
    .replace(DOTLESS_MARKED, (letter) => DOTTED[letter] ?? letter)
    .normalize('NFC');
}
