import type { LocaleCode } from '@quire/contracts';
import type { Logger } from 'pino';
import type { Config } from '../../../config';
import type { CheckerIssue } from '../checker-types';
import { chunkText, type TextChunk } from './languagetool-chunks';
import { CheckResults, issuesOf } from './languagetool-response';

export type LanguageToolSettings = NonNullable<Config['languageTool']>;

/** LanguageTool's `/v2/check` over a whole text; fails with a `LanguageToolError` the service catches. */
export type LanguageToolChecker = {
  check: (text: string, language: LocaleCode, signal: AbortSignal) => Promise<CheckerIssue[]>;
};

export type LanguageToolFailure = 'timeout' | 'rate_limited' | 'unavailable' | 'rejected' | 'malformed';

/** Why LanguageTool gave no answer: proofreading then answers with the built-in checks alone. */
export class LanguageToolError extends Error {
  override name = 'LanguageToolError';
  constructor(
    readonly failure: LanguageToolFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The codes LanguageTool expects: a variant where spelling needs one (en, de), the bare code elsewhere. */
const LANGUAGE_CODES: Record<LocaleCode, string> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr',
  es: 'es',
  it: 'it',
  nl: 'nl',
};

/**
 * The hosted free API takes 20 KB of text a request, Premium 60,000 characters
 * (https://dev.languagetool.org/public-http-api.html, https://languagetool.org/proofreading-api); a margin
 * below both. A self-hosted server has no limit by default, and pieces of this size cost it nothing.
 */
const FREE_CHUNK_BYTES = 18_000;
const PREMIUM_CHUNK_BYTES = 50_000;
/** Pieces in flight at once: faster on long texts without bursting the hosted API's 20 requests a minute. */
const CONCURRENCY = 2;

export type LanguageToolOptions = { maxChunkBytes?: number };

/**
 * A LanguageTool client. A long text is sent in pieces cut at paragraph boundaries (see chunkText) and the
 * offsets shifted back; `timeoutMs` bounds the whole check. A 429, a 5xx, an unreachable server or an answer
 * that is not LanguageTool's JSON is logged as a warning and thrown as a `LanguageToolError`; when `signal`
 * aborts, the requests are cancelled and the check rejects with the signal's reason.
 */
export function createLanguageToolChecker(
  settings: LanguageToolSettings,
  logger: Logger,
  options: LanguageToolOptions = {},
): LanguageToolChecker {
  const endpoint = checkEndpoint(settings.url);
  const premium = Boolean(settings.username && settings.apiKey);
  const maxChunkBytes = options.maxChunkBytes ?? (premium ? PREMIUM_CHUNK_BYTES : FREE_CHUNK_BYTES);
  return {
    async check(text, language, signal) {
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const combined = AbortSignal.any([timeout, signal]);
      const chunks = chunkText(text, maxChunkBytes);
      try {
        const perChunk = await inPool(chunks, CONCURRENCY, (chunk) =>
          checkChunk(endpoint, form(settings, chunk, language), chunk, combined),
        );
        return perChunk.flat();
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        const failure = timeout.aborted
          ? new LanguageToolError('timeout', 'LanguageTool did not answer in time')
          : error;
        const known =
          failure instanceof LanguageToolError ? failure : new LanguageToolError('unavailable', String(error));
        logger.warn(
          { err: known, failure: known.failure, endpoint: endpoint.origin, language, chunks: chunks.length },
          'LanguageTool check failed',
        );
        throw known;
      }
    },
  };
}

function form(settings: LanguageToolSettings, chunk: TextChunk, language: LocaleCode): URLSearchParams {
  const body = new URLSearchParams({ text: chunk.text, language: LANGUAGE_CODES[language], level: 'default' });
  if (settings.username && settings.apiKey) {
    body.set('username', settings.username);
    body.set('apiKey', settings.apiKey);
  }
  return body;
}

async function checkChunk(
  endpoint: URL,
  body: URLSearchParams,
  chunk: TextChunk,
  signal: AbortSignal,
): Promise<CheckerIssue[]> {
  let response: Response;
  let raw: string;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body,
      signal,
    });
    raw = await response.text();
  } catch (error) {
    throw new LanguageToolError('unavailable', `LanguageTool could not be reached at ${endpoint.origin}`, {
      cause: error,
    });
  }
  if (!response.ok) throw statusError(response.status, raw);
  const results = CheckResults.safeParse(parseJson(raw));
  if (!results.success) {
    throw new LanguageToolError('malformed', 'LanguageTool answered something other than its check results', {
      cause: results.error,
    });
  }
  return issuesOf(results.data, chunk);
}

function statusError(status: number, body: string): LanguageToolError {
  // LanguageTool explains a refusal in a short plain-text body ("Error: …"); it carries no part of the text.
  const detail = `LanguageTool answered ${status}: ${body.slice(0, 200)}`;
  if (status === 429) return new LanguageToolError('rate_limited', detail);
  if (status >= 500) return new LanguageToolError('unavailable', detail);
  return new LanguageToolError('rejected', detail);
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** `{url}/v2/check`, whether the setting names the server or its `/v2` API. */
function checkEndpoint(url: string): URL {
  const base = url.replace(/\/+$/, '');
  return new URL(base.endsWith('/v2') ? `${base}/check` : `${base}/v2/check`);
}

/**
 * Runs `work` over `items` with at most `limit` at once; results in the order of `items`. After a failure
 * no further item is started: the check has failed as a whole.
 */
async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T);
      } catch (error) {
        next = items.length;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
