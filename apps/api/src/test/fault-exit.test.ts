import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tools/testing/free-port';
import { seedDataDir } from '../../../../tools/testing/pglite-template';

// design.md section 4, rule 14: an error nothing caught, or a dead wasm module, stops the real
// server with a non-zero exit code for its supervisor; it never limps on.
const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fault.fixture.ts', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'beamstage-fault-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function runFault(fault: 'uncaught' | 'wasm'): Promise<{ code: number | null; healthBefore: string; stderr: string }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', '--import', FIXTURE, SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      SANDBOX_PORT: '0',
      DATA_DIR: seedDataDir(join(tmp, fault)),
      APPS_ROOT: tmp,
      LOG_LEVEL: 'silent',
      BEAMSTAGE_TEST_FAULT: fault,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stderr = '';
  proc.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('Beamstage is running at')) resolve();
    });
    void exited.then((code) => reject(new Error(`server exited (${code}) before ready:\n${out}${stderr}`)));
  });
  const healthBefore = ((await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { status: string }).status;
  proc.kill('SIGUSR2');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
  const code = await exited;
  clearTimeout(timer);
  return { code, healthBefore, stderr };
}

describe.concurrent('the server stops on a fault it cannot recover from', () => {
  it('exits 1 after an uncaught error', async () => {
    const r = await runFault('uncaught');
    expect(r.healthBefore).toBe('ok');
    expect(r.stderr).toContain('Beamstage: uncaught error, exiting');
    expect(r.code).toBe(1);
  }, 120_000);

  it('exits 1 after a dead wasm module rejects', async () => {
    const r = await runFault('wasm');
    expect(r.healthBefore).toBe('ok');
    expect(r.stderr).toContain('Beamstage: stopping');
    expect(r.code).toBe(1);
  }, 120_000);
});
