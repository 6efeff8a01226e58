/**
 * Splits an article file into its front matter and its Markdown body. The front matter is the small YAML subset
 * content/blog/README.md uses: `key: value` lines with plain or quoted strings, and one level of mapping written
 * either inline (`translations: { de: slug, fr: slug }`) or as indented `locale: slug` lines. Anything else is an
 * error naming the line, so a mistyped file is reported rather than half read. Values stay strings; the zod
 * schema in the contracts decides what they mean.
 */

export type FrontMatterValue = string | Record<string, string>;

export class FrontMatterError extends Error {
  override name = 'FrontMatterError';
}

const DELIMITER = /^---\s*$/;
const ENTRY = /^([A-Za-z][\w-]*):(?:\s+(.*?))?\s*$/;
const NESTED_ENTRY = /^\s+([A-Za-z][\w-]*):\s+(.*?)\s*$/;

export function parseFrontMatter(file: string): { data: Record<string, FrontMatterValue>; body: string } {
  const lines = file
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  if (!DELIMITER.test(lines[0] ?? '')) throw new FrontMatterError('the file does not start with front matter (---)');
  const end = lines.findIndex((line, index) => index > 0 && DELIMITER.test(line));
  if (end < 0) throw new FrontMatterError('the front matter is not closed with ---');

  const data: Record<string, FrontMatterValue> = {};
  let open: Record<string, string> | null = null;
  for (let index = 1; index < end; index += 1) {
    const line = lines[index] ?? '';
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const nested = open ? NESTED_ENTRY.exec(line) : null;
    if (open && nested) {
      open[nested[1] ?? ''] = scalar(nested[2] ?? '', index + 1);
      continue;
    }
    const entry = ENTRY.exec(line);
    if (!entry) throw new FrontMatterError(`line ${index + 1} is not "key: value": ${line}`);
    const key = entry[1] ?? '';
    if (Object.hasOwn(data, key)) throw new FrontMatterError(`line ${index + 1} repeats "${key}"`);
    const value = entry[2] ?? '';
    open = null;
    if (value === '') {
      open = {};
      data[key] = open;
    } else if (value.startsWith('{')) {
      data[key] = inlineMapping(value, index + 1);
    } else {
      data[key] = scalar(value, index + 1);
    }
  }
  return { data, body: lines.slice(end + 1).join('\n') };
}

function inlineMapping(value: string, lineNumber: number): Record<string, string> {
  if (!value.endsWith('}')) throw new FrontMatterError(`line ${lineNumber}: the mapping is not closed with }`);
  const inner = value.slice(1, -1).trim();
  const mapping: Record<string, string> = {};
  if (!inner) return mapping;
  for (const pair of inner.split(',')) {
    const match = /^\s*([A-Za-z][\w-]*)\s*:\s*(.+?)\s*$/.exec(pair);
    if (!match) throw new FrontMatterError(`line ${lineNumber}: "${pair.trim()}" is not "key: value"`);
    mapping[match[1] ?? ''] = scalar(match[2] ?? '', lineNumber);
  }
  return mapping;
}

/** A plain or quoted string; a trailing ` # comment` on a plain value is dropped, as in YAML. */
function scalar(value: string, lineNumber: number): string {
  const quote = value[0];
  if (quote === '"' || quote === "'") {
    if (value.length < 2 || !value.endsWith(quote)) {
      throw new FrontMatterError(`line ${lineNumber}: the quoted value is not closed`);
    }
    const inner = value.slice(1, -1);
    return quote === "'" ? inner.replaceAll("''", "'") : inner.replace(/\\(["\\])/g, '$1');
  }
  return value.replace(/\s+#.*$/, '');
}
