// A throwaway PostgreSQL cluster for tests: Debian's postgresql package, run as the postgres
// user (initdb refuses root), on a free port with its socket in a temp dir. `.ci/run` installs
// the package; where it is missing, findPostgresBin() returns null and callers skip with a reason.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** Creates a fresh database and returns its URL (one per test file keeps files independent). */
  createDatabase(name: string): Promise<string>;
  /** The cluster's data directory (tests that damage a table file on purpose). */
  dataDir: string;
  /** Stops the cluster cleanly (a checkpoint writes every page) and starts it again. */
  restart(between?: () => void): Promise<void>;
  stop(): Promise<void>;
}

/** The bin folder of the newest installed PostgreSQL, or null when it is not installed. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

const asPostgres = (command: string) => {
  const isRoot = process.getuid?.() === 0;
  return isRoot
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { encoding: 'utf8' })
    : spawnSync('/bin/sh', ['-c', command], { encoding: 'utf8' });
};

/** Starts a new cluster; call stop() in afterAll. Throws if PostgreSQL is not installed. */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'beamstage-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const run = (cmd: string) => {
    const r = asPostgres(cmd);
    if (r.status !== 0) throw new Error(`${cmd}\n${r.stdout}\n${r.stderr}`);
  };
  run(`${bin}/initdb -D ${data} -A trust -U postgres --no-sync >/dev/null`);
  const start = () =>
    run(`${bin}/pg_ctl -D ${data} -l ${dir}/log -w -o "-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off -c full_page_writes=off" start >/dev/null`);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    dataDir: data,
    async restart(between) {
      run(`${bin}/pg_ctl -D ${data} -m fast -w stop >/dev/null`);
      between?.();
      start();
    },
    async createDatabase(name: string) {
      execFileSync(`${bin}/psql`, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', `CREATE DATABASE "${name}"`], { stdio: 'ignore' });
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      asPostgres(`${bin}/pg_ctl -D ${data} -m immediate stop >/dev/null`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
