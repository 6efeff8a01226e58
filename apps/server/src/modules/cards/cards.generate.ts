import { type CreateDeckRequest, DECK_LIMITS, type DeckEngine, isLocale, type LocaleCode } from '@quire/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AiGateway } from '../../ai/gateway';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { sourceChunks } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { chunkPages } from '../../text/chunking';
import { detectLanguage } from '../../text/language';
import { splitWords } from '../../text/segment';
import { planAfterRollOver } from '../billing/plans.service';
import { refundWords, reserveWords, settleWords } from '../generation/generation.quota';
import { findUserSource } from '../sources/sources.service';
import { builtinCards, type CardPassage } from './builtin-cards';
import { type CardContent, type CardRow, type DeckRow, insertDeck } from './cards.store';
import { modelCards } from './model-cards';

export type GenerateDependencies = {
  db: Database;
  ai: AiGateway;
  config: Pick<Config, 'trial'>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
};

/** What a deck is made from: the passages of a source or of pasted text, in their language. */
type Material = { passages: CardPassage[]; language: LocaleCode; name: string; sourceId: string | null };

/** Words reserved per card before the cards are written: a question and a short answer. */
const WORDS_PER_CARD = 25;
/** A source's first passages, about 180,000 words: more makes no better deck of at most 50 cards. */
const MAX_SOURCE_PASSAGES = 1_500;
const NAME_WORDS = 8;

/**
 * Makes a deck from one of the user's usable sources or from pasted text: with the language model when one
 * is configured (falling back to the built-in engine when it fails or none of its cards survives the check
 * against the passages), else with the built-in engine. The words of the cards (front and back) are charged
 * like a writing tool's: reserved first, settled with the deck in one transaction, given back on failure.
 */
export async function generateDeck(
  deps: GenerateDependencies,
  { userId, request, locale, now }: { userId: string; request: CreateDeckRequest; locale: LocaleCode; now: Date },
): Promise<{ deck: DeckRow; cards: CardRow[] }> {
  const { db } = deps;
  const material = await deckMaterial(db, userId, request, locale);
  const plan = await planAfterRollOver(db, userId, deps.config);
  const reservation = await reserveWords(db, {
    userId,
    planLimit: plan.wordsPerMonth,
    estimate: request.count * WORDS_PER_CARD,
  });
  try {
    const { cards, engine } = await writeCards(deps, material, request.count);
    if (cards.length === 0) throw new AppError('cards_not_generated');
    const words = cards.reduce(
      (sum, card) => sum + splitWords(`${card.front} ${card.back}`, material.language).length,
      0,
    );
    const deck = { userId, name: material.name, language: material.language, sourceId: material.sourceId, engine };
    return await db.transaction(async (tx) => {
      await settleWords(tx, reservation, words);
      return insertDeck(tx, deck, cards, now);
    });
  } catch (error) {
    await refundWords(db, reservation);
    throw error;
  }
}

async function writeCards(
  { ai, logger }: GenerateDependencies,
  { passages, language }: Material,
  count: number,
): Promise<{ cards: CardContent[]; engine: DeckEngine }> {
  if (ai.engine === 'model') {
    try {
      const cards = await modelCards({ ai, passages, language, count });
      if (cards.length > 0) return { cards, engine: 'model' };
      logger.warn(
        { model: ai.model },
        'no card of the model survived the check against its passage; built-in cards instead',
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      logger.warn({ code: error.code, model: ai.model }, 'the model wrote no cards; built-in cards instead');
    }
  }
  return { cards: builtinCards({ passages, language, count }), engine: 'builtin' };
}

/**
 * The passages, language and name of a new deck. A source must be the user's (else not found) and
 * processed; pasted text needs DECK_LIMITS.minWords words. The language is the request's, else the
 * source's, else the one detected in the text, else the user's.
 */
async function deckMaterial(
  db: Database,
  userId: string,
  request: CreateDeckRequest,
  locale: LocaleCode,
): Promise<Material> {
  if ('source_id' in request) {
    const source = await findUserSource(db, userId, request.source_id);
    if (!source) throw new AppError('not_found');
    if (source.state !== 'usable') throw new AppError('source_not_ready');
    const passages = (
      await db
        .select({ text: sourceChunks.text, page: sourceChunks.pageStart })
        .from(sourceChunks)
        .where(
          and(eq(sourceChunks.sourceId, source.id), eq(sourceChunks.userId, userId), eq(sourceChunks.section, 'body')),
        )
        .orderBy(asc(sourceChunks.ordinal))
        .limit(MAX_SOURCE_PASSAGES)
    ).map((passage) => ({ text: passage.text, page: source.type === 'document' ? passage.page : null }));
    const language = request.language ?? localeOr(source.language) ?? detected(passages) ?? locale;
    const name = request.name ?? (source.title || source.name).slice(0, DECK_LIMITS.name);
    return { passages, language, name, sourceId: source.id };
  }
  const words = request.text.split(/\s+/).filter(Boolean);
  if (words.length < DECK_LIMITS.minWords) {
    throw new AppError('validation_error', {
      fields: [{ path: 'text', field: 'text', key: 'tooFewWords', params: { minimum: DECK_LIMITS.minWords } }],
    });
  }
  const passages = chunkPages([request.text]).map((passage) => ({ text: passage.text, page: null }));
  const language = request.language ?? detected(passages) ?? locale;
  const name = request.name ?? deckNameFrom(words);
  return { passages, language, name, sourceId: null };
}

function localeOr(language: string | null): LocaleCode | null {
  return isLocale(language) ? language : null;
}

function detected(passages: readonly CardPassage[]): LocaleCode | null {
  return localeOr(detectLanguage(passages.map((passage) => passage.text).join('\n\n')));
}

/** The text's first sentence as the deck's name when it is short, else its first words. */
function deckNameFrom(words: readonly string[]): string {
  const start = words.slice(0, NAME_WORDS);
  const sentenceEnd = start.findIndex((word) => /[.!?]$/.test(word));
  const name =
    sentenceEnd >= 0
      ? start
          .slice(0, sentenceEnd + 1)
          .join(' ')
          .replace(/[.!?]$/, '')
      : `${start.join(' ')}${words.length > NAME_WORDS ? '…' : ''}`;
  return name.length > DECK_LIMITS.name ? `${name.slice(0, DECK_LIMITS.name - 1)}…` : name;
}
