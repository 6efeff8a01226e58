import { PersonalDictionaryQuery, type PersonalWord, PersonalWordInput } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { signedInUserId } from '../../http/signed-in-user';
import { validate } from '../../http/validate';
import {
  addPersonalWord,
  deletePersonalWord,
  listPersonalWords,
  PERSONAL_WORDS_LIMIT,
  type PersonalWordRow,
} from './dictionary.store';

/**
 * The personal dictionary (registered under `/api`): `GET /dictionary?language=`, `POST /dictionary`
 * (201 with the new word; adding a word the user already has answers 200 with it) and
 * `DELETE /dictionary/{language}/{word}`.
 */
export async function dictionaryRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;

  app.get('/dictionary', { config: { auth: 'user' } }, async (request) => {
    const { language } = validate(PersonalDictionaryQuery, request.query);
    const rows = await listPersonalWords(db, signedInUserId(request), language);
    return { data: { words: rows.map(presentPersonalWord) } };
  });

  app.post('/dictionary', { config: { auth: 'user' } }, async (request, reply) => {
    const { word, language } = validate(PersonalWordInput, request.body);
    const added = await addPersonalWord(db, signedInUserId(request), language, word.normalize('NFC'));
    if ('full' in added) {
      throw new AppError('validation_error', {
        fields: [
          { path: 'word', field: 'dictionary', key: 'tooManyElements', params: { count: PERSONAL_WORDS_LIMIT } },
        ],
      });
    }
    reply.code(added.created ? 201 : 200);
    return { data: presentPersonalWord(added.row) };
  });

  app.delete<{ Params: { language: string; word: string } }>(
    '/dictionary/:language/:word',
    { config: { auth: 'user' } },
    async (request) => {
      const { language, word } = validate(PersonalWordInput, request.params);
      if (!(await deletePersonalWord(db, signedInUserId(request), language, word.normalize('NFC')))) {
        throw new AppError('not_found');
      }
      return { data: { deleted: true } };
    },
  );
}

function presentPersonalWord(row: PersonalWordRow): PersonalWord {
  return {
    word: row.word,
    language: row.language as PersonalWord['language'],
    created_at: row.createdAt.toISOString(),
  };
}
