import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteThread, type PgliteThread } from './pglite-thread';
import { PortStream } from './port-stream';
import { longestGap } from '../testing/event-loop-gap';

// The embedded database in its own thread (pglite-thread.ts): many node-postgres connections on
// PGlite's one session, and the api's event loop free while PGlite works.
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'beamstage-pglite-thread-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const clientOf = async (thread: PgliteThread) => {
  const client = new pg.Client({ stream: () => new PortStream(() => thread.connect()), user: 'postgres', database: 'postgres', password: '' });
  await client.connect();
  return client;
};

describe('PGlite in its own thread', () => {
  // One thread for every case (opening PGlite on a new folder takes seconds on a busy machine).
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await startPgliteThread(tempDir());
  }, 180_000);
  afterAll(() => thread?.close());

  it("keeps a transaction's statements together: another connection waits for its end", async () => {
    const a = await clientOf(thread);
    const b = await clientOf(thread);
    try {
      await a.query('CREATE TABLE t (n int)');
      const order: string[] = [];
      await a.query('BEGIN');
      await a.query('INSERT INTO t VALUES (1)');
      // b's statement would run inside a's transaction on the one session if it were let in now.
      const counted = b.query<{ n: string }>('SELECT count(*) AS n FROM t').then((r) => {
        order.push('b counted');
        return r.rows[0]!.n;
      });
      await new Promise((r) => setTimeout(r, 100));
      await a.query('INSERT INTO t VALUES (2)');
      order.push('a rolls back');
      await a.query('ROLLBACK');
      expect(await counted).toBe('0');
      expect(order).toEqual(['a rolls back', 'b counted']);
      // A failed statement leaves the transaction failed ('E'): still a's until it ends it.
      await a.query('BEGIN');
      await expect(a.query('SELECT no_such_column FROM t')).rejects.toThrow(/no_such_column/);
      const after = b.query('INSERT INTO t VALUES (3)');
      await a.query('ROLLBACK');
      await after;
      expect((await a.query('SELECT n FROM t')).rows).toEqual([{ n: 3 }]);
    } finally {
      await a.end();
      await b.end();
    }
  });

  it('rolls back the transaction of a connection that went away, and serves the others', async () => {
    const a = await clientOf(thread);
    const b = await clientOf(thread);
    // Its own end, below, is an error for it; the test is what the others see.
    a.on('error', () => undefined);
    try {
      await a.query('CREATE TABLE gone (n int)');
      await a.query('BEGIN');
      await a.query('INSERT INTO gone VALUES (1)');
      const waiting = b.query<{ n: string }>('SELECT count(*) AS n FROM gone');
      // The client vanishes without a word (its process's connection dropped).
      (a as unknown as { connection: { stream: PortStream } }).connection.stream.destroy();
      expect((await waiting).rows[0]!.n).toBe('0');
      await b.query('INSERT INTO gone VALUES (2)');
      expect((await b.query('SELECT n FROM gone')).rows).toEqual([{ n: 2 }]);
    } finally {
      await b.end();
    }
  });

  it('leaves the event loop free while PGlite stores a large row (against PGlite on this thread, same run)', async () => {
    const row = JSON.stringify({ layers: Array.from({ length: 20_000 }, (_, i) => ({ id: `layer-${i}`, name: `Layer ${i}`, html: 'x'.repeat(100) })) });
    // The baseline: PGlite on this thread, as the api ran it before.
    const local = await PGlite.create(join(tempDir(), 'db'));
    await local.query('CREATE TABLE probe (data jsonb)');
    const onThread = await longestGap(async () => {
      for (let i = 0; i < 3; i++) await local.query('INSERT INTO probe VALUES ($1)', [row]);
    });
    await local.close();
    const client = await clientOf(thread);
    try {
      await client.query('CREATE TABLE probe (data jsonb)');
      const offThread = await longestGap(async () => {
        for (let i = 0; i < 3; i++) await client.query('INSERT INTO probe VALUES ($1)', [row]);
      });
      console.log(
        `pglite thread: ${(row.length / 1e6).toFixed(1)} MB jsonb x3: on this thread longest timer gap ${onThread.longest.toFixed(0)} ms (writes ${onThread.took.toFixed(0)} ms); in the database thread ${offThread.longest.toFixed(0)} ms (writes ${offThread.took.toFixed(0)} ms)`,
      );
      expect((await client.query('SELECT count(*)::int AS n FROM probe')).rows).toEqual([{ n: 3 }]);
      // On this thread the timer waits for each write whole; in the database's thread it keeps
      // ticking (what is left here is pg encoding the row and decoding the answer).
      expect(offThread.longest).toBeLessThan(onThread.longest / 2);
    } finally {
      await client.end();
    }
  }, 120_000);
});
