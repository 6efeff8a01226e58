export type Article = {
  title: string;
  byline: string | null;
  siteName: string | null;
  /** Primary language subtag of the page (`de` for `de-AT`), or null when the page does not say. */
  lang: string | null;
  /** The paragraphs joined by blank lines. */
  text: string;
  paragraphs: string[];
  publishedYear: number | null;
  excerpt: string | null;
};

// Below this much text Readability has found page furniture (a menu, a cookie notice), not an article.
const MIN_ARTICLE_CHARS = 200;

const BLOCK_ELEMENTS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'TD',
  'TH',
  'THEAD',
  'TR',
  'UL',
]);

// Meta tags that carry a publication date, for pages whose date Readability does not pick up.
const DATE_META_NAMES = [
  'article:published_time',
  'citation_publication_date',
  'citation_date',
  'citation_online_date',
  'dc.date',
  'dc.date.issued',
  'dcterms.date',
  'dcterms.issued',
  'dcterms.created',
  'datepublished',
  'pubdate',
  'publishdate',
  'publish-date',
  'date',
];

const BYLINE_PREFIX = /^(?:by|von|par|por|door)\s*:?\s+(?=\S+\s+\S)/i;

/** Collapses all whitespace (including non-breaking spaces) and drops soft hyphens and zero-width characters. */
export function normaliseText(text: string): string {
  return text
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a response is a PDF: by its Content-Type, or by the `%PDF-` signature whatever the server claims. */
export function isPdfResponse(contentType: string, body: Uint8Array): boolean {
  const type = mediaType(contentType);
  if (type === 'application/pdf' || type === 'application/x-pdf') return true;
  const start = Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, 1024))
    .toString('latin1')
    .replace(/^(?:\u00ef\u00bb\u00bf)?\s*/, '');
  return start.startsWith('%PDF-');
}

/** The lower-case media type of a Content-Type header, without parameters. */
export function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * Reduces an HTML page to its article with Readability. The page is parsed by jsdom without running
 * its scripts or loading anything it refers to. Pass the raw bytes with the response's Content-Type
 * so the character set is taken from the header, a BOM or a `<meta charset>`. Null when the page has
 * no article.
 */
export async function extractArticle(
  html: string | Uint8Array,
  url: string,
  options: { contentType?: string } = {},
): Promise<Article | null> {
  // Loaded on the first page read: jsdom takes seconds to load, and most processes never read a web page.
  const [{ JSDOM, VirtualConsole }, { Readability }] = await Promise.all([
    import('jsdom'),
    import('@mozilla/readability'),
  ]);
  // jsdom runs no scripts and fetches no resources unless told to (runScripts, resources), and we never do.
  const dom = new JSDOM(html, {
    url,
    contentType: htmlContentType(options.contentType),
    virtualConsole: new VirtualConsole(),
  });
  try {
    const document = dom.window.document;
    // Readability removes nodes as it works, so the fallbacks are read first.
    const fallbackDate = findDate(document);
    const fallbackLang = findLang(document);
    const heading = normaliseText(document.querySelector('h1')?.textContent ?? '') || null;
    const parsed = new Readability<Element>(document, { serializer: (node) => node as Element }).parse();
    if (!parsed?.content) return null;
    const paragraphs = collectParagraphs(parsed.content);
    const text = paragraphs.join('\n\n');
    if (text.length < MIN_ARTICLE_CHARS) return null;
    const siteName = normaliseText(parsed.siteName ?? '') || null;
    return {
      title: withoutSiteName(normaliseText(parsed.title ?? '') || normaliseText(document.title), siteName, heading),
      byline: cleanByline(parsed.byline),
      siteName,
      lang: primaryLanguage(parsed.lang) ?? fallbackLang,
      text,
      paragraphs,
      publishedYear: yearOf(parsed.publishedTime) ?? yearOf(fallbackDate),
      excerpt: normaliseText(parsed.excerpt ?? '') || null,
    };
  } finally {
    dom.window.close();
  }
}

/** jsdom parses anything but an HTML type as strict XML, so XHTML served as such is read as HTML too. */
function htmlContentType(contentType: string | undefined): string {
  const charset = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType ?? '')?.[1];
  return charset ? `text/html; charset=${charset}` : 'text/html';
}

/** The text of every innermost block, one paragraph each; inline text between blocks forms its own paragraph. */
function collectParagraphs(root: Element): string[] {
  const paragraphs: string[] = [];
  let current = '';
  const flush = () => {
    const text = normaliseText(current);
    if (text) paragraphs.push(text);
    current = '';
  };
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === child.TEXT_NODE) {
        current += child.textContent ?? '';
      } else if (child.nodeType === child.ELEMENT_NODE) {
        const element = child as Element;
        if (element.tagName === 'BR') {
          current += ' ';
        } else if (BLOCK_ELEMENTS.has(element.tagName)) {
          flush();
          walk(element);
          flush();
        } else {
          walk(element);
        }
      }
    }
  };
  walk(root);
  flush();
  return paragraphs;
}

/** "Title | Site" → "Title": Readability keeps the site in short titles, which a citation does not want. */
/** Drops the site's name from a page title; without a known site name, the page's own heading tells. */
function withoutSiteName(title: string, siteName: string | null, heading: string | null): string {
  for (const separator of [' | ', ' - ', ' – ', ' — ', ' · ', ' :: ', ' » ']) {
    if (siteName && title.endsWith(`${separator}${siteName}`))
      return title.slice(0, -(separator.length + siteName.length));
    if (siteName && title.startsWith(`${siteName}${separator}`)) return title.slice(siteName.length + separator.length);
    if (heading && title.startsWith(`${heading}${separator}`)) return heading;
  }
  return title;
}

function cleanByline(byline: string | null | undefined): string | null {
  const text = normaliseText(byline ?? '').replace(BYLINE_PREFIX, '');
  return text || null;
}

function primaryLanguage(tag: string | null | undefined): string | null {
  const primary = (tag ?? '').trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return /^[a-z]{2,3}$/.test(primary) ? primary : null;
}

function findLang(document: Document): string | null {
  const candidates = [
    document.documentElement.getAttribute('lang'),
    document.documentElement.getAttribute('xml:lang'),
    document.querySelector('meta[http-equiv="content-language" i]')?.getAttribute('content'),
    document.querySelector('meta[property="og:locale"]')?.getAttribute('content'),
  ];
  for (const candidate of candidates) {
    const lang = primaryLanguage(candidate);
    if (lang) return lang;
  }
  return null;
}

function findDate(document: Document): string | null {
  const metaDates = new Map<string, string>();
  for (const meta of Array.from(document.querySelectorAll('meta[content]'))) {
    const name = meta.getAttribute('name') ?? meta.getAttribute('property') ?? meta.getAttribute('itemprop') ?? '';
    const key = name.trim().toLowerCase();
    if (!metaDates.has(key)) metaDates.set(key, meta.getAttribute('content') ?? '');
  }
  const fromMeta = DATE_META_NAMES.map((name) => metaDates.get(name)).find((date) => yearOf(date) !== null);
  if (fromMeta) return fromMeta;
  const time =
    document.querySelector('article time[datetime]') ??
    document.querySelector('time[pubdate][datetime]') ??
    document.querySelector('time[datetime]');
  return time?.getAttribute('datetime') ?? null;
}

function yearOf(date: string | null | undefined): number | null {
  const match = /\b(\d{4})\b/.exec(date ?? '');
  if (!match) return null;
  const year = Number(match[1]);
  return year >= 1000 && year <= new Date().getFullYear() + 1 ? year : null;
}
