import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Spec §3 contact message: sent from the contact page, the survey and the error page. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    type: text('type', { enum: ['message', 'survey'] }).notNull(),
    body: text('body').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);

/** Spec §3 user/profile. `email` is stored lower-cased; `password_hash` is null for external-issuer accounts. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    /** The `sub` of an external issuer's tokens; null for accounts of the embedded provider. */
    externalSubject: text('external_subject'),
    wordsUsed: integer('words_used').notNull().default(0),
    wordsExtra: integer('words_extra').notNull().default(0),
    /** The code in this user's referral link. */
    referralCode: text('referral_code')
      .notNull()
      .default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)`),
    /** Who referred this user; set once, only for a new account. */
    referredBy: uuid('referred_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(table.email),
    uniqueIndex('users_referral_code_idx').on(table.referralCode),
    uniqueIndex('users_external_subject_idx').on(table.externalSubject),
  ],
);

/** Everything the embedded identity provider stores: sessions, grants, codes, tokens, interactions. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    index('oidc_payloads_grant_id_idx').on(table.grantId),
    index('oidc_payloads_uid_idx').on(table.uid),
    index('oidc_payloads_user_code_idx').on(table.userCode),
    index('oidc_payloads_expires_at_idx').on(table.expiresAt),
  ],
);

/** Keys generated on first start and kept, so a restart does not log everyone out. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed sign-ins per account and per address, shared by every server instance. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/**
 * A user's subscription to a paid plan. The billing issue books and ends them; accounts only read them
 * (an active subscription blocks account deletion).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    planSlug: text('plan_slug').notNull(),
    status: text('status', { enum: ['active', 'cancelled', 'ended'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (table) => [index('subscriptions_user_id_idx').on(table.userId)],
);

/** Password-reset links: only a hash of the token is kept; each link works once, for a limited time. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_resets_user_id_idx').on(table.userId)],
);

/** A user's source: an uploaded PDF ('document') or a web page ('website', shown as 'Article'). */
export const sources = pgTable(
  'sources',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['document', 'website', 'paper'] }).notNull(),
    name: text('name').notNull(),
    state: text('state', { enum: ['processing', 'usable', 'failed'] })
      .notNull()
      .default('processing'),
    errorCode: text('error_code'),
    /** Processing progress 0–100, pushed live to the user. */
    progress: integer('progress').notNull().default(0),
    blobKey: text('blob_key'),
    url: text('url'),
    bytes: integer('bytes'),
    pageCount: integer('page_count'),
    /** The detected language (ISO 639-1), which also picks the full-text search configuration. */
    language: text('language'),
    title: text('title'),
    authors: jsonb('authors').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    year: integer('year'),
    bookmarked: boolean('bookmarked').notNull().default(false),
    /** The search result a 'paper' source was added from (e.g. `doi:10.1000/xyz`); one source per paper and user. */
    paperId: text('paper_id'),
    /** A paper's catalogue record (venue, DOI, abstract, …), kept for citing and exporting it. */
    paper: jsonb('paper').$type<Record<string, unknown>>(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sources_user_id_created_at_idx').on(table.userId, table.createdAt),
    uniqueIndex('sources_user_paper_idx').on(table.userId, table.paperId),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Passages of a processed source with the pages they span, indexed for full-text search. */
export const sourceChunks = pgTable(
  'source_chunks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    ordinal: integer('ordinal').notNull(),
    pageStart: integer('page_start').notNull(),
    pageEnd: integer('page_end').notNull(),
    text: text('text').notNull(),
    /** The PostgreSQL text-search configuration the passage was indexed with ('english', 'german', …). */
    searchConfig: text('search_config').notNull(),
    searchVector: tsvector('search_vector').notNull(),
  },
  (table) => [
    uniqueIndex('source_chunks_source_ordinal_idx').on(table.sourceId, table.ordinal),
    index('source_chunks_user_id_idx').on(table.userId),
    index('source_chunks_search_vector_idx').using('gin', table.searchVector),
  ],
);

/**
 * Durable background work, claimed with FOR UPDATE SKIP LOCKED so several instances share it;
 * a job whose lease ran out (its worker died) is claimed again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('jobs_claim_idx').on(table.state, table.runAfter)],
);

/** Questions about a source and their answers, with the passages each answer cites. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    citations: jsonb('citations')
      .$type<{ sourceId: string; page: number | null; passage: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    engine: text('engine'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_source_created_idx').on(table.sourceId, table.createdAt)],
);

/**
 * Academic search answers, keyed by the normalised request (query, search configuration and the filters
 * that change catalogue calls), so every instance answers a repeated search without asking the catalogues.
 */
export const searchCache = pgTable(
  'search_cache',
  {
    key: text('key').primaryKey(),
    /** The merged papers with their indexed terms, and how each catalogue fared. */
    entry: jsonb('entry').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('search_cache_expires_at_idx').on(table.expiresAt)],
);

/** Every paper a search returned, by its stable id, so adding, bookmarking and exporting can find it later. */
export const papers = pgTable('papers', {
  id: text('id').primaryKey(),
  record: jsonb('record').notNull(),
  /** Its relevance rating (level and reason) in the latest search that returned it; a bookmark keeps it. */
  relevance: jsonb('relevance').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's bookmarked search results (spec §4), with the paper as it was when bookmarked. */
export const paperBookmarks = pgTable(
  'paper_bookmarks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paperId: text('paper_id').notNull(),
    record: jsonb('record').notNull(),
    relevance: jsonb('relevance').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.paperId] })],
);

/** Every result of a writing tool (spec §3 history item), kept per user and tool for the history. */
export const generations = pgTable(
  'generations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    /** The words charged for this result: its text without the reference list. */
    wordsUsed: integer('words_used').notNull(),
    text: text('text').notNull(),
    citations: jsonb('citations')
      .$type<{ sourceId: string; page: number | null; passage: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    engine: text('engine', { enum: ['builtin', 'model'] }).notNull(),
    /** The language model's name when a model wrote it. */
    model: text('model'),
    /** The items of a list tool (find-topic). */
    items: jsonb('items').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('generations_user_slug_created_idx').on(table.userId, table.slug, table.createdAt)],
);

/** A user's own choice to mark a tool as favourite or not; without a row the tool's categories decide. */
export const templateFavourites = pgTable(
  'template_favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    favourite: boolean('favourite').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.slug] })],
);
