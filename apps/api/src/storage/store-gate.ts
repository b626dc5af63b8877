// The embedded object store behind a gate (design.md rule 12): s3rver checks no signature, so it
// never listens itself; one loopback HTTP server verifies each request's SigV4 signature
// (sigv4-verify.ts) and only then hands it to s3rver's request handler in this process.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySigV4, type StoreCredentials, type Verified } from './sigv4-verify';

/** The largest body a presigned PUT may carry: the biggest upload type (video, 500 MB). */
export const MAX_PRESIGNED_PUT_BYTES = 500 * 1024 * 1024;

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/** Why a request the signature allows is still refused: the rules of what each kind may do. */
export function policyRefusal(method: string, verified: Verified, bucket: string, headers: IncomingMessage['headers']): string | null {
  const segments = verified.path.split('/');
  // ['', bucket, ...key]
  const pathBucket = segments[1] ?? '';
  const key = segments.slice(2).join('/');
  if (pathBucket === '') return 'Listing buckets is not allowed';
  if (safeDecode(pathBucket) !== bucket) return 'No such bucket';
  if (verified.mode === 'header') {
    // Only the api holds the secret key: it may manage objects and list its own prefixes
    // (deleting a project removes strays under it), never anything outside the bucket.
    return null;
  }
  // A presigned URL names one object and one method, with no sub-resource.
  if (key === '') return 'Presigned URLs never address the bucket itself (no listing)';
  if (Object.keys(verified.query).some((k) => !k.startsWith('X-Amz-'))) return 'Presigned URLs carry no sub-resources';
  if (!['GET', 'HEAD', 'PUT'].includes(method)) return `Presigned ${method} is not allowed`;
  if (method === 'PUT') {
    if (!verified.signedHeaders.includes('content-type')) return 'A presigned PUT must sign its content type';
    const length = headers['content-length'];
    if (length === undefined || !/^\d+$/.test(length)) return 'A presigned PUT must send Content-Length';
    if (Number(length) > MAX_PRESIGNED_PUT_BYTES) return `A presigned PUT carries at most ${MAX_PRESIGNED_PUT_BYTES} bytes`;
  }
  return null;
}

const xmlEscape = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sendError(res: ServerResponse, status: number, code: string, message: string) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/xml');
  res.setHeader('connection', 'close');
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${xmlEscape(code)}</Code><Message>${xmlEscape(message)}</Message></Error>`);
}

/** What the gate needs of s3rver: its Koa request handler. */
export interface GatedHandler {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
}

/** A running gate: where it listens and how to stop it. */
export interface StoreGate {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/**
 * Listens on `address`:`port` and passes to `inner` only requests with a valid signature that the
 * policy allows. CORS preflights (OPTIONS) carry no credentials by design and go through: they
 * answer only what the bucket's CORS rule allows.
 */
export async function startStoreGate(
  inner: GatedHandler,
  opts: { credentials: StoreCredentials; bucket: string; address: string; port: number; now?: () => Date },
): Promise<StoreGate> {
  const handle = inner.callback();
  const now = opts.now ?? (() => new Date());
  const server = createServer((req, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'OPTIONS') return handle(req, res);
    verifySigV4({ method, url: req.url ?? '/', headers: req.headers }, opts.credentials, now()).then(
      (result) => {
        if (!result.ok) return sendError(res, result.status, result.code, result.message);
        const refusal = policyRefusal(method, result, opts.bucket, req.headers);
        if (refusal) return sendError(res, 403, 'AccessDenied', refusal);
        return handle(req, res);
      },
      () => sendError(res, 500, 'InternalError', 'The signature could not be checked'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.address, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
