import { jsonNestingDepth } from '@beamstage/layers';
import fp from 'fastify-plugin';

/**
 * The deepest nesting a JSON body may have. A project nests about 8 levels (scenes, layers, warp,
 * points); its JsonValue fields are held to 32 by the document limits. Checked on the raw text
 * before parsing, so a 50,000-deep body is refused before any parser or converter recurses.
 */
export const MAX_BODY_DEPTH = 40;

/** JSON bodies: the nesting depth checked on the text, then Fastify's own (prototype-safe) parser. */
export default fp(
  async (app) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      if (jsonNestingDepth(text, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
        done(Object.assign(new Error(`A request body may nest values at most ${MAX_BODY_DEPTH} levels deep`), { statusCode: 400 }), undefined);
        return;
      }
      parse(request, text, done);
    });
  },
  { name: 'json-body' },
);
