// Test support: an embedded s3rver on a free loopback port with a minio client and bucket.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'minio';
import type { PresignTarget } from './presign';
import type { UploadStore } from './uploads';

/** A running s3rver, the store view of it and the signer target. */
export async function startTestStore(bucket = 'beamstage-test'): Promise<{ store: UploadStore; presign: PresignTarget; stop: () => Promise<void> }> {
  const { default: S3rver } = await import('s3rver');
  const directory = mkdtempSync(join(tmpdir(), 'beamstage-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  const client = new Client({ endPoint: '127.0.0.1', port, useSSL: false, accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1', pathStyle: true });
  const store: UploadStore = { client, bucket, publicPrefix: 'public/', publicUrl: (key) => `http://localhost:3000/files/${key}` };
  return {
    store,
    presign: { endpoint: `http://127.0.0.1:${port}`, accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' },
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
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
