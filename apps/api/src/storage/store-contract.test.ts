import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { held } from '../testing/held';
import { storeContractAttempts, type ContractTarget } from '../testing/store-contract';
import { startEmbeddedStore, type EmbeddedStore } from './embedded-store';

const clientFor = (endpoint: string, c: { accessKey: string; secretKey: string; region: string }) => {
  const u = new URL(endpoint);
  return new Client({
    endPoint: u.hostname,
    port: Number(u.port) || (u.protocol === 'https:' ? 443 : 80),
    useSSL: u.protocol === 'https:',
    ...c,
    pathStyle: true,
  });
};

// The embedded store: s3rver behind its verifying gate.
describe('object store contract: embedded (s3rver behind the SigV4 gate)', () => {
  const credentials = { accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' };
  const directory = mkdtempSync(join(tmpdir(), 'beamstage-contract-'));
  let store: EmbeddedStore;
  const target = {} as ContractTarget;
  const { setup, attempts } = storeContractAttempts(target, 'contract');
  beforeAll(async () => {
    store = await startEmbeddedStore({ directory, bucket: 'contract-bucket', credentials });
    Object.assign(target, { endpoint: store.endpoint, bucket: 'contract-bucket', ...credentials, client: clientFor(store.endpoint, credentials) });
    await setup();
  });
  afterAll(async () => {
    await store?.close();
    rmSync(directory, { recursive: true, force: true });
  });
  for (const a of attempts) held(a.name, a.run);
  held('store: ListBuckets lists nothing even when signed with the store key', async () => {
    await expect(target.client.listBuckets()).rejects.toThrow(/not allowed|Access Denied|AccessDenied/i);
  });
  held('store: another bucket name is refused even when signed', async () => {
    await expect(target.client.bucketExists('another-bucket')).rejects.toThrow();
  });
});

// The same attempts against a real MinIO/S3 bucket when one is given (CI has none: the embedded
// store stands in for it). S3_CONTRACT_ENDPOINT, S3_CONTRACT_ACCESS_KEY, S3_CONTRACT_SECRET_KEY,
// S3_CONTRACT_BUCKET, S3_CONTRACT_REGION; use a key limited to the bucket's objects.
const real = process.env.S3_CONTRACT_ENDPOINT;
if (real) {
  describe(`object store contract: ${real}`, () => {
    const c = {
      accessKey: process.env.S3_CONTRACT_ACCESS_KEY ?? '',
      secretKey: process.env.S3_CONTRACT_SECRET_KEY ?? '',
      region: process.env.S3_CONTRACT_REGION ?? 'us-east-1',
    };
    const target: ContractTarget = { endpoint: new URL(real).origin, bucket: process.env.S3_CONTRACT_BUCKET ?? 'beamstage', ...c, client: clientFor(real, c) };
    const prefix = `contract-${Date.now()}`;
    const { setup, attempts } = storeContractAttempts(target, prefix);
    beforeAll(setup);
    afterAll(async () => {
      for (const key of [`${prefix}/victim/secret.txt`, `${prefix}/attacker/mine.png`])
        await target.client.removeObject(target.bucket, key).catch(() => undefined);
    });
    for (const a of attempts) held(a.name, a.run);
  });
} else {
  console.log('object store contract: S3_CONTRACT_ENDPOINT is not set, so only the embedded store ran (give a MinIO/S3 bucket to run the same attempts there)');
}
