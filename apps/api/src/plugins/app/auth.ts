import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { users } from '../../db/schema/index';
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
    /** Verifies an access token (RS256, exact issuer and audience) and returns its claims. */
    verifyAccessToken(token: string): Promise<JWTPayload>;
  }
  interface FastifyRequest {
    user: AuthUser;
  }
}

/** Seconds of clock skew accepted on exp/nbf/iat. */
export const CLOCK_TOLERANCE_S = 5;

class AuthError extends Error {
  statusCode = 401;
}

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
      });
      if (typeof payload.sub !== 'string' || payload.sub === '') throw new joseErrors.JWTClaimValidationFailed('missing sub', payload, 'sub', 'missing');
      return payload;
    };

    const userFor = async (payload: JWTPayload): Promise<AuthUser> => {
      const sub = payload.sub as string;
      const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
      const name = typeof payload.name === 'string' ? payload.name : null;
      const pick = { id: users.id, sub: users.sub, email: users.email, name: users.name, planId: users.planId };
      const [found] = await app.db.select(pick).from(users).where(eq(users.sub, sub));
      if (found) {
        if ((email && found.email !== email) || (name && found.name !== name)) {
          await app.db.update(users).set({ email: email ?? found.email, name: name ?? found.name }).where(eq(users.id, found.id));
          return { ...found, email: email ?? found.email, name: name ?? found.name };
        }
        return found;
      }
      await app.db.insert(users).values({ id: `usr_${randomBytes(12).toString('base64url')}`, sub, email, name }).onConflictDoNothing();
      const [created] = await app.db.select(pick).from(users).where(eq(users.sub, sub));
      if (!created) throw new Error('user row missing after insert');
      return created;
    };

    app.decorate('verifyAccessToken', verifyAccessToken);
    app.decorateRequest('user', null as unknown as AuthUser);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw new AuthError('A bearer token is required');
      let payload: JWTPayload;
      try {
        payload = await verifyAccessToken(match[1]);
      } catch (err) {
        const reason = err instanceof joseErrors.JWTExpired ? 'The token has expired' : 'The token is not valid for this api';
        throw new AuthError(reason);
      }
      request.user = await userFor(payload);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
