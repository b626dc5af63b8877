import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tools/testing/free-port';
import { DataDirLockedError, lockDataDir } from '../db/lock';

// `node --import tsx server.ts` must stop with one clear line for each start-up mistake.
const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'beamstage-startup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = r.stderr.split('\n').filter((l) => l.startsWith('Beamstage:'));
  return { code: r.status, lines };
}

describe('start-up failures', () => {
  it('names a bad environment value', () => {
    const r = start({ PORT: 'abc', DATA_DIR: join(tmp, 'a') });
    expect(r.code).toBe(1);
    expect(r.lines).toEqual(['Beamstage: PORT must be a port number from 0 to 65535 (got "abc").']);
  });

  it('names an unwritable data dir', () => {
    const file = join(tmp, 'a-file');
    writeFileSync(file, 'x');
    const r = start({ PORT: '0', SANDBOX_PORT: '0', DATA_DIR: join(file, 'data') });
    expect(r.code).toBe(1);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(/^Beamstage: DATA_DIR .*a-file\/data is not writable \(ENOTDIR\); set DATA_DIR to a folder this user can write\.$/);
  });

  it('names a port already in use', async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', () => r()));
    try {
      const r = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(tmp, 'b') });
      expect(r.code).toBe(1);
      expect(r.lines).toEqual([`Beamstage: port ${port} is already in use; stop the other process or set PORT to a free port.`]);
    } finally {
      blocker.close();
    }
  });

  it('allows one process per data dir and takes over the lock of a dead one', () => {
    const dir = join(tmp, 'lock');
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    writeFileSync(join(dir, 'beamstage.lock'), '999999999');
    const again = lockDataDir(dir);
    again();
  });
});
