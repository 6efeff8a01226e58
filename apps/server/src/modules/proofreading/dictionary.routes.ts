import { dictionaryEndpoints as endpoints, type PersonalWord } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { endpointRoute } from '../../http/endpoint-route';
import { signedInUserId } from '../../http/signed-in-user';
import {
  addPersonalWord,
  deletePersonalWord,
  listPersonalWords,
  PERSONAL_WORDS_LIMIT,
  type PersonalWordRow,
} from './dictionary.store';

/** The personal dictionary (contracts proofreading.ts `dictionaryEndpoints`). */
export async function dictionaryRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;

  const user = { config: { auth: 'user' } } as const;

  endpointRoute(app, endpoints.list, user, async ({ query }, request) => {
    const rows = await listPersonalWords(db, signedInUserId(request), query.language);
    return { words: rows.map(presentPersonalWord) };
  });

  endpointRoute(app, endpoints.add, user, async ({ body }, request, reply) => {
    const { word, language } = body;
    const added = await addPersonalWord(db, signedInUserId(request), language, word.normalize('NFC'));
    if ('full' in added) {
      throw new AppError('validation_error', {
        fields: [
          { path: 'word', field: 'dictionary', key: 'tooManyElements', params: { count: PERSONAL_WORDS_LIMIT } },
        ],
      });
    }
    reply.code(added.created ? 201 : 200);
    return presentPersonalWord(added.row);
  });

  endpointRoute(app, endpoints.remove, user, async ({ params }, request) => {
    const { language, word } = params;
    if (!(await deletePersonalWord(db, signedInUserId(request), language, word.normalize('NFC')))) {
      throw new AppError('not_found');
    }
    return { deleted: true } as const;
  });
}

function presentPersonalWord(row: PersonalWordRow): PersonalWord {
  return {
    word: row.word,
    language: row.language as PersonalWord['language'],
    created_at: row.createdAt.toISOString(),
  };
}
