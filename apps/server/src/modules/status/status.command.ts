import { STATUS_COMMANDS } from '@quire/contracts';
import type { Database } from '../../db/client';
import { readStoredBanner, storeBanner } from './status.settings';

export const STATUS_USAGE = `Usage: npm run status -- set ${STATUS_COMMANDS.join('|')}
       npm run status -- show`;

/**
 * `npm run status -- set unreliable|fixing|clear` and `show`: sets, clears or shows the banner every
 * instance reads from the database. Returns what to print; throws with the usage for anything else.
 */
export async function runStatusCommand(db: Database, args: readonly string[]): Promise<string> {
  const [verb, value, ...rest] = args;
  if (verb === 'show' && value === undefined) return describe(await readStoredBanner(db));
  const command = verb === 'clear' && value === undefined ? 'clear' : verb === 'set' ? value : undefined;
  if (rest.length > 0 || !isStatusCommand(command)) throw new Error(STATUS_USAGE);
  await storeBanner(db, command === 'clear' ? null : command);
  return describe(command === 'clear' ? null : command);
}

function isStatusCommand(value: string | undefined): value is (typeof STATUS_COMMANDS)[number] {
  return (STATUS_COMMANDS as readonly (string | undefined)[]).includes(value);
}

function describe(banner: string | null): string {
  return banner ? `Status banner: ${banner}` : 'Status banner: none';
}
