import { hkdfSync } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../../shared/app-context';
import { databaseAdapter } from './adapter';

/** Where the built-in provider is mounted under PUBLIC_URL. */
export const PROVIDER_MOUNT = '/oidc';
/** The provider sends the browser here for sign-in screens; the SPA renders them. */
export const interactionPath = (uid: string) => `${PROVIDER_MOUNT}/interaction/${uid}`;

/** The authorization parameter that starts the password-reset flow (the spec's second policy). */
export const FLOW_PARAM = 'flow';

export interface ProviderLifetimes {
  /** The provider's session and the refresh token live as long as the portal's absolute session. */
  sessionSeconds: number;
}

const ACCESS_TOKEN_SECONDS = 10 * 60;

/**
 * The built-in OpenID Connect provider (oidc-provider, OpenID certified): authorization code with
 * PKCE S256 only, refresh tokens rotated on every use, discovery, JWKS from the server's shared
 * key set, RP-initiated logout, revocation. Its state lives in the database; its screens are the
 * single-page app's (/login?interaction=...).
 */
export function createBuiltInProvider(
  ctx: AppContext,
  lifetimes: ProviderLifetimes,
  logger: FastifyBaseLogger,
): Provider {
  const { config } = ctx;
  const cookieKey = Buffer.from(
    hkdfSync('sha256', config.APP_SECRET, 'carrier-portal', 'oidc-cookies', 32),
  ).toString('base64url');

  const configuration: Configuration = {
    adapter: databaseAdapter(ctx.db),
    clients: [
      {
        client_id: config.OIDC_CLIENT_ID,
        client_secret: config.OIDC_CLIENT_SECRET,
        client_name: 'Carrier Portal',
        redirect_uris: [`${config.PUBLIC_URL}/auth/callback`],
        post_logout_redirect_uris: [`${config.PUBLIC_URL}/`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: ctx.keys.privateJwks as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: [cookieKey],
      names: {
        session: 'oidc_session',
        interaction: 'oidc_interaction',
        resume: 'oidc_interaction_resume',
      },
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    // The portal reads the e-mail address from the ID token.
    conformIdTokenClaims: false,
    extraParams: [FLOW_PARAM],
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: false },
      resourceIndicators: { enabled: false },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // The confirmation is the SPA's /logout page, which posts the form back at once.
        logoutSource(ctx: KoaContextWithOIDC) {
          const secret = String(ctx.oidc.session?.state?.secret ?? '');
          ctx.redirect(`/logout?xsrf=${encodeURIComponent(secret)}`);
        },
        postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.redirect('/');
        },
      },
    },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    async findAccount(_ctx, sub) {
      const user = await ctx.db.system((tx) =>
        tx
          .selectFrom('users')
          .select(['id', 'firstName', 'lastName', 'loginEmail'])
          .where('id', '=', sub)
          .where('disabledAt', 'is', null)
          .where('isPortalEnabled', '=', true)
          .executeTakeFirst(),
      );
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: () => ({
          sub: user.id,
          email: user.loginEmail ?? undefined,
          email_verified: user.loginEmail !== null,
          name: `${user.firstName} ${user.lastName}`,
          given_name: user.firstName,
          family_name: user.lastName,
        }),
      };
    },
    // The portal is the provider's own first-party client: it is not asked for consent.
    async loadExistingGrant(oidc) {
      const clientId = oidc.oidc.client?.clientId;
      const session = oidc.oidc.session;
      if (!clientId || !session?.accountId) return undefined;
      const grantId = oidc.oidc.result?.consent?.grantId ?? session.grantIdFor(clientId);
      if (grantId) {
        const existing = await oidc.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (clientId !== config.OIDC_CLIENT_ID) return undefined;
      const grant = new oidc.oidc.provider.Grant({ clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile offline_access');
      await grant.save();
      return grant;
    },
    // Refresh tokens for the portal without offline_access: they end with the provider session,
    // so signing out there ends them too.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_SECONDS,
      Interaction: 30 * 60,
      Session: lifetimes.sessionSeconds,
      Grant: lifetimes.sessionSeconds,
      RefreshToken: lifetimes.sessionSeconds,
    },
    // Errors the provider cannot send back to the portal land on the SPA's sign-in page.
    renderError(koa, out) {
      const code = /^[a-z_]{1,40}$/.test(out.error ?? '') ? out.error : 'server_error';
      koa.redirect(`/login?error=${code}`);
    },
    clockTolerance: 5,
  };

  const provider = new Provider(config.OIDC_ISSUER_URL, configuration);
  // Behind a load balancer: the scheme and host come from X-Forwarded-* (Fastify trusts them too).
  provider.proxy = true;
  provider.on('server_error', (_koa, error) =>
    logger.error({ err: error }, 'identity provider error'),
  );
  provider.on('grant.error', (_koa, error) =>
    logger.warn({ err: { name: error.name, message: error.message } }, 'token request refused'),
  );
  return provider;
}
