/**
 * Finds test lines that cannot fail for the reason they are there, or wait a fixed time (see
 * no-empty-assertions.test.ts). Each returns the 1-based line numbers of what it found in a test file's source.
 */

const QUERY_CALL = /(?:^|[^\w$])(?:get|getAll|find|findAll)By\w+$/;
/** Matchers that a found element always passes (or, with `.not`, a found element never fails). */
const EMPTY_MATCHER =
  /^\s*\.(?:toBeTruthy|toBeDefined|toBeInTheDocument|not\.toBeNull|not\.toBeUndefined|not\.toBeFalsy)\(\)/;

/** `expect(<…getBy…(…)>)` followed by a matcher that a found element always passes. */
export function emptyQueryAssertions(source: string): number[] {
  const lines: number[] = [];
  for (const match of source.matchAll(/\bexpect\s*\(/g)) {
    const open = (match.index ?? 0) + match[0].length - 1;
    const close = matchingClose(source, open);
    if (close < 0 || !EMPTY_MATCHER.test(source.slice(close + 1))) continue;
    if (endsInQueryCall(source.slice(open + 1, close))) lines.push(lineOf(source, open));
  }
  return lines;
}

const SLEEP =
  /await\s+(?:new\s+Promise\s*\(\s*\(?\s*\w*\s*\)?\s*=>\s*setTimeout\s*\(|sleep\s*\(|delay\s*\(|[\w.]*waitForTimeout\s*\()/;
/** Assertions that something did not happen (is absent, empty, zero, or not called again). */
const ABSENCE =
  /\bexpect\b.*\.(?:toBeNull\(\)|toBeUndefined\(\)|toBeFalsy\(\)|toEqual\(\[\]\)|toHaveLength\(0\)|toBe\(0\)|toHaveBeenCalledTimes\(|not\.)/;

/** A sleep whose next statement asserts that something did not happen. */
export function sleepsBeforeAbsence(source: string): number[] {
  const lines = source.split('\n');
  const found: number[] = [];
  lines.forEach((line, index) => {
    if (!SLEEP.test(line)) return;
    const next = lines.slice(index + 1).find((later) => later.trim() !== '' && !later.trim().startsWith('//'));
    if (next && ABSENCE.test(next)) found.push(index + 1);
  });
  return found;
}

/**
 * Every call of Playwright's waitForTimeout: a browser journey waits for what the page shows, a request or
 * response, or the page's clock (page.clock), never for a fixed time.
 */
export function fixedBrowserWaits(source: string): number[] {
  const found: number[] = [];
  source.split('\n').forEach((line, index) => {
    if (/\.waitForTimeout\s*\(/.test(line)) found.push(index + 1);
  });
  return found;
}

/** Whether an expression, without `await`, wrapping parentheses or a cast, is a query call. */
function endsInQueryCall(expression: string): boolean {
  let text = expression.trim();
  for (;;) {
    const bare = text
      .replace(/^await\s+/, '')
      .replace(/,\s*$/, '')
      .replace(/\s+as\s+[\w.<>[\]|\s]+$/, '')
      .trim();
    if (bare.startsWith('(') && matchingClose(bare, 0) === bare.length - 1) text = bare.slice(1, -1).trim();
    else if (bare === text) break;
    else text = bare;
  }
  if (!text.endsWith(')')) return false;
  const open = matchingOpen(text, text.length - 1);
  return open > 0 && QUERY_CALL.test(text.slice(0, open));
}

/** The index of the parenthesis closing the one at `open`, skipping strings; -1 if there is none. */
function matchingClose(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    const char = text[index];
    if (char === "'" || char === '"' || char === '`') index = stringEnd(text, index);
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return index;
  }
  return -1;
}

/** The index of the parenthesis that the one at `close` closes, skipping strings; -1 if there is none. */
function matchingOpen(text: string, close: number): number {
  const opened: number[] = [];
  for (let index = 0; index <= close; index++) {
    const char = text[index];
    if (char === "'" || char === '"' || char === '`') index = stringEnd(text, index);
    else if (char === '(') opened.push(index);
    else if (char === ')') {
      const open = opened.pop();
      if (index === close) return open ?? -1;
    }
  }
  return -1;
}

function stringEnd(text: string, start: number): number {
  const quote = text[start];
  for (let index = start + 1; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === quote) return index;
  }
  return text.length;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}
