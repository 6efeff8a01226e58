import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as tests assert on it. */
export type FakeLanguageToolRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The form fields of the body (`text`, `language`, `level`, `username`, `apiKey`…). */
  form: Record<string, string>;
  /** True once the client closed the connection before the fake answered. */
  aborted: boolean;
  /** Resolves when the connection of this request is closed, by either side. */
  closed: Promise<void>;
};

/** A match a test scripts; the fake fills in the rest of LanguageTool's match format. */
export type FakeMatch = {
  offset: number;
  length: number;
  message?: string;
  replacements?: string[];
  ruleId?: string;
  /** LanguageTool's issue type: misspelling, grammar, typographical, style, duplication… */
  issueType?: string;
  category?: { id: string; name: string };
};

/** How the fake answers one `/v2/check` request. */
export type FakeLanguageToolReply = {
  matches?: FakeMatch[];
  /** Answer with this HTTP status and a plain-text error, as LanguageTool does. */
  status?: number;
  /** Accept the request and never answer (nor close the connection). */
  hang?: boolean;
  /** Answer 200 with JSON cut off in the middle. */
  malformed?: boolean;
  /** Wait this long before answering. */
  delayMs?: number;
};

export type FakeLanguageToolScript =
  | FakeLanguageToolReply
  | ((request: FakeLanguageToolRequest) => FakeLanguageToolReply);

export type FakeLanguageTool = {
  /** `http://127.0.0.1:<port>`, what `LANGUAGETOOL_URL` is set to. */
  url: string;
  /** Every request received, oldest first. */
  requests: FakeLanguageToolRequest[];
  /** The `/v2/check` requests only. */
  checks: () => FakeLanguageToolRequest[];
  /** The answer to every check not taken by `enqueue` (default: flag the configured words). */
  reply: (script: FakeLanguageToolScript) => void;
  /** One-off answers, used in order by the next checks, before the default reply. */
  enqueue: (...scripts: FakeLanguageToolScript[]) => void;
  /** Forgets the recorded requests, queued answers and the default reply. */
  reset: () => void;
  close: () => Promise<void>;
};

const LANGUAGE_NAMES: Record<string, string> = {
  'en-US': 'English (US)',
  'de-DE': 'German (Germany)',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  nl: 'Dutch',
};

/**
 * A loopback server speaking LanguageTool's HTTP API (`POST /v2/check` with a form body, answered with
 * its CheckResults JSON; `GET /v2/languages`). By default it flags each of `words` that occurs in the
 * text as a misspelling with the given replacements, as LanguageTool's spelling rule would; tests can
 * script matches, errors (429, 500), a hang or a malformed body per request.
 */
export async function startFakeLanguageTool(
  options: { words?: Record<string, string[]>; script?: FakeLanguageToolScript } = {},
): Promise<FakeLanguageTool> {
  const words = options.words ?? {};
  const flagWords: FakeLanguageToolScript = (request) => ({ matches: wordMatches(request.form.text ?? '', words) });
  const requests: FakeLanguageToolRequest[] = [];
  let queue: FakeLanguageToolScript[] = [];
  let fallback: FakeLanguageToolScript = options.script ?? flagWords;

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`Error: fake-languagetool failed: ${String(error)}`);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const request: FakeLanguageToolRequest = {
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
      form: Object.fromEntries(new URLSearchParams(raw)),
      aborted: false,
      closed: new Promise((resolve) => {
        res.on('close', () => {
          if (!res.writableFinished) request.aborted = true;
          resolve();
        });
      }),
    };
    requests.push(request);

    if (req.method === 'GET' && path === '/v2/languages') return sendJson(res, 200, languages());
    if (req.method !== 'POST' || path !== '/v2/check') return sendText(res, 404, `Error: unknown path ${path}`);
    const script = queue.shift() ?? fallback;
    const reply = typeof script === 'function' ? script(request) : script;
    await answer(res, request, reply);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    checks: () => requests.filter((request) => request.path === '/v2/check'),
    reply: (script) => {
      fallback = script;
    },
    enqueue: (...scripts) => {
      queue.push(...scripts);
    },
    reset: () => {
      requests.length = 0;
      queue = [];
      fallback = options.script ?? flagWords;
    },
    close: () =>
      new Promise((resolve) => {
        // Hanging answers keep their connections open; a test server must not wait for them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(res: ServerResponse, request: FakeLanguageToolRequest, reply: FakeLanguageToolReply) {
  if (reply.hang) return;
  if (reply.delayMs) await sleep(reply.delayMs);
  if (res.destroyed) return;
  if (reply.status && reply.status >= 400) return sendText(res, reply.status, errorText(reply.status));
  const { text, language } = request.form;
  if (text === undefined) return sendText(res, 400, "Error: Missing 'text' or 'data' parameter");
  if (!language) return sendText(res, 400, "Error: Missing 'language' parameter, e.g. 'language=en-US'");
  if (reply.malformed) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"software":{"name":"LanguageTool"},"matches":[{"message":"Possible');
    return;
  }
  sendJson(res, 200, checkResults(text, language, reply.matches ?? []));
}

/** LanguageTool's `/v2/check` answer, field for field as version 6 writes it. */
function checkResults(text: string, language: string, matches: FakeMatch[]) {
  const name = LANGUAGE_NAMES[language] ?? language;
  return {
    software: {
      name: 'LanguageTool',
      version: '6.6',
      buildDate: '2025-03-27 12:00:00 +0000',
      apiVersion: 1,
      premium: false,
      premiumHint: 'You might be missing errors only the Premium version can find.',
      status: '',
    },
    warnings: { incompleteResults: false },
    language: { name, code: language, detectedLanguage: { name, code: language, confidence: 0.99 } },
    matches: matches.map((match) => fullMatch(text, language, match)),
  };
}

function fullMatch(text: string, language: string, match: FakeMatch) {
  const issueType = match.issueType ?? 'misspelling';
  const spelling = issueType === 'misspelling';
  const contextStart = Math.max(0, match.offset - 40);
  return {
    message: match.message ?? (spelling ? 'Possible spelling mistake found.' : 'Possible mistake found.'),
    shortMessage: spelling ? 'Spelling mistake' : '',
    replacements: (match.replacements ?? []).map((value) => ({ value })),
    offset: match.offset,
    length: match.length,
    context: {
      text: text.slice(contextStart, match.offset + match.length + 40),
      offset: match.offset - contextStart,
      length: match.length,
    },
    sentence: sentenceAround(text, match.offset),
    type: { typeName: spelling ? 'UnknownWord' : 'Other' },
    rule: {
      id: match.ruleId ?? (spelling ? `MORFOLOGIK_RULE_${language.toUpperCase().replace('-', '_')}` : 'FAKE_RULE'),
      description: spelling ? 'Possible spelling mistake' : 'A rule of the fake',
      issueType,
      category:
        match.category ?? (spelling ? { id: 'TYPOS', name: 'Possible Typo' } : { id: 'GRAMMAR', name: 'Grammar' }),
    },
    ignoreForIncompleteSentence: false,
    contextForSureMatch: 0,
  };
}

/** The sentence a match is in, as LanguageTool reports it beside the match. */
function sentenceAround(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const start = Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n')) + 1;
  const end = text.slice(offset).search(/[.!?](\s|$)/);
  return text.slice(start, end === -1 ? text.length : offset + end + 1).trim();
}

/** Every whole-word occurrence of the configured words, as spelling matches (UTF-16 offsets, as LanguageTool counts). */
function wordMatches(text: string, words: Record<string, string[]>): FakeMatch[] {
  const matches: FakeMatch[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)) {
    const replacements = words[match[0]];
    if (replacements) matches.push({ offset: match.index, length: match[0].length, replacements });
  }
  return matches;
}

function errorText(status: number): string {
  if (status === 429) return 'Error: Access denied: too many requests, please wait and try again';
  if (status >= 500) return 'Error: Internal Error: the server could not check the text';
  return `Error: request refused (${status})`;
}

function languages() {
  return Object.entries(LANGUAGE_NAMES).map(([longCode, name]) => ({ name, code: longCode.split('-')[0], longCode }));
}

function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
