import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { next as A } from '@automerge/automerge';
import { PGlite } from '@electric-sql/pglite';
import { Repo, type AutomergeUrl } from '@automerge/automerge-repo';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { DrizzleStorageAdapter } from './drizzle-storage-adapter';

const FIXTURE = fileURLToPath(new URL('./crash-writer.fixture.ts', import.meta.url));
const CRASH_ROUNDS = Number(process.env['CRASH_ROUNDS'] ?? 2);

interface WriterRun {
  url: string;
  lastAck: number;
}

/** Starts the writer, waits for some acknowledged writes, then kills it with SIGKILL mid-write. */
function runAndKill(dir: string, url: string | undefined, acksBeforeKill: number): Promise<WriterRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dir, ...(url ? [url] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
    let seenUrl = url ?? '';
    let lastAck = -1;
    let acks = 0;
    let buffer = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('url ')) seenUrl = line.slice(4);
        if (line.startsWith('ack ')) {
          lastAck = Number(line.slice(4));
          if (++acks === acksBeforeKill) child.kill('SIGKILL');
        }
      }
    });
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`writer exited by itself: ${stderr}`));
      else resolve({ url: seenUrl, lastAck });
    });
  });
}

describe('DrizzleStorageAdapter survives kill -9 mid-write (PGlite data directory)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'beamstage-crash-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`keeps every acknowledged change and no torn chunk over ${CRASH_ROUNDS} kills`, async () => {
    let url: string | undefined;
    let lastAck = 0;
    for (let round = 0; round < CRASH_ROUNDS; round++) {
      const run = await runAndKill(dir, url, 15 + round * 7);
      url = run.url;
      expect(run.lastAck).toBeGreaterThan(lastAck);
      lastAck = run.lastAck;

      const client = new PGlite(dir);
      try {
        // Every stored chunk must load on its own: a torn write would fail to decode, and a
        // multi-part chunk cut short would be missing parts (loadRange throws) or show.
        const chunks = await new DrizzleStorageAdapter(drizzle(client)).loadRange([]);
        expect(chunks.length).toBeGreaterThan(0);
        for (const chunk of chunks) {
          if (chunk.key[1] === 'incremental' || chunk.key[1] === 'snapshot') expect(() => A.loadIncremental(A.init(), chunk.data!)).not.toThrow();
        }
        const repo = new Repo({ storage: new DrizzleStorageAdapter(drizzle(client)) });
        const handle = await repo.find<{ n: number }>(url as AutomergeUrl);
        expect(handle.doc().n).toBeGreaterThanOrEqual(run.lastAck);
        await repo.shutdown();
      } finally {
        await client.close();
      }
    }
  }, 180_000);
});
