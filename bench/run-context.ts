import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, totalmem } from 'node:os';
import type { RunContext } from './results';

/** This run's date, the commit it measures and the machine it runs on, for bench/RESULTS.md. */
export function currentRunContext(databases: string): RunContext {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memoryGb = Math.round(totalmem() / 1024 ** 3);
  return {
    date: new Date().toISOString().slice(0, 10),
    commit: currentCommit(),
    host: `${cpu}, ${availableParallelism()} cores, ${memoryGb} GB RAM, Node ${process.version}, ${databases}`,
  };
}

/** The short hash of HEAD; figures of a tree with uncommitted changes say so, since no commit has that code. */
function currentCommit(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
    const hash = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') ? `${hash} + uncommitted changes` : hash;
  } catch {
    return 'unknown (no git)';
  }
}
