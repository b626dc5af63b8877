// The embedded S3-compatible store: s3rver's handler behind the verifying gate on loopback.
import { mkdirSync } from 'node:fs';
import type { StoreCredentials } from './sigv4-verify';
import { startStoreGate } from './store-gate';

/** A running embedded store. */
export interface EmbeddedStore {
  /** http://127.0.0.1:{port}: the only way in, through the gate. */
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

/** Starts s3rver (files in `directory`) without a listener of its own, behind the gate. */
export async function startEmbeddedStore(opts: {
  directory: string;
  bucket: string;
  credentials: StoreCredentials;
  /** Bucket configuration documents (the CORS rule). */
  configs?: string[];
  port?: number;
  now?: () => Date;
}): Promise<EmbeddedStore> {
  const { default: S3rver } = await import('s3rver');
  mkdirSync(opts.directory, { recursive: true });
  const s3rver = new S3rver({ directory: opts.directory, silent: true, configureBuckets: [{ name: opts.bucket, configs: opts.configs ?? [] }] });
  await s3rver.configureBuckets();
  const address = '127.0.0.1';
  const gate = await startStoreGate(s3rver, { credentials: opts.credentials, bucket: opts.bucket, address, port: opts.port ?? 0, now: opts.now });
  return {
    endpoint: `http://${address}:${gate.port}`,
    port: gate.port,
    close: async () => {
      await gate.close();
      // What s3rver's own server would do on close: release its logger's handlers.
      s3rver.logger.exceptions.unhandle();
      s3rver.logger.close();
    },
  };
}
