// Test support: the embedded store (s3rver behind its verifying gate) on a free loopback port
// with a minio client and bucket.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'minio';
import { startEmbeddedStore } from '../../../storage/embedded-store';
import type { ObjectStore } from '../../../storage/object-store';
import type { PresignTarget } from './presign';

/** A running s3rver, the store view of it and the signer target. */
export async function startTestStore(bucket = 'beamstage-test'): Promise<{ store: ObjectStore; presign: PresignTarget; stop: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'beamstage-s3-'));
  const credentials = { accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' };
  const embedded = await startEmbeddedStore({ directory, bucket, credentials });
  const port = embedded.port;
  const client = new Client({ endPoint: '127.0.0.1', port, useSSL: false, accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1', pathStyle: true });
  const endpoint = `http://127.0.0.1:${port}`;
  const store: ObjectStore = {
    client,
    bucket,
    publicPrefix: 'public/',
    publicUrl: (key) => `http://localhost:3000/files/${key}`,
    endpoint,
    ping: async () => void (await client.bucketExists(bucket)),
    // The test's stop() closes the embedded store and removes its directory.
    close: async () => undefined,
  };
  return {
    store,
    presign: { endpoint, accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' },
    stop: async () => {
      await embedded.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A tiny valid PNG signature followed by filler bytes. */
export function pngBytes(size: number): Buffer {
  const out = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(out);
  return out;
}
