import { type Article, extractArticle, isPdfResponse, mediaType } from './extract-article';
import { quireBotUserAgent, safeFetch, WebsiteFetchError } from './safe-fetch';

export type WebsiteSource =
  | { kind: 'article'; article: Article; finalUrl: string }
  | { kind: 'pdf'; bytes: Buffer; finalUrl: string };

export type FetchWebsiteOptions = {
  /** The instance's PUBLIC_URL, named in the User-Agent. */
  publicUrl: string;
  /** `ALLOW_PRIVATE_URLS`: lets loopback hosts through, for tests only. */
  allowLoopback: boolean;
  maxHtmlBytes?: number;
  maxPdfBytes?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
};

export const WEBSITE_DEFAULTS = {
  maxHtmlBytes: 10 * 1024 * 1024,
  maxPdfBytes: 50 * 1024 * 1024,
  timeoutMs: 15_000,
} as const;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

// A PDF may come as octet-stream or without a type; only its bytes tell, so it gets the PDF cap.
const MAYBE_PDF_TYPES = new Set([
  '',
  'application/pdf',
  'application/x-pdf',
  'application/octet-stream',
  'binary/octet-stream',
]);

const ACCEPT = 'text/html,application/xhtml+xml;q=0.9,application/pdf;q=0.8,*/*;q=0.1';

/**
 * Fetches a link a user gave as a source: a PDF (by Content-Type or by its signature) comes back as
 * bytes for the PDF pipeline, an HTML page as its Readability article. Anything else, or a page
 * without an article, throws `WebsiteFetchError('not_an_article')`; fetch failures throw the other reasons.
 */
export async function fetchWebsiteSource(link: string, options: FetchWebsiteOptions): Promise<WebsiteSource> {
  const maxHtmlBytes = options.maxHtmlBytes ?? WEBSITE_DEFAULTS.maxHtmlBytes;
  const maxPdfBytes = options.maxPdfBytes ?? WEBSITE_DEFAULTS.maxPdfBytes;
  const response = await safeFetch(link, {
    allowLoopback: options.allowLoopback,
    maxBytes: (contentType) => (MAYBE_PDF_TYPES.has(mediaType(contentType)) ? maxPdfBytes : maxHtmlBytes),
    timeoutMs: options.timeoutMs ?? WEBSITE_DEFAULTS.timeoutMs,
    accept: ACCEPT,
    userAgent: quireBotUserAgent(options.publicUrl),
    signal: options.signal,
  });
  const { finalUrl, contentType, body } = response;
  if (isPdfResponse(contentType, body)) return { kind: 'pdf', bytes: body, finalUrl };
  if (!HTML_TYPES.has(mediaType(contentType))) {
    throw new WebsiteFetchError(
      'not_an_article',
      `${finalUrl} is ${contentType || 'of no stated type'}, not a web page`,
    );
  }
  if (body.length > maxHtmlBytes)
    throw new WebsiteFetchError('too_large', `The page is larger than ${maxHtmlBytes} bytes`);
  const article = await extractArticle(body, finalUrl, { contentType });
  if (!article) throw new WebsiteFetchError('not_an_article', `No article found at ${finalUrl}`);
  return { kind: 'article', article, finalUrl };
}
