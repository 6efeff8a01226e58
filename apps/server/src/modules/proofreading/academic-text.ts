/**
 * Stretches of academic text that are not prose to correct (issue #29 item 2): citations, reference-list
 * entries, initials, Latin abbreviations, formulas and code. No checker's issue inside one is shown; the
 * spell checker does not even read them. URLs, e-mail addresses, DOIs and file names are left out by the
 * spell checker's own list (spelling-words.ts) and here as well.
 */
export type Span = { start: number; end: number };

const YEAR = String.raw`(?:1[5-9]|20)\d{2}[a-z]?`;
const NAME = String.raw`\p{Lu}[\p{L}\p{M}'’-]+`;

const PATTERNS: readonly RegExp[] = [
  // Fenced and inline code, LaTeX and dollar formulas.
  /```[\s\S]*?```/gu,
  /`[^`\n]*`/gu,
  /\$\$[\s\S]*?\$\$|\$[^$\n]+\$|\\\([\s\S]*?\\\)|\\\[[\s\S]*?\\\]/gu,
  // A formula or statistic in running text: "p < .05", "n = 120", "x_i = 2y + 3", "β = 0.3", "F(2, 57) = 4.1".
  /[\p{L}\p{N}_.()',]+\s*(?:[=<>≤≥≈≠±×÷^]|<=|>=)\s*[-−+]?[\p{L}\p{N}_.()+\-−*/^]+(?:\s*[-−+*/×]\s*[\p{L}\p{N}_.()^]+)*/gu,
  // URLs, e-mail addresses, DOIs.
  /\b(?:https?|ftp):\/\/[^\s<>"]+|\bwww\.[^\s<>"]+/giu,
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu,
  /\b(?:doi:\s*)?10\.\d{4,9}\/[^\s"<>]+/giu,
  // Numeric citations: [12], [3, 7], [1–4].
  /\[\d+(?:\s*[-–,;]\s*\d+)*\]/gu,
  // A parenthesis that cites: a capitalised name and a year inside, "(Smith & Jones, 2019; Lee, 2020a, p. 4)".
  new RegExp(String.raw`\((?=[^()]*${NAME})(?=[^()]*\b${YEAR}\b)[^()\n]{1,300}\)`, 'gu'),
  // A narrative citation: "Smith (2020)", "Smith et al. (2020)", "Smith and Jones (2019)".
  new RegExp(
    String.raw`${NAME}(?:\s+(?:et\s+al\.?|(?:and|&|und|et|y|e|en)\s+${NAME}))?,?\s*\(${YEAR}(?:[,;][^()\n]{0,40})?\)`,
    'gu',
  ),
  // "et al." and the Latin abbreviations papers use, in every language.
  /(?<![\p{L}])(?:et\s+al|ibid|ib|op\.\s*cit|loc\.\s*cit|cf|vs|viz|etc|ca|e\.\s?g|i\.\s?e|et\s+seq|sic|N\.B|n\.b)\.(?![\p{L}])/giu,
  /(?<![\p{L}])(?:a priori|a posteriori|per se|in vitro|in vivo|in situ|in silico|ad hoc|post hoc|ad libitum|de facto|de jure|vice versa|status quo|inter alia|mutatis mutandis|ceteris paribus|et al)(?![\p{L}])/giu,
  // Initials: "A. A.", "J.-P.", "Smith, K." (a capital alone before a full stop).
  /(?<![\p{L}])\p{Lu}\.(?:\s?-?\p{Lu}\.)*(?![\p{L}])/gu,
];

// The heading of a reference list: everything after it (to the end, or the next heading-like line that is not
// a reference) is reference entries, checked as what they are, i.e. not as prose.
const REFERENCE_HEADING =
  /^\s*(?:#+\s*)?(?:\d+\.?\s*)?(?:references|bibliography|works cited|literatur(?:verzeichnis)?|quellen(?:verzeichnis)?|bibliographie|références(?: bibliographiques)?|referencias(?: bibliográficas)?|bibliografía|bibliografia|riferimenti bibliografici|referenties|literatuur(?:lijst)?|bronnen(?:lijst)?)\s*:?\s*$/imu;

// One reference-list entry standing alone on its line: "[3] …", "Smith, J. A. (2020). …", "SMITH, J. 2020. …".
const REFERENCE_ENTRY = new RegExp(
  String.raw`^[ \t]*(?:\[\d+\]|\d+\.)?[ \t]*${NAME}(?:,\s*(?:\p{Lu}\.\s*-?)+|\s+\p{Lu}{1,3}\b)[^\n]*\b${YEAR}\b[^\n]*$`,
  'gmu',
);

/** The spans of `text` that are not prose, sorted, possibly overlapping. */
export function academicSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const pattern of PATTERNS) {
    for (const match of text.matchAll(pattern)) spans.push({ start: match.index, end: match.index + match[0].length });
  }
  for (const match of text.matchAll(REFERENCE_ENTRY)) {
    spans.push({ start: match.index, end: match.index + match[0].length });
  }
  const heading = REFERENCE_HEADING.exec(text);
  if (heading) spans.push({ start: heading.index, end: text.length });
  return spans.sort((a, b) => a.start - b.start);
}

/** Replaces each span with spaces of the same length, so offsets stay those of the original text. */
export function blankSpans(text: string, spans: readonly Span[]): string {
  let result = '';
  let at = 0;
  for (const span of spans) {
    if (span.end <= at) continue;
    const start = Math.max(span.start, at);
    result += text.slice(at, start) + ' '.repeat(span.end - start);
    at = span.end;
  }
  return result + text.slice(at);
}

/** Whether [offset, offset + length) touches any of the spans. */
export function insideAny(spans: readonly Span[], offset: number, length: number): boolean {
  return spans.some((span) => offset < span.end && span.start < offset + Math.max(length, 1));
}
