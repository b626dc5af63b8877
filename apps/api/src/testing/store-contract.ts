// The object store's contract as an attacker sees it (design.md rule 12), one list of attempts
// run against the embedded store (s3rver behind its gate) and, given S3_CONTRACT_* variables,
// against a real MinIO/S3 bucket: each must be refused the same way there.
import { expect } from 'vitest';
import type { Client } from 'minio';
import { presignPut, s3Escape } from '../plugins/app/uploads/presign';

/** The store under test: an endpoint, its bucket and the key pair that may sign for it. */
export interface ContractTarget {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  client: Client;
}

/** One attempt: its name and the check that throws when it got through. */
export interface ContractAttempt {
  name: string;
  run: () => Promise<void>;
}

const url = (t: ContractTarget, key: string) => `${t.endpoint}/${s3Escape(t.bucket)}/${key.split('/').map(s3Escape).join('/')}`;
const refused = (status: number) => expect(status, `status ${status}`).toBeGreaterThanOrEqual(400);
const readKey = async (t: ContractTarget, key: string) =>
  Buffer.from(await new Response((await t.client.getObject(t.bucket, key)) as unknown as ReadableStream).arrayBuffer()).toString('utf8');
const putSigned = (t: ContractTarget, key: string, opts: { type: string; length: number | null; date?: Date; expires?: number }) =>
  presignPut(t, t.bucket, key, { contentType: opts.type, contentLength: opts.length, date: opts.date ?? new Date(), expiresSeconds: opts.expires ?? 300 });

/** The attempts, over objects this function creates under `prefix` (victim/… and attacker/…). */
export function storeContractAttempts(t: ContractTarget, prefix: string): { setup: () => Promise<void>; attempts: ContractAttempt[] } {
  const victim = `${prefix}/victim/secret.txt`;
  const mine = `${prefix}/attacker/mine.png`;
  const original = 'the victim file';
  const setup = async () => {
    await t.client.putObject(t.bucket, victim, Buffer.from(original), original.length, { 'Content-Type': 'text/plain' });
  };
  const victimIntact = async () => expect(await readKey(t, victim)).toBe(original);
  const body = 'x'.repeat(16);
  const attempts: ContractAttempt[] = [
    {
      name: 'store: a valid presigned PUT for its own key, type and length is accepted (control)',
      run: async () => {
        const res = await fetch(putSigned(t, mine, { type: 'image/png', length: body.length }), {
          method: 'PUT',
          body,
          headers: { 'content-type': 'image/png' },
        });
        expect(res.status).toBe(200);
        expect(await readKey(t, mine)).toBe(body);
      },
    },
    {
      name: 'store: unsigned GET of an object is refused',
      run: async () => {
        const res = await fetch(url(t, victim));
        refused(res.status);
        expect(await res.text()).not.toContain(original);
      },
    },
    {
      name: 'store: unsigned PUT over an object is refused',
      run: async () => {
        refused((await fetch(url(t, victim), { method: 'PUT', body: 'overwritten', headers: { 'content-type': 'text/plain' } })).status);
        await victimIntact();
      },
    },
    {
      name: 'store: unsigned DELETE of an object is refused',
      run: async () => {
        refused((await fetch(url(t, victim), { method: 'DELETE' })).status);
        await victimIntact();
      },
    },
    {
      name: 'store: unsigned ListBuckets (GET /) lists nothing',
      run: async () => {
        const res = await fetch(`${t.endpoint}/`);
        refused(res.status);
        expect(await res.text()).not.toContain(t.bucket);
      },
    },
    {
      name: 'store: unsigned bucket listing (ListObjects v1 and v2) lists nothing',
      run: async () => {
        for (const q of ['', '?list-type=2', `?prefix=${encodeURIComponent(prefix)}`]) {
          const res = await fetch(`${t.endpoint}/${t.bucket}${q}`);
          refused(res.status);
          expect(await res.text()).not.toContain(prefix);
        }
      },
    },
    {
      name: 'store: a presigned PUT with its path changed to another key is refused',
      run: async () => {
        const signed = new URL(putSigned(t, mine, { type: 'text/plain', length: 'overwritten'.length }));
        signed.pathname = new URL(url(t, victim)).pathname;
        refused((await fetch(signed, { method: 'PUT', body: 'overwritten', headers: { 'content-type': 'text/plain' } })).status);
        await victimIntact();
      },
    },
    {
      name: 'store: a presigned PUT with a zeroed signature is refused',
      run: async () => {
        const signed = new URL(putSigned(t, victim, { type: 'text/plain', length: 'overwritten'.length }));
        signed.searchParams.set('X-Amz-Signature', '0'.repeat(64));
        refused((await fetch(signed, { method: 'PUT', body: 'overwritten', headers: { 'content-type': 'text/plain' } })).status);
        await victimIntact();
      },
    },
    {
      name: 'store: a presigned PUT with another content type is refused',
      run: async () => {
        const res = await fetch(putSigned(t, mine, { type: 'image/png', length: body.length }), {
          method: 'PUT',
          body,
          headers: { 'content-type': 'text/html' },
        });
        refused(res.status);
      },
    },
    {
      name: 'store: a presigned PUT with another length than the signed one is refused',
      run: async () => {
        const longer = 'y'.repeat(body.length * 4);
        refused(
          (
            await fetch(putSigned(t, mine, { type: 'image/png', length: body.length }), {
              method: 'PUT',
              body: longer,
              headers: { 'content-type': 'image/png' },
            })
          ).status,
        );
        expect(await readKey(t, mine)).not.toBe(longer);
      },
    },
    {
      name: 'store: an expired presigned PUT is refused',
      run: async () => {
        const signed = putSigned(t, mine, { type: 'image/png', length: 5, date: new Date(Date.now() - 3600_000), expires: 60 });
        refused((await fetch(signed, { method: 'PUT', body: 'stale', headers: { 'content-type': 'image/png' } })).status);
      },
    },
    {
      name: 'store: a presigned PUT used as DELETE or GET of its key is refused',
      run: async () => {
        const signed = putSigned(t, victim, { type: 'text/plain', length: 1 });
        refused((await fetch(signed, { method: 'DELETE' })).status);
        const get = await fetch(signed);
        refused(get.status);
        await victimIntact();
      },
    },
    {
      name: 'store: a presigned PUT with an unsigned x-amz-copy-source header (copy another key in) is refused',
      run: async () => {
        const res = await fetch(putSigned(t, mine, { type: 'text/plain', length: 0 }), {
          method: 'PUT',
          body: '',
          headers: { 'content-type': 'text/plain', 'x-amz-copy-source': `/${t.bucket}/${victim}` },
        });
        refused(res.status);
        expect(await readKey(t, mine)).not.toBe(original);
      },
    },
    {
      name: 'store: a presigned GET for one key, its path changed to another key, is refused',
      run: async () => {
        const signed = new URL(await t.client.presignedGetObject(t.bucket, mine, 60));
        signed.pathname = new URL(url(t, victim)).pathname;
        const res = await fetch(signed);
        refused(res.status);
        expect(await res.text()).not.toContain(original);
      },
    },
    {
      name: 'store: an Authorization header with a forged signature or another access key is refused',
      run: async () => {
        const date = new Date()
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d{3}/, '');
        const scope = `${date.slice(0, 8)}/${t.region}/s3/aws4_request`;
        const empty = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
        for (const access of [t.accessKey, 'SOMEONEELSE']) {
          const res = await fetch(url(t, victim), {
            headers: {
              'x-amz-date': date,
              'x-amz-content-sha256': empty,
              authorization: `AWS4-HMAC-SHA256 Credential=${access}/${scope}, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${'0'.repeat(64)}`,
            },
          });
          refused(res.status);
          expect(await res.text()).not.toContain(original);
        }
      },
    },
  ];
  return { setup, attempts };
}
