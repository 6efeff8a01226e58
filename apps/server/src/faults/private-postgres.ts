import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../test/server-process';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary folder, trust authentication, loopback on
 * a free port), so it can be stopped and restarted without touching the shared cluster on 5432.
 */
export type PrivatePostgres = {
  url: string;
  /** `pg_ctl restart -m fast`: ends every session at once, as a crash or failover does. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  remove: () => Promise<void>;
};

/** The newest installed server's bin folder; fails with what to install when there is none. */
export function postgresBin(): string {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((version) => existsSync(join(POSTGRES_ROOT, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const [newest] = versions;
  if (!newest) {
    throw new Error(
      `no PostgreSQL server found under ${POSTGRES_ROOT}/*/bin/initdb: install postgresql to run this test`,
    );
  }
  return join(POSTGRES_ROOT, newest, 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'quire-fault-pg-'));
  // initdb refuses to run as root: the cluster then belongs to the postgres user.
  const owner = userInfo().uid === 0 ? await postgresUser() : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const tool = (name: string, args: string[]) => run(join(bin, name), args, { ...as, cwd: dir, timeout: 60_000 });
  await tool('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off`;
  const control = (action: string, ...extra: string[]) =>
    tool('pg_ctl', ['-D', join(dir, 'data'), '-l', join(dir, 'server.log'), '-o', options, '-w', ...extra, action]);
  await control('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      await control('restart', '-m', 'fast');
    },
    stop: async () => {
      await control('stop', '-m', 'fast');
    },
    start: async () => {
      await control('start');
    },
    remove: async () => {
      await control('stop', '-m', 'immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]).catch(() => {
    throw new Error('running as root, and there is no postgres user to own the private cluster');
  });
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
