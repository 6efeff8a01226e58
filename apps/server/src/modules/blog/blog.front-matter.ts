import matter from 'gray-matter';

/**
 * Splits an article file into its YAML front matter (read by gray-matter) and its Markdown body. A file that
 * does not open and close its front matter with `---` lines, or whose YAML is not a mapping, is an error naming
 * the line, so a mistyped file is reported rather than half read. The zod schema in the contracts decides what
 * the values mean.
 */

export class FrontMatterError extends Error {
  override name = 'FrontMatterError';
}

/** Only a bare `---` opens the front matter: gray-matter would run `---js` front matter as JavaScript. */
const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/;

const refuseLanguage = () => {
  throw new FrontMatterError('the front matter must be YAML');
};

export function parseFrontMatter(file: string): { data: Record<string, unknown>; body: string } {
  if (!/^\uFEFF?---[ \t]*\r?\n/.test(file))
    throw new FrontMatterError('the file does not start with front matter (---)');
  if (!FRONT_MATTER.test(file)) throw new FrontMatterError('the front matter is not closed with ---');
  let parsed: matter.GrayMatterFile<string>;
  try {
    // Options make gray-matter parse afresh: without them it hands out one cached object per text.
    parsed = matter(file, { language: 'yaml', engines: { javascript: refuseLanguage, js: refuseLanguage } });
  } catch (error) {
    throw yamlError(error);
  }
  const data: unknown = parsed.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new FrontMatterError('the front matter is not a list of "key: value" lines');
  }
  return {
    data: Object.fromEntries(Object.entries(data).map(([key, value]) => [key, plainDate(value, parsed.matter)])),
    body: parsed.content.replace(/\r\n?/g, '\n'),
  };
}

/**
 * YAML reads `date: 2026-11-01` as a Date; the schema wants the day as written. YAML also rolls an impossible
 * day over (2026-13-45 becomes 2027-02-14), so a day the front matter does not spell out is kept as the
 * timestamp, which the schema refuses.
 */
function plainDate(value: unknown, frontMatter: string): unknown {
  if (!(value instanceof Date)) return value;
  const iso = value.toISOString();
  const day = iso.slice(0, 10);
  return iso.endsWith('T00:00:00.000Z') && frontMatter.includes(day) ? day : iso;
}

/** js-yaml's error, with the line of the file it is on (gray-matter hands it the text from the first line). */
function yamlError(error: unknown): FrontMatterError {
  if (error instanceof FrontMatterError) return error;
  const { reason, mark } = error as { reason?: string; mark?: { line: number } };
  if (reason && mark) return new FrontMatterError(`line ${mark.line + 1}: ${reason}`);
  return new FrontMatterError(`the front matter is not valid YAML: ${(error as Error).message}`);
}
