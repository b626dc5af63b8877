import { jsonNestingDepth } from '@beamstage/layers';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HEAVY_BODY_BYTES } from '../../projects/heavy-writes';

/**
 * The deepest nesting a JSON body may have. A project nests about 8 levels (scenes, layers, warp,
 * points); its JsonValue fields are held to 32 by the document limits. Checked on the raw text
 * before parsing, so a 50,000-deep body is refused before any parser or converter recurses.
 */
export const MAX_BODY_DEPTH = 40;

/**
 * JSON bodies: the nesting depth checked on the text, then Fastify's own (prototype-safe) parser.
 * A heavy body's two passes (tens of ms each for a few MB) each wait until no light request is
 * being served, as a heavy write's other steps do (projects/foreground.ts).
 */
export default fp(
  async (app) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, async (request: FastifyRequest, body: string | Buffer) => {
      const text = body as string;
      const heavy = text.length >= HEAVY_BODY_BYTES;
      // Sent without a content-length, it was counted as light: it must not wait for itself.
      if (heavy) request.foregroundEnd?.();
      if (heavy) await app.foreground.quiet();
      if (jsonNestingDepth(text, MAX_BODY_DEPTH) > MAX_BODY_DEPTH)
        throw Object.assign(new Error(`A request body may nest values at most ${MAX_BODY_DEPTH} levels deep`), { statusCode: 400 });
      if (heavy) await app.foreground.quiet();
      return new Promise((resolve, reject) => parse(request, text, (err, value) => (err ? reject(err) : resolve(value))));
    });
  },
  { name: 'json-body', dependencies: ['foreground'] },
);
