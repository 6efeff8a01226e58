import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
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
    /** When the current monthly words period began (subscription anniversary; free: the first of the month). */
    wordsPeriodStartedAt: timestamp('words_period_started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The Stripe customer, created once at the first Stripe checkout and reused. */
    stripeCustomerId: text('stripe_customer_id'),
    /** The code in this user's referral link. */
    referralCode: text('referral_code')
      .notNull()
      .default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)`),
    /** Who referred this user; set once, only for a new account. */
    referredBy: uuid('referred_by'),
    /**
     * What the user studies Quire for (STUDY_CATEGORIES), chosen on first login; null until then. The tools of
     * these categories start as favourites.
     */
    studyCategories: jsonb('study_categories').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(table.email),
    uniqueIndex('users_referral_code_idx').on(table.referralCode),
    uniqueIndex('users_external_subject_idx').on(table.externalSubject),
    uniqueIndex('users_stripe_customer_id_idx').on(table.stripeCustomerId),
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
 * Per-user fixed windows of rate limits (http/user-rate-limit.ts), shared by every server instance: one row
 * per user and limited action, gone with the user.
 */
export const userRateWindows = pgTable(
  'user_rate_windows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    count: integer('count').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.action] })],
);

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
    /** The end of the current period: it renews then, or, cancelled, ends then. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Null for the trial, which has no billing period. */
    period: text('period', { enum: ['monthly', 'yearly'] }),
    provider: text('provider', { enum: ['local', 'stripe', 'trial'] })
      .notNull()
      .default('local'),
    /** The provider's id of the subscription (Stripe `sub_…`); null for local bookings and the trial. */
    externalId: text('external_id'),
    cancelReason: text('cancel_reason'),
    cancelComment: text('cancel_comment'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    index('subscriptions_user_id_idx').on(table.userId),
    uniqueIndex('subscriptions_external_id_idx').on(table.externalId),
  ],
);

/** The tools a plan may use: every tool, or a list of feature slugs. */
export type PlanTools = 'all' | string[];

/** Plans (issue 8): free, the paid subscriptions and the trial; synced from the defaults or PLANS_FILE at start. */
export const plans = pgTable('plans', {
  slug: text('slug').primaryKey(),
  kind: text('kind', { enum: ['free', 'subscription', 'trial'] }).notNull(),
  wordsPerMonth: integer('words_per_month').notNull(),
  tools: jsonb('tools').$type<PlanTools>().notNull(),
  /** Order on the pricing page. */
  position: integer('position').notNull().default(0),
  /** A plan left out of the catalogue stays for the subscriptions that still name it, but is no longer sold. */
  active: boolean('active').notNull().default(true),
});

/** A plan's price per period and currency, in the currency's minor unit. */
export const planPrices = pgTable(
  'plan_prices',
  {
    planSlug: text('plan_slug')
      .notNull()
      .references(() => plans.slug, { onDelete: 'cascade' }),
    period: text('period', { enum: ['monthly', 'yearly'] }).notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
  },
  (table) => [primaryKey({ columns: [table.planSlug, table.period, table.currency] })],
);

/** One-off packs of extra words. */
export const wordPacks = pgTable('word_packs', {
  slug: text('slug').primaryKey(),
  words: integer('words').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const wordPackPrices = pgTable(
  'word_pack_prices',
  {
    packSlug: text('pack_slug')
      .notNull()
      .references(() => wordPacks.slug, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
  },
  (table) => [primaryKey({ columns: [table.packSlug, table.currency] })],
);

/** A purchase begun with a provider; completing it is what books the plan or adds the pack's words. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    kind: text('kind', { enum: ['plan', 'pack'] }).notNull(),
    productSlug: text('product_slug').notNull(),
    /** Null for packs. */
    period: text('period', { enum: ['monthly', 'yearly'] }),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    /** The provider's id of the session (Stripe `cs_…`); null for the local provider. */
    externalId: text('external_id'),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('checkout_sessions_external_id_idx').on(table.externalId),
    index('checkout_sessions_user_id_idx').on(table.userId),
  ],
);

/** Provider events already handled, so a redelivered webhook changes nothing. */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider', { enum: ['stripe'] }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
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
    /**
     * Where each page after the first begins, as the index of its first word in `text` (words are separated
     * by single spaces): a quoted sentence is cited with its own page, not the passage's first.
     */
    pageBreaks: integer('page_breaks').array().notNull().default(sql`'{}'::integer[]`),
    /**
     * `body` for the paper's text (abstract, sections, captions); `references` for its reference list, which
     * answers only questions about what the paper cites.
     */
    section: text('section').$type<'body' | 'references'>().notNull().default('body'),
    /**
     * Word ranges of `text` that are indexed but never quoted (headings, captions, footnotes, keywords), as
     * flat pairs of word indexes: start inclusive, end exclusive. The built-in engines quote body and abstract only.
     */
    unquotable: integer('unquotable').array().notNull().default(sql`'{}'::integer[]`),
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

/** A document's structure as read from its layout (title, authors, sections, references…), one row per document. */
export const sourceStructures = pgTable('source_structures', {
  sourceId: uuid('source_id')
    .primaryKey()
    .references(() => sources.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull(),
  structure: jsonb('structure').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    /** Whose work it is: a user's jobs run one at a time, and users take turns (queue.ts). */
    userId: uuid('user_id'),
    /** How big the work is (a PDF's bytes): among the jobs whose turn it is, the smallest runs first. */
    cost: integer('cost').notNull().default(0),
    /** When the current attempt was claimed. */
    startedAt: timestamp('started_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_claim_idx').on(table.state, table.runAfter),
    index('jobs_running_user_idx').on(table.userId).where(sql`${table.state} = 'running'`),
    // The word holds of one user's runs under way, counted before each start (generation.limits.ts).
    index('jobs_word_holds_idx')
      .on(sql`(${table.payload}->>'userId')`)
      .where(sql`${table.kind} = 'generation.release-words' and ${table.state} = 'queued'`),
  ],
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

const GENERATION_SEARCH_TEXT = `coalesce(inputs->>'topic', '') || ' ' || coalesce(inputs->>'headline', '') || ' ' || text || ' ' || coalesce(items::text, '')`;
const GENERATION_SEARCH_CONFIG = `CASE inputs->>'language' WHEN 'de' THEN 'german'::regconfig WHEN 'fr' THEN 'french'::regconfig WHEN 'es' THEN 'spanish'::regconfig WHEN 'it' THEN 'italian'::regconfig WHEN 'nl' THEN 'dutch'::regconfig ELSE 'english'::regconfig END`;
const GENERATION_SEARCH_DOCUMENT = `to_tsvector(${GENERATION_SEARCH_CONFIG}, ${GENERATION_SEARCH_TEXT}) || to_tsvector('simple'::regconfig, ${GENERATION_SEARCH_TEXT})`;

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
    /**
     * The result's topic, headline, text and list items for the history's full-text search: stemmed in the
     * result's language (inputs.language) and, so that any query finds exact words, unstemmed ('simple').
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`${sql.raw(GENERATION_SEARCH_DOCUMENT)}`),
  },
  (table) => [
    index('generations_user_slug_created_idx').on(table.userId, table.slug, table.createdAt),
    index('generations_user_created_idx').on(table.userId, table.createdAt),
    index('generations_search_vector_idx').using('gin', table.searchVector),
  ],
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

/** Words a user added to their personal dictionary for one language; the spell checker accepts them. */
export const personalWords = pgTable(
  'personal_words',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    word: text('word').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.language, table.word] })],
);

/** A read-only public link to one result (the share modal); deleting the row revokes the link. */
export const sharedResults = pgTable(
  'shared_results',
  {
    /** The unguessable part of the link (/shared/{token}). */
    token: text('token').primaryKey(),
    generationId: uuid('generation_id')
      .notNull()
      .references(() => generations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('shared_results_generation_idx').on(table.generationId)],
);

/** An own application: a user-defined tool with labelled text inputs and a prompt with {placeholders}. */
export const ownApps = pgTable(
  'own_apps',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The inputs' definitions (OwnAppInput[] in the contracts). */
    inputs: jsonb('inputs').$type<Record<string, unknown>[]>().notNull(),
    prompt: text('prompt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('own_apps_user_id_idx').on(table.userId, table.createdAt)],
);

/** A deck of flashcards, made from one of the user's sources or from pasted text. */
export const cardDecks = pgTable(
  'card_decks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The language of its cards (ISO 639-1). */
    language: text('language').notNull(),
    /** The source it was made from; null for pasted text, imported decks or a deleted source. */
    sourceId: uuid('source_id').references(() => sources.id, { onDelete: 'set null' }),
    engine: text('engine', { enum: ['builtin', 'model', 'import', 'manual'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('card_decks_user_id_idx').on(table.userId, table.createdAt)],
);

/** One flashcard with its FSRS scheduling state (ts-fsrs Card fields). */
export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => cardDecks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** Order in the deck, 0-based; reordering rewrites it. */
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['cloze', 'definition', 'qa', 'basic'] }).notNull(),
    front: text('front').notNull(),
    back: text('back').notNull(),
    /** The passage of the source the card was made from, and its page, to check it against. */
    passage: text('passage'),
    page: integer('page'),
    due: timestamp('due', { withTimezone: true }).notNull().defaultNow(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** FSRS state: new, learning, review or relearning. */
    state: text('state', { enum: ['new', 'learning', 'review', 'relearning'] })
      .notNull()
      .default('new'),
    lastReview: timestamp('last_review', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cards_deck_position_idx').on(table.deckId, table.position),
    index('cards_user_due_idx').on(table.userId, table.due),
  ],
);

/** Every grade given while studying, for the deck's progress over time. */
export const cardReviews = pgTable(
  'card_reviews',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => cardDecks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** 1 again, 2 hard, 3 good, 4 easy. */
    grade: integer('grade').notNull(),
    stateBefore: text('state_before').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('card_reviews_deck_reviewed_idx').on(table.deckId, table.reviewedAt)],
);

/**
 * One analytics event (page view, tool run, sign-up), sent only with the visitor's analytics consent.
 * Deliberately without IP address, user id or user agent: a random per-tab session id and a coarse device class.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name', { enum: ['page_view', 'tool_run', 'sign_up'] }).notNull(),
    /** The page's path without query string; parameters that could identify someone are replaced by their name. */
    path: text('path').notNull(),
    locale: text('locale').notNull(),
    referrerHost: text('referrer_host'),
    /** What the event is about, such as the tool of a tool run. */
    detail: text('detail'),
    sessionId: text('session_id').notNull(),
    device: text('device', { enum: ['mobile', 'tablet', 'desktop'] }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('analytics_events_occurred_at_idx').on(table.occurredAt, table.name)],
);

/** Feedback from the footer's dialog: a message and an optional rating. */
export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    rating: integer('rating'),
    path: text('path'),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_messages_created_at_idx').on(table.createdAt)],
);

/** "Report a result": a user's report about one of their own generated results. */
export const resultReports = pgTable(
  'result_reports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    generationId: uuid('generation_id')
      .notNull()
      .references(() => generations.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    comment: text('comment'),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('result_reports_created_at_idx').on(table.createdAt),
    index('result_reports_generation_idx').on(table.generationId),
  ],
);

/** Settings an operator changes at run time, shared by every instance (the status banner of `npm run status`). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
