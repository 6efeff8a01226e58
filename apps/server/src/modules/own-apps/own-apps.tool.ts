import { ownAppRunSchema, ownAppSlug } from '@quire/contracts';
import type { AiGateway } from '../../ai/gateway';
import type { Database } from '../../db/client';
import { validate } from '../../http/validate';
import type { Tool } from '../generation/engine-types';
import { ownAppEngine } from './own-apps.engine';
import { ownAppInputs } from './own-apps.present';
import { getOwnApp } from './own-apps.service';

/**
 * One of the user's own applications as a tool the generation runner can run: checked against its own
 * inputs, with the plan access and words of the freestyle tool. Anyone else's application is not found.
 */
export async function ownAppTool({
  db,
  ai,
  userId,
  appId,
}: {
  db: Database;
  ai: AiGateway;
  userId: string;
  appId: string;
}): Promise<Tool> {
  const row = await getOwnApp({ db, userId, appId });
  const inputs = ownAppInputs(row);
  const schema = ownAppRunSchema(inputs);
  const engine = ownAppEngine(
    { name: row.name, prompt: row.prompt, inputs },
    // A model writes from the filled prompt; the built-in engine has only the user's sources to answer from.
    { withSources: ai.engine === 'builtin' },
  );
  return {
    slug: ownAppSlug(row.id),
    access: 'freestyle',
    engine: engine as Tool['engine'],
    parseInputs: (values) => validate(schema, values) as Record<string, unknown>,
  };
}
