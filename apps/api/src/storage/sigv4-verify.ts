// Verifies AWS Signature V4 on a request as S3 would (design.md rule 12): the embedded s3rver
// checks no signature itself, so the gate in front of it (store-gate.ts) asks this first. The
// signature is recomputed with AWS's own signer (@smithy/signature-v4) over the request as it
// arrived (method, raw path, query, the signed headers' values) and compared in constant time.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';

/** The key pair and region the store accepts. */
export interface StoreCredentials {
  accessKey: string;
  secretKey: string;
  region: string;
}

/** What a request carries that the signature covers. */
export interface SignedRequestParts {
  method: string;
  /** The raw request target: path (still percent-encoded) and query. */
  url: string;
  headers: IncomingHttpHeaders;
}

/** A verified request: how it was signed and which headers the signature covers. */
export interface Verified {
  ok: true;
  mode: 'presigned' | 'header';
  signedHeaders: string[];
  /** The path (percent-encoded) and the parsed query. */
  path: string;
  query: Record<string, string | string[]>;
}

/** A refusal in S3's words (code) with a status. */
export interface Refused {
  ok: false;
  status: number;
  code: string;
  message: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const SHA256_HEADER = 'x-amz-content-sha256';
/** S3 refuses requests whose date is further than this from its clock (RequestTimeTooSkewed). */
export const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
/** S3's longest presigned URL lifetime: one week. */
const MAX_PRESIGN_EXPIRES_S = 7 * 24 * 60 * 60;

const refuse = (status: number, code: string, message: string): Refused => ({ ok: false, status, code, message });
const denied = (message: string) => refuse(403, 'AccessDenied', message);

/** node:crypto behind the hash interface the smithy signer expects. */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(toBuffer(data));
  }
  async digest(): Promise<Uint8Array> {
    return this.hash.digest();
  }
}

function toBuffer(data: string | ArrayBuffer | ArrayBufferView): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

/** Splits a raw query the S3 way: `+` is a literal plus, values percent-decoded, repeats kept. */
export function parseQuery(raw: string): Record<string, string | string[]> | null {
  const out: Record<string, string | string[]> = Object.create(null);
  if (raw === '') return out;
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(eq === -1 ? part : part.slice(0, eq));
      value = eq === -1 ? '' : decodeURIComponent(part.slice(eq + 1));
    } catch {
      return null;
    }
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** `20130524T000000Z` -> Date, or null. */
function parseAmzDate(value: string | undefined): Date | null {
  const m = value ? /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value) : null;
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
  return Number.isNaN(date.getTime()) ? null : date;
}

const headerValue = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v.join(',') : v;
};

const sameHex = (a: string, b: string) => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Checks `Credential=AKID/yyyymmdd/region/s3/aws4_request` against ours and the request date. */
function checkScope(credential: string, date: Date, creds: StoreCredentials): Refused | null {
  const [accessKey, day, region, service, terminal, ...rest] = credential.split('/');
  if (rest.length > 0 || terminal !== 'aws4_request' || service !== 's3')
    return refuse(400, 'AuthorizationQueryParametersError', 'The credential scope is malformed');
  if (!accessKey || !sameHex(accessKey, creds.accessKey)) return refuse(403, 'InvalidAccessKeyId', 'The access key does not exist');
  if (region !== creds.region) return refuse(400, 'AuthorizationHeaderMalformed', `The region must be ${creds.region}`);
  if (day !== date.toISOString().slice(0, 10).replace(/-/g, '')) return refuse(403, 'SignatureDoesNotMatch', 'The credential date is not the request date');
  return null;
}

/** The signed header names, lower case, sorted, with host among them. */
function parseSignedHeaders(raw: string | undefined): string[] | null {
  if (!raw) return null;
  const names = raw.split(';');
  if (names.some((n) => !/^[a-z0-9-]+$/.test(n)) || !names.includes('host')) return null;
  return names;
}

/**
 * Verifies `request` against `creds` at `now`. Presigned (X-Amz-* query) and Authorization
 * header signatures are accepted; every x-amz-* header the request carries must be signed (as
 * S3 demands), the signature must be for this method, raw path, query and signed header values,
 * unexpired, and within 15 minutes of `now` for header signatures.
 */
export async function verifySigV4(request: SignedRequestParts, creds: StoreCredentials, now: Date): Promise<Verified | Refused> {
  const q = request.url.indexOf('?');
  const path = q === -1 ? request.url : request.url.slice(0, q);
  const query = parseQuery(q === -1 ? '' : request.url.slice(q + 1));
  if (!query || !path.startsWith('/')) return refuse(400, 'InvalidURI', 'The request target could not be parsed');
  const authorization = headerValue(request.headers, 'authorization');
  const presigned = 'X-Amz-Signature' in query || 'X-Amz-Algorithm' in query;
  if (presigned && authorization) return refuse(400, 'InvalidArgument', 'Only one auth mechanism allowed');
  if (!presigned && !authorization) return denied('Anonymous access is not allowed: a SigV4 signature is required');
  const signer = new SignatureV4({
    service: 's3',
    region: creds.region,
    credentials: { accessKeyId: creds.accessKey, secretAccessKey: creds.secretKey },
    sha256: NodeSha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  return presigned
    ? verifyPresigned(signer, request, path, query, creds, now)
    : verifyHeader(signer, request, authorization as string, path, query, creds, now);
}

/** The request as the signer sees it: only the signed headers' values, as they arrived. */
function signable(request: SignedRequestParts, path: string, query: Record<string, string | string[]>, signedHeaders: string[]) {
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = headerValue(request.headers, name);
    if (value === undefined) return null;
    headers[name] = value;
  }
  const host = headers.host ?? '';
  return { method: request.method.toUpperCase(), protocol: 'http:', hostname: host, path, query, headers };
}

/** Every x-amz-* header present must be one of the signed ones. */
const unsignedAmzHeader = (headers: IncomingHttpHeaders, signed: string[]) => Object.keys(headers).find((h) => h.startsWith('x-amz-') && !signed.includes(h));

async function verifyPresigned(
  signer: SignatureV4,
  request: SignedRequestParts,
  path: string,
  query: Record<string, string | string[]>,
  creds: StoreCredentials,
  now: Date,
): Promise<Verified | Refused> {
  const one = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
  const signature = one('X-Amz-Signature');
  const credential = one('X-Amz-Credential');
  const date = parseAmzDate(one('X-Amz-Date'));
  const expires = one('X-Amz-Expires');
  const signedHeaders = parseSignedHeaders(one('X-Amz-SignedHeaders'));
  if (one('X-Amz-Algorithm') !== ALGORITHM || !signature || !credential || !date || !expires || !signedHeaders) {
    return refuse(
      400,
      'AuthorizationQueryParametersError',
      'X-Amz-Algorithm, X-Amz-Credential, X-Amz-Date, X-Amz-Expires, X-Amz-SignedHeaders and X-Amz-Signature are all required',
    );
  }
  if (!/^\d{1,6}$/.test(expires) || Number(expires) < 1 || Number(expires) > MAX_PRESIGN_EXPIRES_S)
    return refuse(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be 1 to 604800 seconds');
  const scopeProblem = checkScope(credential, date, creds);
  if (scopeProblem) return scopeProblem;
  if (now.getTime() > date.getTime() + Number(expires) * 1000) return denied('Request has expired');
  if (date.getTime() - now.getTime() > MAX_CLOCK_SKEW_MS) return denied('Request is not valid yet');
  const stray = unsignedAmzHeader(request.headers, signedHeaders);
  if (stray) return denied(`There were headers present in the request which were not signed: ${stray}`);
  const rest: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(query)) if (k !== 'X-Amz-Signature') rest[k] = v;
  const toSign = signable(request, path, rest, signedHeaders);
  if (!toSign) return denied('A signed header is missing from the request');
  // A presigned S3 URL signs UNSIGNED-PAYLOAD; the header only tells the signer so and is not itself signed.
  const signedSet = new Set(signedHeaders);
  const payloadSigned = signedSet.has(SHA256_HEADER);
  if (!payloadSigned) toSign.headers[SHA256_HEADER] = UNSIGNED_PAYLOAD;
  const computed = await signer.presign(toSign, {
    signingDate: date,
    expiresIn: Number(expires),
    signableHeaders: signedSet,
    unsignableHeaders: payloadSigned ? undefined : new Set([SHA256_HEADER]),
    unhoistableHeaders: new Set([...signedHeaders.filter((h) => h.startsWith('x-amz-')), SHA256_HEADER]),
  });
  const expected = computed.query?.['X-Amz-Signature'];
  if (typeof expected !== 'string' || computed.query?.['X-Amz-SignedHeaders'] !== signedHeaders.join(';') || !sameHex(expected, signature)) {
    return denied('The request signature we calculated does not match the signature you provided');
  }
  return { ok: true, mode: 'presigned', signedHeaders, path, query };
}

async function verifyHeader(
  signer: SignatureV4,
  request: SignedRequestParts,
  authorization: string,
  path: string,
  query: Record<string, string | string[]>,
  creds: StoreCredentials,
  now: Date,
): Promise<Verified | Refused> {
  const m = /^AWS4-HMAC-SHA256 +Credential=([^,\s]+), *SignedHeaders=([^,\s]+), *Signature=([0-9a-f]{64})$/.exec(authorization.trim());
  if (!m) return refuse(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
  const [, credential, signedRaw, signature] = m as unknown as [string, string, string, string];
  const signedHeaders = parseSignedHeaders(signedRaw);
  const date = parseAmzDate(headerValue(request.headers, 'x-amz-date'));
  if (!signedHeaders || !signedHeaders.includes('x-amz-date') || !signedHeaders.includes(SHA256_HEADER) || !date) {
    return refuse(400, 'AuthorizationHeaderMalformed', 'host, x-amz-date and x-amz-content-sha256 must be signed');
  }
  const scopeProblem = checkScope(credential, date, creds);
  if (scopeProblem) return scopeProblem;
  if (Math.abs(now.getTime() - date.getTime()) > MAX_CLOCK_SKEW_MS) return denied('The difference between the request time and the current time is too large');
  const stray = unsignedAmzHeader(request.headers, signedHeaders);
  if (stray) return denied(`There were headers present in the request which were not signed: ${stray}`);
  const toSign = signable(request, path, query, signedHeaders);
  if (!toSign) return denied('A signed header is missing from the request');
  const signed = await signer.sign(toSign, { signingDate: date, signableHeaders: new Set(signedHeaders) });
  const expected = /Signature=([0-9a-f]{64})$/.exec(String(signed.headers.authorization ?? ''))?.[1];
  const expectedList = /SignedHeaders=([^,\s]+)/.exec(String(signed.headers.authorization ?? ''))?.[1];
  if (!expected || expectedList !== signedHeaders.join(';') || !sameHex(expected, signature)) {
    return denied('The request signature we calculated does not match the signature you provided');
  }
  return { ok: true, mode: 'header', signedHeaders, path, query };
}
