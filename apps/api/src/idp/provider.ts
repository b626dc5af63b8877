import Provider, { errors } from 'oidc-provider';
import type { AppConfig } from '../config/index';
import type { Db } from '../db/client';
import { findAccountById } from './accounts';
import { createDbAdapter } from './adapter';
import { messagePage, signOutPage } from './pages';
import type { IdpSecrets } from './secrets';

// Short-lived: access tokens are JWTs the api verifies without asking the provider, so after
// sign-out one lives at most this long; the refresh token (rotated on each use) dies at sign-out.
export const ACCESS_TOKEN_TTL_S = 10 * 60;
const ID_TOKEN_TTL_S = 60 * 60;
const REFRESH_TOKEN_TTL_S = 14 * 24 * 60 * 60;
const SESSION_TTL_S = 14 * 24 * 60 * 60;
const INTERACTION_TTL_S = 60 * 60;
const OIDC_SCOPES = 'openid profile email offline_access';

// oidc-provider has no types here; its ctx is a Koa context with an oidc property.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctx = any;

/**
 * The embedded OpenID provider with Auth0-compatible paths (/authorize, /oauth/token,
 * /.well-known/jwks.json), so the editor's @auth0/auth0-react works against it unchanged.
 * Access tokens are RS256 JWTs for the api audience (resource indicators).
 */
export function createIdpProvider(config: AppConfig, db: Db, secrets: IdpSecrets): Provider {
  const { publicOrigin, auth } = config;
  const audience = auth.audience;
  const configuration = {
    adapter: createDbAdapter(db),
    clients: [
      {
        client_id: auth.clientId,
        client_name: 'Beamstage editor',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicOrigin}/auth`, `${publicOrigin}/dashboard`, `${publicOrigin}/sso-callback`, `${publicOrigin}/`],
        post_logout_redirect_uris: [publicOrigin, `${publicOrigin}/`, `${publicOrigin}/sign-in`, `${publicOrigin}/dashboard`],
        // Every ID token says when the person signed in: deleting a project asks for a fresh sign-in after the re-verification window.
        require_auth_time: true,
      },
    ],
    jwks: secrets.privateJwks,
    cookies: { keys: secrets.cookieKeys },
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      jwks: '/.well-known/jwks.json',
      userinfo: '/userinfo',
      end_session: '/oidc/logout',
      revocation: '/oauth/revoke',
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'nickname'] },
    scopes: OIDC_SCOPES.split(' '),
    // auth0-spa-js reads email and name from the ID token (getUser()).
    conformIdTokenClaims: false,
    extraParams: ['audience', 'screen_hint', 'auth0Client'],
    pkce: { required: () => true },
    clientBasedCORS: (_ctx: Ctx, origin: string) => origin === publicOrigin,
    findAccount: async (_ctx: Ctx, sub: string) => {
      const account = await findAccountById(db, sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: async () => ({ sub: account.id, email: account.email, email_verified: true, name: account.name, nickname: account.name }),
      };
    },
    // The api reads e-mail and name from its own access tokens (users table, members by e-mail).
    extraTokenClaims: async (_ctx: Ctx, token: { kind: string; accountId?: string }) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await findAccountById(db, token.accountId);
      return account ? { email: account.email, name: account.name } : undefined;
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // The editor keeps its tokens in memory; after a reload auth0-spa-js signs in again in a
      // hidden iframe (prompt=none, response_mode=web_message) on this provider's session cookie.
      webMessageResponseMode: { enabled: true, ack: 'individual-draft-01' },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: Ctx, form: string) => {
          ctx.type = 'html';
          ctx.body = signOutPage(form);
        },
        postLogoutSuccessSource: async (ctx: Ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage('Signed out', 'You are signed out of Beamstage.', { href: `${publicOrigin}/`, text: 'Back to Beamstage' });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: Ctx, resourceIndicator: string) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget!();
          return { scope: 'api', audience, accessTokenTTL: ACCESS_TOKEN_TTL_S, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
    // The editor is first party: consent is granted without a consent screen.
    loadExistingGrant: async (ctx: Ctx) => {
      const clientId = ctx.oidc.client.clientId;
      const existing = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(clientId);
      if (existing) {
        const grant = await ctx.oidc.provider.Grant.find(existing);
        if (grant) return grant;
      }
      if (!ctx.oidc.session.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope(OIDC_SCOPES);
      grant.addResourceScope(audience, 'api');
      await grant.save();
      ctx.oidc.session.grantIdFor(clientId, grant.jti);
      return grant;
    },
    // Public SPA client: refresh tokens without the prompt=consent dance that offline_access asks for.
    issueRefreshToken: async (_ctx: Ctx, client: { grantTypeAllowed(t: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    // Every refresh answers a new refresh token and consumes the old one (design.md rule 10).
    rotateRefreshToken: true,
    // Codes and the refresh tokens from them end with the sign-in session, and sign-out revokes the
    // grant (offline_access would otherwise keep refresh tokens alive after sign-out).
    expiresWithSession: async () => true,
    interactions: { url: async (_ctx: Ctx, interaction: { uid: string }) => `/idp/interaction/${interaction.uid}` },
    renderError: async (ctx: Ctx, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in problem', out.error_description ?? out.error ?? 'Something went wrong.', {
        href: `${publicOrigin}/sign-in`,
        text: 'Try again',
      });
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_S,
      IdToken: ID_TOKEN_TTL_S,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_TTL_S,
      Session: SESSION_TTL_S,
      Grant: SESSION_TTL_S,
      Interaction: INTERACTION_TTL_S,
    },
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
  };
  const provider = new Provider(auth.issuer, configuration);
  // The same proxies Fastify trusts (TRUST_PROXY): X-Forwarded-Proto marks the cookies Secure.
  provider.proxy = config.trustProxy !== false;
  if (typeof config.trustProxy === 'number') provider.maxIpsCount = config.trustProxy;
  return provider;
}
