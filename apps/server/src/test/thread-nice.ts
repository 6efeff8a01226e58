import { readdirSync, readFileSync } from 'node:fs';
import { constants, getPriority } from 'node:os';

/** How many of this process's threads run at `nice` (Linux keeps a priority per thread, in field 19 of its stat). */
function threadsAtNice(nice: number): number {
  return readdirSync('/proc/self/task').filter((task) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    // The fields after the command name, which may itself hold spaces; the 19th field is the 17th of these.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) === nice;
  }).length;
}

/**
 * What `work` did to thread priorities: how many threads it left at nice 10 (PRIORITY_BELOW_NORMAL) besides
 * those there before, and whether the calling thread, standing for the one that serves requests, kept its own.
 */
export async function threadsLoweredBy(work: () => Promise<void>): Promise<{ lowered: number; callerKept: boolean }> {
  const below = constants.priority.PRIORITY_BELOW_NORMAL;
  const caller = getPriority();
  const before = threadsAtNice(below);
  await work();
  return { lowered: threadsAtNice(below) - before, callerKept: getPriority() === caller };
}
