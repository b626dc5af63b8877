import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { createUserCache, USER_CHANGES_CHANNEL, type UserCache } from '../../auth/user-cache';
import { users } from '../../db/schema/index';
import { ApiError } from '../../errors/api-error';
import { loadIdpSecrets } from '../../idp/secrets';

/** The signed-in caller, from the users row (created on the first call). */
export interface AuthUser {
  id: string;
  sub: string;
  email: string | null;
  name: string | null;
  planId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: verifies the bearer token and sets request.user; 401 otherwise. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Verifies an access token (RS256, exact issuer and audience, exp required) and returns its claims. */
    verifyAccessToken(token: string): Promise<JWTPayload>;
    /**
     * The request's bearer token verified once (memoised per request): its claims, or null when
     * there is none or it is not valid. The rate limiter keys on it (design.md rule 13).
     */
    verifiedBearer(request: FastifyRequest): Promise<BearerResult>;
    /** The users rows authenticate reads, by token subject; writers that change plans drop them (auth/user-cache.ts). */
    userCache: UserCache<AuthUser>;
  }
  interface FastifyRequest {
    user: AuthUser;
  }
}

/** A request's bearer token after verification. */
export type BearerResult = { payload: JWTPayload } | { payload: null; reason: string };

/** Seconds of clock skew accepted on exp/nbf/iat. */
export const CLOCK_TOLERANCE_S = 5;

export default fp(
  async (app) => {
    const { auth } = app.config;
    const jwks = auth.embedded ? createLocalJWKSet((await loadIdpSecrets(app.db)).publicJwks as never) : createRemoteJWKSet(new URL(auth.jwksUrl));

    const verifyAccessToken = async (token: string) => {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: auth.issuer,
        audience: auth.audience,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_S,
        // A token without exp would never expire (design.md rule 10).
        requiredClaims: ['exp'],
      });
      if (typeof payload.sub !== 'string' || payload.sub === '') throw new joseErrors.JWTClaimValidationFailed('missing sub', payload, 'sub', 'missing');
      return payload;
    };

    const cache = createUserCache<AuthUser>();
    const unlisten = await app.dbHandle.listen({
      channel: USER_CHANGES_CHANNEL,
      onNotify: (sub) => cache.forget(sub),
      onGap: () => cache.clear(),
      logger: app.log,
    });
    app.addHook('onClose', unlisten);

    const userFor = async (payload: JWTPayload): Promise<AuthUser> => {
      const sub = payload.sub as string;
      const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
      const name = typeof payload.name === 'string' ? payload.name : null;
      const cached = cache.get(sub);
      // A token whose e-mail or name differs from the row's updates the row below.
      if (cached && (!email || cached.email === email) && (!name || cached.name === name)) return cached;
      const stamp = cache.stamp(sub);
      const user = await readUser(sub, email, name);
      cache.set(sub, user, stamp);
      return user;
    };

    /** The users row of a token's subject, created on the first call, e-mail and name kept up to date. */
    const readUser = async (sub: string, email: string | null, name: string | null): Promise<AuthUser> => {
      const pick = { id: users.id, sub: users.sub, email: users.email, name: users.name, planId: users.planId };
      const [found] = await app.db.select(pick).from(users).where(eq(users.sub, sub));
      if (found) {
        if ((email && found.email !== email) || (name && found.name !== name)) {
          await app.db
            .update(users)
            .set({ email: email ?? found.email, name: name ?? found.name })
            .where(eq(users.id, found.id));
          return { ...found, email: email ?? found.email, name: name ?? found.name };
        }
        return found;
      }
      await app.db
        .insert(users)
        .values({ id: `usr_${randomBytes(12).toString('base64url')}`, sub, email, name })
        .onConflictDoNothing();
      const [created] = await app.db.select(pick).from(users).where(eq(users.sub, sub));
      if (!created) throw new Error('user row missing after insert');
      return created;
    };

    const verified = new WeakMap<FastifyRequest, Promise<BearerResult>>();
    const verifyBearer = async (request: FastifyRequest): Promise<BearerResult> => {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) return { payload: null, reason: 'A bearer token is required' };
      try {
        return { payload: await verifyAccessToken(match[1]) };
      } catch (err) {
        return { payload: null, reason: err instanceof joseErrors.JWTExpired ? 'The token has expired' : 'The token is not valid for this api' };
      }
    };
    const verifiedBearer = (request: FastifyRequest) => {
      let result = verified.get(request);
      if (!result) {
        result = verifyBearer(request);
        verified.set(request, result);
      }
      return result;
    };

    app.decorate('verifyAccessToken', verifyAccessToken);
    app.decorate('verifiedBearer', verifiedBearer);
    app.decorate('userCache', cache);
    app.decorateRequest('user', null as unknown as AuthUser);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const result = await verifiedBearer(request);
      if (!result.payload) throw new ApiError(401, result.reason);
      request.user = await userFor(result.payload);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
