// Serves objects under the public prefix (copied there by set-public-acl) at
// GET /api/assets/public/{key}: object stores here have no per-object ACLs, so the api serves
// public files itself, with nosniff, a sandboxing CSP (an SVG opened directly cannot run script),
// long immutable caching (keys are random and never rewritten) and byte ranges for video seeking.
import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from '../../../storage/object-store';

/** Content types served as such; anything else is served as an opaque download type. */
const SERVED_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'video/mp4', 'video/webm', 'image/svg+xml']);
/** Keys the server builds: u/{user}/p/{project}/{uuid}.{ext}. */
const KEY_PATTERN = /^u\/[A-Za-z0-9_-]{1,100}\/p\/[A-Za-z0-9_-]{1,100}\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

/** The URL a published object is served at. */
export function publicFileUrl(publicOrigin: string, key: string): string {
  return `${publicOrigin}/api/assets/public/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** Registers GET /public/* on the assets route plugin. */
export function registerPublicFileRoute(app: FastifyInstance, store: () => ObjectStore): void {
  app.get<{ Params: { '*': string } }>(
    '/public/*',
    { config: { anonymous: true }, schema: { tags: ['assets'], summary: 'A published file (no auth; nosniff; byte ranges)' } },
    async (request, reply) => {
      const key = request.params['*'];
      const notFound = () => reply.code(404).send({ error: 'No such file', message: 'No such file' });
      if (!KEY_PATTERN.test(key)) return notFound();
      const { client, bucket, publicPrefix } = store();
      const objectKey = `${publicPrefix}${key}`;
      let stat;
      try {
        stat = await client.statObject(bucket, objectKey);
      } catch {
        return notFound();
      }
      const stored = String(stat.metaData?.['content-type'] ?? '').toLowerCase();
      reply
        .header('content-type', SERVED_TYPES.has(stored) ? stored : 'application/octet-stream')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('accept-ranges', 'bytes')
        .header('etag', `"${stat.etag}"`);
      if (request.headers['if-none-match'] === `"${stat.etag}"`) return reply.code(304).send();
      const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
      if (range && (range[1] || range[2])) {
        const size = stat.size;
        // bytes=a-b, bytes=a- (to the end) or bytes=-n (the last n bytes)
        const start = range[1] ? Number(range[1]) : Math.max(size - Number(range[2]), 0);
        const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
        if (start >= size || start > end) return reply.code(416).header('content-range', `bytes */${size}`).send();
        const stream = await client.getPartialObject(bucket, objectKey, start, end - start + 1);
        return reply
          .code(206)
          .header('content-range', `bytes ${start}-${end}/${size}`)
          .header('content-length', end - start + 1)
          .send(stream);
      }
      const stream = await client.getObject(bucket, objectKey);
      return reply.header('content-length', stat.size).send(stream);
    },
  );
}
