import fp from 'fastify-plugin';
import { createForeground, type Foreground } from '../../projects/foreground';
import { HEAVY_BODY_BYTES } from '../../projects/heavy-writes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Light requests being served: heavy writes step aside for them (projects/foreground.ts). */
    foreground: Foreground;
  }
  interface FastifyRequest {
    /** Ends this request's count in app.foreground (null for a heavy body, never counted). */
    foregroundEnd: (() => void) | null;
  }
}

/**
 * Counts every request with a light body from its arrival until its answer is sent, or its
 * connection closes first (aborted). Requests with a heavy body (HEAVY_BODY_BYTES or more, by content-length) are the
 * heavy writes themselves and are not counted. The request's handler runs in its context, so a
 * wait on background work (`park`) or a write that turns out heavy (`demote`) finds it.
 */
export default fp(
  async (app) => {
    const foreground = createForeground();
    app.decorate('foreground', foreground);
    app.decorateRequest('foregroundEnd', null);
    app.addHook('onRequest', (request, reply, done) => {
      if ((Number(request.headers['content-length']) || 0) >= HEAVY_BODY_BYTES) return done();
      const end = foreground.begin();
      request.foregroundEnd = end;
      reply.raw.once('close', end);
      // The rest of the request (its body parser too: Fastify binds it to the request's async
      // context) runs in this one: foreground.test.ts sends a body in chunks to prove it.
      foreground.within(end, done);
    });
    // Its answer is made (serialised) by now: a streamed body's remaining transfer is I/O, not
    // this thread's work, and must not hold heavy writes for as long as it lasts.
    app.addHook('onSend', (request, _reply, payload, done) => {
      request.foregroundEnd?.();
      done(null, payload);
    });
  },
  { name: 'foreground' },
);
