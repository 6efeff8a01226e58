import { z } from 'zod';
import { defineEndpoint, endpointUrl } from './endpoint';
import { DocumentOutline } from './source-structure';

/** Spec §3 Source. Documents and websites ("Article") are the user's library; papers come from search. */
export const SourceType = z.enum(['document', 'website', 'paper']);
export type SourceType = z.infer<typeof SourceType>;

export const RatingLevel = z.enum(['high', 'normal', 'low']);
export type RatingLevel = z.infer<typeof RatingLevel>;

/** Spec §4: a source is being processed or usable; failures carry an upload error code. */
export const ProcessingState = z.enum(['processing', 'usable', 'failed']);
export type ProcessingState = z.infer<typeof ProcessingState>;

export const Rating = z.object({ level: RatingLevel, reason: z.string() });
export type Rating = z.infer<typeof Rating>;

export const Source = z.object({
  id: z.string(),
  name: z.string(),
  type: SourceType,
  created_at: z.iso.datetime({ offset: true }),
  state: ProcessingState,
  /** Processing progress 0–100 while `state` is processing. */
  progress: z.number().int().min(0).max(100),
  error_code: z
    .enum([
      'upload_error_generic',
      'upload_error_url',
      'upload_error_high_no_content',
      'upload_error_time_limit',
      'upload_error_memory_limit',
      'upload_error_too_many_pages',
    ])
    .nullable(),
  bookmarked: z.boolean(),
  recently_used: z.boolean(),
  /** Signed, expiring link to the PDF; null for websites without one. */
  pdf_url: z.string().nullable(),
  relevance: Rating.nullable(),
  quality: Rating.nullable(),
  trustworthiness: Rating.nullable(),
  open_access: z.boolean(),
  /** Null when unknown; the UI shows the translated unknown-author fallback. */
  author: z.string().nullable(),
  year: z.number().int().nullable(),
  /** A page or page range, e.g. "12" or "12–34". */
  pages: z.string().nullable(),
});
export type Source = z.infer<typeof Source>;

/** A search result; identified by id with its bookmarked state (spec §3). */
export const Paper = z.object({
  id: z.string(),
  bookmarked: z.boolean(),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  venue: z.string().nullable(),
  doi: z.string().nullable(),
  abstract: z.string().nullable(),
  open_access: z.boolean(),
  pdf_url: z.string().nullable(),
  citation_count: z.number().int().nullable(),
  pages: z.string().nullable(),
  kind: z.string().nullable(),
  relevance: Rating,
  quality: Rating,
  trustworthiness: Rating,
});
export type Paper = z.infer<typeof Paper>;

export const UploadWebsiteRequest = z.object({
  link: z.url({ protocol: /^https?$/ }).max(2048),
});
export type UploadWebsiteRequest = z.infer<typeof UploadWebsiteRequest>;

export const ChatMessageRequest = z.object({ content: z.string().trim().min(1).max(2000) });
export type ChatMessageRequest = z.infer<typeof ChatMessageRequest>;

export const Citation = z.object({ sourceId: z.string(), page: z.number().int().nullable(), passage: z.string() });
export type Citation = z.infer<typeof Citation>;

export const ChatMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  citations: z.array(Citation),
  /** Who wrote an answer: Quire's built-in engine (quotes) or a language model; null for questions. */
  engine: z.enum(['builtin', 'model']).nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** Most sources one library-wide question may name; without a list it goes to every ready source. */
export const MAX_LIBRARY_QUESTION_SOURCES = 500;

/** A question across the user's library: all their ready sources, or the ones named. */
export const LibraryQuestionRequest = z.object({
  content: z.string().trim().min(1).max(2000),
  source_ids: z.array(z.uuid()).min(1).max(MAX_LIBRARY_QUESTION_SOURCES).optional(),
});
export type LibraryQuestionRequest = z.infer<typeof LibraryQuestionRequest>;

/** The answer to a library-wide question: each citation names its source and page. Not stored. */
export const LibraryAnswer = z.object({
  content: z.string(),
  citations: z.array(Citation),
  engine: z.enum(['builtin', 'model']),
  /** How many ready sources were searched. */
  searched: z.number().int(),
});
export type LibraryAnswer = z.infer<typeof LibraryAnswer>;

/** What the document service pushes over its live WebSocket, one JSON object per message. */
export const LiveEvent = z.discriminatedUnion('type', [
  /** Sent once the connection is signed in and subscribed. */
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('source.updated'), source: Source }),
  z.object({ type: z.literal('source.deleted'), id: z.string() }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;

/** A signed, expiring file link: the signature is the permission. A malformed one is refused like a wrong one. */
export const SourceFileQuery = z.object({
  expires: z.string().optional().catch(undefined),
  signature: z.string().optional().catch(undefined),
});

/** The document service's library: upload, lists, deletion, signed PDF links and live updates. */
export const sourcesEndpoints = {
  /** A PDF (multipart `file`) becomes a source, read in the background (state 'processing'). */
  uploadDocument: defineEndpoint({
    method: 'POST',
    service: 'doc',
    path: '/upload/document',
    body: 'multipart',
    response: Source,
    status: 201,
    errors: ['upload_too_large', 'upload_not_pdf', 'service_unavailable'],
  }),
  /** A web page becomes a source; it is fetched and read in the background. */
  uploadWebsite: defineEndpoint({
    method: 'POST',
    service: 'doc',
    path: '/upload/website',
    body: UploadWebsiteRequest,
    response: Source,
    status: 201,
  }),
  /** The user's uploaded PDFs, newest first. */
  documents: defineEndpoint({ method: 'GET', service: 'doc', path: '/documents', response: z.array(Source) }),
  /** The user's web articles, newest first. */
  websites: defineEndpoint({ method: 'GET', service: 'doc', path: '/websites', response: z.array(Source) }),
  /** Removes a document or a website with its file; answers its id. */
  delete: defineEndpoint({
    method: 'DELETE',
    service: 'doc',
    path: '/delete/document/:id',
    response: z.object({ id: z.string() }),
    errors: ['not_found'],
  }),
  /**
   * A document's structure as read from its pages (title, authors, abstract, sections, references…) without its
   * text; null while it is being read, and for documents read before structure was (or whose text could not be
   * structured).
   */
  structure: defineEndpoint({
    method: 'GET',
    service: 'doc',
    path: '/documents/:id/structure',
    response: DocumentOutline.nullable(),
    errors: ['not_found'],
  }),
  /** The PDF of a source, for anyone holding its signed link (a viewer, a new tab). */
  file: defineEndpoint({
    method: 'GET',
    service: 'doc',
    path: '/documents/:id/file',
    query: SourceFileQuery,
    response: 'file',
    errors: ['not_found'],
  }),
  /** A WebSocket of the signed-in user's source changes (LiveEvent); the access token comes as `token`. */
  live: defineEndpoint({
    method: 'GET',
    service: 'doc',
    path: '/live',
    query: z.object({ token: z.string().optional() }),
    response: 'upgrade',
  }),
};

/** Where the live WebSocket is served, with its group's prefix. */
export const LIVE_PATH = endpointUrl(sourcesEndpoints.live);

const ask = (kind: 'documents' | 'articles') =>
  defineEndpoint({
    method: 'POST',
    service: 'api',
    path: `/${kind}/:id/messages`,
    body: ChatMessageRequest,
    response: ChatMessage,
    status: 201,
    stream: true,
    errors: ['source_not_ready', 'model_failed', 'model_timeout'],
  });

/** Chat with a source: the conversation, oldest first, and a question (its answer streamed when asked). */
export const chatEndpoints = {
  documentMessages: defineEndpoint({
    method: 'GET',
    service: 'api',
    path: '/documents/:id/messages',
    response: z.array(ChatMessage),
  }),
  askDocument: ask('documents'),
  articleMessages: defineEndpoint({
    method: 'GET',
    service: 'api',
    path: '/articles/:id/messages',
    response: z.array(ChatMessage),
  }),
  askArticle: ask('articles'),
  /** One question across all the user's ready sources, or a chosen set (its answer streamed when asked). */
  askLibrary: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/library/questions',
    body: LibraryQuestionRequest,
    response: LibraryAnswer,
    stream: true,
    errors: ['not_found', 'model_failed', 'model_timeout'],
  }),
};
