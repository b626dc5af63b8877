import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { trustedPeer } from '../../config/index';
import type Provider from 'oidc-provider';
import { checkCredentials, createAccount, ensureDemoAccount } from '../../idp/accounts';
import { pruneExpired } from '../../idp/adapter';
import { idpCsp } from '../../idp/csp';
import { messagePage, signInPage, signUpPage } from '../../idp/pages';
import { passwordProblem } from '../../idp/password-policy';
import { createIdpProvider } from '../../idp/provider';
import { loadIdpSecrets } from '../../idp/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded oidc-provider, or null when AUTH_DOMAIN names Auth0. */
    idp: Provider | null;
  }
}

const WRONG_CREDENTIALS = 'Wrong e-mail or password';
// Sign-up says so when the e-mail is taken: an accepted enumeration (README, Security), since the
// embedded provider sends no mail that could tell the owner instead.
const EMAIL_TAKEN = 'An account with this e-mail already exists';

type Form = Record<string, string | undefined>;

const FORM_POSTS_PER_MINUTE = 30;

/** The embedded OpenID provider under /idp with its sign-in and sign-up pages (only without AUTH_DOMAIN). */
export default fp(
  async (app) => {
    if (!app.config.auth.embedded) {
      app.decorate('idp', null);
      return;
    }
    await pruneExpired(app.db);
    await ensureDemoAccount(app.db, app.config.demo.email, app.config.demo.password);
    const provider = createIdpProvider(app.config, app.db, await loadIdpSecrets(app.db));
    provider.on('server_error', (_ctx: unknown, err: Error) => app.log.error({ err }, 'oidc-provider error'));
    app.decorate('idp', provider);

    await app.register(async (scope) => mountProvider(scope, provider));
    await app.register(async (scope) => interactionRoutes(scope, provider));
    // auth0-spa-js logs out at {domain}/v2/logout?client_id&returnTo.
    app.get('/idp/v2/logout', { schema: { hide: true } }, async (request, reply) => {
      reply.header('content-security-policy', idpCsp());
      const q = request.query as Record<string, string | undefined>;
      const params = new URLSearchParams();
      params.set('client_id', q.client_id ?? app.config.auth.clientId);
      if (q.returnTo) params.set('post_logout_redirect_uri', q.returnTo);
      return reply.redirect(`/idp/oidc/logout?${params}`, 302);
    });
  },
  { name: 'idp', dependencies: ['db'] },
);

/** Hands every other /idp request, body unread, to oidc-provider (a Koa app) mounted at /idp. */
async function mountProvider(scope: FastifyInstance, provider: Provider) {
  const callback = provider.callback();
  const csp = idpCsp();
  // The provider (Koa, proxy on when TRUST_PROXY is set) reads X-Forwarded-* itself: only from a trusted proxy.
  const fromProxy = trustedPeer(scope.config.trustProxy);
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    // Set before the provider answers: it adds the hashes of the scripts it writes to script-src.
    reply.raw.setHeader('content-security-policy', csp);
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    if (!fromProxy(raw.socket.remoteAddress)) {
      for (const name of Object.keys(raw.headers)) if (name.startsWith('x-forwarded-')) delete raw.headers[name];
    }
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '/').slice('/idp'.length) || '/';
    await callback(raw, reply.raw);
  };
  scope.all('/idp/*', { schema: { hide: true } }, handler);
}

async function interactionRoutes(scope: FastifyInstance, provider: Provider) {
  await scope.register(formbody);
  const csp = idpCsp();
  scope.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', csp);
  });
  const demoEmail = scope.config.demo.email;

  const details = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return null;
    }
  };
  const expired = (reply: FastifyReply) =>
    reply
      .code(400)
      .type('text/html')
      .send(
        messagePage('Sign-in expired', 'This sign-in page has expired. Start again from Beamstage.', {
          href: `${scope.config.publicOrigin}/sign-in`,
          text: 'Sign in',
        }),
      );

  const finish = async (request: FastifyRequest, reply: FastifyReply, accountId: string) => {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, { login: { accountId } }, { mergeWithLastSubmission: false });
    return reply.redirect(returnTo, 303);
  };

  scope.get<{ Params: { uid: string }; Querystring: { screen?: string } }>('/idp/interaction/:uid', { schema: { hide: true } }, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction || interaction.uid !== request.params.uid) return expired(reply);
    reply.header('cache-control', 'no-store').type('text/html');
    if (interaction.prompt.name !== 'login') {
      // Consent for the first-party editor is granted in loadExistingGrant; any other prompt
      // (e.g. a forced consent) is answered the same way.
      const grant = new provider.Grant({ clientId: interaction.params.client_id, accountId: interaction.session?.accountId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(scope.config.auth.audience, 'api');
      const grantId = await grant.save();
      const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return reply.redirect(returnTo, 303);
    }
    const wantsSignUp = request.query.screen ? request.query.screen === 'signup' : interaction.params.screen_hint === 'signup';
    return wantsSignUp ? signUpPage({ uid: interaction.uid }) : signInPage({ uid: interaction.uid, demoEmail });
  });

  // Password guessing: a few tries per minute per IP on the form posts.
  const formLimit = { rateLimit: { max: FORM_POSTS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (request: { ip: string }) => `idp:${request.ip}` } };
  scope.post<{ Params: { uid: string }; Body: Form }>('/idp/interaction/:uid/login', { schema: { hide: true }, config: formLimit }, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction || interaction.uid !== request.params.uid) return expired(reply);
    const email = String(request.body?.email ?? '');
    const account = await checkCredentials(scope.db, email, String(request.body?.password ?? ''));
    if (!account)
      return reply
        .code(401)
        .type('text/html')
        .send(signInPage({ uid: interaction.uid, error: WRONG_CREDENTIALS, email, demoEmail }));
    return finish(request, reply, account.id);
  });

  scope.post<{ Params: { uid: string }; Body: Form }>('/idp/interaction/:uid/signup', { schema: { hide: true }, config: formLimit }, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction || interaction.uid !== request.params.uid) return expired(reply);
    const email = String(request.body?.email ?? '').trim();
    const name = String(request.body?.name ?? '').trim();
    const password = String(request.body?.password ?? '');
    const again = (code: number, error: string) =>
      reply
        .code(code)
        .type('text/html')
        .send(signUpPage({ uid: interaction.uid, error, email, name }));
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$|^[^@\s]+@localhost$|^[^@\s]+@[^@\s]+\.local$/.test(email)) return again(400, 'Enter a valid e-mail address');
    const weak = passwordProblem(password, email);
    if (weak) return again(400, weak);
    const account = await createAccount(scope.db, { email, password, name });
    if (!account) return again(409, EMAIL_TAKEN);
    return finish(request, reply, account.id);
  });
}
