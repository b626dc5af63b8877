import { join } from 'node:path';
import { Client } from 'minio';
import type { S3Config } from '../config/index';
import { startEmbeddedStore } from './embedded-store';

/** The object store the api uses: a minio client on the gated s3rver (embedded) or MinIO/S3/R2. */
export interface ObjectStore {
  client: Client;
  bucket: string;
  /** Objects under this prefix are served to anyone at publicUrl(key), with nosniff. */
  publicPrefix: string;
  /** The URL browsers fetch a public object from: GET /api/assets/public/* serves the public prefix with nosniff. */
  publicUrl(key: string): string;
  /** The S3 endpoint the presigned URLs point at. */
  endpoint: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const PUBLIC_PREFIX = 'public/';

const corsXml = (origin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** Starts s3rver behind its verifying gate on loopback (embedded) or connects to S3_ENDPOINT, and makes sure the bucket exists. */
export async function openObjectStore(s3: S3Config, opts: { dataDir: string; publicOrigin: string }): Promise<ObjectStore> {
  let endpointUrl: URL;
  let stop: () => Promise<void> = async () => undefined;
  if (s3.embedded) {
    // s3rver checks no signatures: it sits behind the verifying gate (store-gate.ts), the only listener.
    const embedded = await startEmbeddedStore({
      directory: join(opts.dataDir, 'objects'),
      bucket: s3.bucket,
      credentials: { accessKey: s3.accessKey, secretKey: s3.secretKey, region: s3.region },
      configs: [corsXml(opts.publicOrigin)],
    });
    endpointUrl = new URL(embedded.endpoint);
    stop = embedded.close;
  } else {
    endpointUrl = new URL(s3.endpoint as string);
  }
  const useSSL = endpointUrl.protocol === 'https:';
  const client = new Client({
    endPoint: endpointUrl.hostname,
    port: endpointUrl.port ? Number(endpointUrl.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    region: s3.region,
    pathStyle: true,
  });
  if (!s3.embedded && !(await client.bucketExists(s3.bucket))) await client.makeBucket(s3.bucket, s3.region);
  return {
    client,
    bucket: s3.bucket,
    publicPrefix: PUBLIC_PREFIX,
    endpoint: endpointUrl.origin,
    publicUrl: (key) => {
      const rest = key.startsWith(PUBLIC_PREFIX) ? key.slice(PUBLIC_PREFIX.length) : key;
      return `${opts.publicOrigin}/api/assets/public/${rest.split('/').map(encodeURIComponent).join('/')}`;
    },
    ping: async () => {
      if (!(await client.bucketExists(s3.bucket))) throw new Error(`bucket ${s3.bucket} is missing`);
    },
    close: stop,
  };
}
