// AWS Signature V4 query presigning with extra signed headers. The minio client deliberately
// leaves Content-Type and Content-Length out of presigned URLs; design.md rule 6 wants both signed,
// so the store (S3, MinIO, R2) refuses a PUT whose type or length differs from what we reserved.
import { createHash, createHmac } from 'node:crypto';

/** Where and as whom to sign. */
export interface PresignTarget {
  /** Origin of the S3 endpoint, e.g. http://127.0.0.1:9000 (path-style addressing). */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

/** One request to presign. `path` is the canonical (already escaped) resource path. */
export interface PresignRequest {
  method: 'GET' | 'PUT';
  host: string;
  path: string;
  /** Extra headers to sign (lower-case names); host is always signed. */
  headers: Record<string, string>;
  date: Date;
  expiresSeconds: number;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';

/** RFC 3986 escaping as S3 wants it (encodeURIComponent leaves !'()* alone). */
export function s3Escape(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** Returns the query string (with X-Amz-Signature) that presigns `request`. */
export function presignQuery(request: PresignRequest, credentials: { accessKey: string; secretKey: string; region: string }): string {
  const longDate = amzDate(request.date);
  const shortDate = longDate.slice(0, 8);
  const scope = `${shortDate}/${credentials.region}/s3/aws4_request`;
  const headers: Record<string, string> = { host: request.host };
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value.trim().replace(/ +/g, ' ');
  const signedHeaders = Object.keys(headers).sort();
  const query: Record<string, string> = {
    'X-Amz-Algorithm': ALGORITHM,
    'X-Amz-Credential': `${credentials.accessKey}/${scope}`,
    'X-Amz-Date': longDate,
    'X-Amz-Expires': String(request.expiresSeconds),
    'X-Amz-SignedHeaders': signedHeaders.join(';'),
  };
  const canonicalQuery = Object.keys(query)
    .sort()
    .map((k) => `${s3Escape(k)}=${s3Escape(query[k] as string)}`)
    .join('&');
  const canonicalRequest = [
    request.method,
    request.path,
    canonicalQuery,
    signedHeaders.map((h) => `${h}:${headers[h]}\n`).join(''),
    signedHeaders.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = [ALGORITHM, longDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretKey}`, shortDate), credentials.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `${canonicalQuery}&X-Amz-Signature=${signature}`;
}

/** A presigned path-style PUT URL for `bucket/key` with the content type and length signed. */
export function presignPut(
  target: PresignTarget,
  bucket: string,
  key: string,
  opts: { contentType: string; contentLength: number | null; date: Date; expiresSeconds: number },
): string {
  const url = new URL(target.endpoint);
  const path = `/${s3Escape(bucket)}/${key.split('/').map(s3Escape).join('/')}`;
  const headers: Record<string, string> = { 'content-type': opts.contentType };
  if (opts.contentLength !== null) headers['content-length'] = String(opts.contentLength);
  const query = presignQuery({ method: 'PUT', host: url.host, path, headers, date: opts.date, expiresSeconds: opts.expiresSeconds }, target);
  return `${url.origin}${path}?${query}`;
}
