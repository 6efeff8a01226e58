import { readdirSync, readFileSync } from 'node:fs';

/** How many of this process's threads run at `nice` (Linux keeps a priority per thread, in field 19 of its stat). */
export function threadsAtNice(nice: number): number {
  return readdirSync('/proc/self/task').filter((task) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    // The fields after the command name, which may itself hold spaces; the 19th field is the 17th of these.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) === nice;
  }).length;
}
