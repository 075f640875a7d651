import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import * as client from 'openid-client';
import type { Config } from '../../config/env';
import type { IssuerTokens, RenewalOutcome } from '../../shared/auth/sessions';

/** Runs a request through the server itself, without a network hop (fastify.inject). */
export type InProcessRequest = (options: InjectOptions) => Promise<LightMyRequestResponse>;

export type SignInFlow = 'sign-in' | 'reset';

/** What the server keeps between sending the browser to the issuer and its return. */
export interface PendingSignIn {
  flow: SignInFlow;
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

export interface CompletedSignIn {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  tokens: IssuerTokens;
  accessExpiresAt: Date;
}

export type SignInRefusal = 'access_denied' | 'sign_in_failed' | 'no_account' | 'do_not_use';

export class SignInRefused extends Error {
  override name = 'SignInRefused';
  constructor(
    /** A short code the sign-in page shows a message for. */
    readonly code: SignInRefusal,
    options: { cause?: unknown; contactEmail?: string } = {},
  ) {
    super(code, { cause: options.cause });
    this.contactEmail = options.contactEmail;
  }
  /** Do Not Use: whom the carrier may write to. */
  readonly contactEmail: string | undefined;
}

const DEFAULT_ACCESS_SECONDS = 10 * 60;

/**
 * The portal as an OpenID Connect client of its issuer (openid-client, OpenID certified):
 * authorization code with PKCE S256, state and nonce, tokens kept on the server. With the built-in
 * issuer the client's HTTP calls (discovery, token, revocation) run inside the process, so no API
 * node has to reach PUBLIC_URL from where it stands.
 */
export function createSignInClient(config: Config, inProcess: InProcessRequest) {
  const callbackUrl = `${config.PUBLIC_URL}/auth/callback`;
  const discovered = new Map<string, Promise<client.Configuration>>();

  const inProcessFetch: client.CustomFetch = async (url, options) => {
    const target = new URL(url);
    const response = await inProcess({
      method: options.method as InjectOptions['method'],
      url: `${target.pathname}${target.search}`,
      headers: {
        ...options.headers,
        host: target.host,
        'x-forwarded-proto': target.protocol.replace(':', ''),
      },
      ...(options.body !== undefined && options.body !== null
        ? { payload: String(options.body) }
        : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, {
      status: response.statusCode,
      headers,
    });
  };

  function issuerFor(flow: SignInFlow): string {
    return flow === 'reset' && config.OIDC_PASSWORD_RESET_ISSUER_URL
      ? config.OIDC_PASSWORD_RESET_ISSUER_URL
      : config.OIDC_ISSUER_URL;
  }

  function configurationFor(issuer: string): Promise<client.Configuration> {
    let pending = discovered.get(issuer);
    if (!pending) {
      const insecure = issuer.startsWith('http://');
      pending = client
        .discovery(
          new URL(issuer),
          config.OIDC_CLIENT_ID,
          config.oidcBuiltIn ? { id_token_signed_response_alg: 'ES256' } : {},
          client.ClientSecretBasic(config.OIDC_CLIENT_SECRET),
          {
            ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
            ...(config.oidcBuiltIn ? { [client.customFetch]: inProcessFetch } : {}),
          },
        )
        .catch((error: unknown) => {
          // Try again on the next sign-in rather than remembering an outage.
          discovered.delete(issuer);
          throw error;
        });
      discovered.set(issuer, pending);
    }
    return pending;
  }

  function tokensFrom(
    response: client.TokenEndpointResponse,
    previous?: IssuerTokens,
  ): { tokens: IssuerTokens; accessExpiresAt: Date } {
    const idToken = response.id_token ?? previous?.idToken;
    if (!idToken) throw new SignInRefused('sign_in_failed');
    return {
      tokens: {
        idToken,
        accessToken: response.access_token,
        refreshToken: response.refresh_token ?? previous?.refreshToken,
      },
      accessExpiresAt: new Date(
        Date.now() + (response.expires_in ?? DEFAULT_ACCESS_SECONDS) * 1000,
      ),
    };
  }

  return {
    /** Sends the browser to the issuer. */
    async begin(
      flow: SignInFlow,
      options: { loginHint?: string | undefined; returnTo: string },
    ): Promise<{ url: string; pending: PendingSignIn }> {
      const configuration = await configurationFor(issuerFor(flow));
      const codeVerifier = client.randomPKCECodeVerifier();
      const pending: PendingSignIn = {
        flow,
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier,
        returnTo: options.returnTo,
      };
      const parameters: Record<string, string> = {
        redirect_uri: callbackUrl,
        scope: config.OIDC_SCOPES,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
        // Every portal session starts with the user's own credentials (idle timeouts mean something).
        prompt: 'login',
        ...(options.loginHint ? { login_hint: options.loginHint } : {}),
        ...(flow === 'reset' && config.oidcBuiltIn ? { flow: 'reset' } : {}),
      };
      return { url: client.buildAuthorizationUrl(configuration, parameters).href, pending };
    },

    /** Exchanges the code the issuer sent back, checking state, nonce, PKCE and the ID token. */
    async complete(currentUrl: URL, pending: PendingSignIn): Promise<CompletedSignIn> {
      const issuer = issuerFor(pending.flow);
      const configuration = await configurationFor(issuer);
      let response;
      try {
        response = await client.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        if (error instanceof client.AuthorizationResponseError) {
          throw new SignInRefused(
            error.error === 'access_denied' ? 'access_denied' : 'sign_in_failed',
            { cause: error },
          );
        }
        throw new SignInRefused('sign_in_failed', { cause: error });
      }
      const claims = response.claims();
      if (!claims) throw new SignInRefused('sign_in_failed');
      const { tokens, accessExpiresAt } = tokensFrom(response);
      return {
        issuer: configuration.serverMetadata().issuer,
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        emailVerified: claims.email_verified !== false,
        tokens,
        accessExpiresAt,
      };
    },

    /** New tokens for a session whose access token is due (the refresh token rotates). */
    async renew(tokens: IssuerTokens, issuer: string | null): Promise<RenewalOutcome> {
      if (!tokens.refreshToken || !issuer) return { kind: 'refused' };
      try {
        const configuration = await configurationFor(issuer);
        const response = await client.refreshTokenGrant(configuration, tokens.refreshToken);
        return { kind: 'renewed', ...tokensFrom(response, tokens) };
      } catch (error) {
        if (error instanceof client.ResponseBodyError) return { kind: 'refused' };
        return { kind: 'unavailable' };
      }
    },

    /**
     * Where the browser goes to end the issuer's session too; the refresh token is revoked first
     * (best effort: the local session is gone whatever the issuer says).
     */
    async signOutUrl(tokens: IssuerTokens | undefined, issuer: string | null): Promise<string> {
      const home = `${config.PUBLIC_URL}/`;
      if (!tokens || !issuer) return home;
      let configuration: client.Configuration;
      try {
        configuration = await configurationFor(issuer);
      } catch {
        return home;
      }
      const metadata = configuration.serverMetadata();
      if (tokens.refreshToken && metadata.revocation_endpoint) {
        await client.tokenRevocation(configuration, tokens.refreshToken).catch(() => undefined);
      }
      if (!metadata.end_session_endpoint) return home;
      return client.buildEndSessionUrl(configuration, {
        id_token_hint: tokens.idToken,
        post_logout_redirect_uri: home,
        client_id: config.OIDC_CLIENT_ID,
      }).href;
    },
  };
}

export type SignInClient = ReturnType<typeof createSignInClient>;
