import type { IncomingMessage, ServerResponse } from 'node:http';
import { AUTH_MESSAGES, SIGN_IN_MESSAGES, doNotUseCarrierMessage } from '@portal/domain';
import type { InteractionDetails } from '@portal/contract';
import type Provider from 'oidc-provider';
import { errors as providerErrors } from 'oidc-provider';
import type { AppContext } from '../../shared/app-context';
import { checkPassword } from '../../shared/auth/credentials';
import { lockoutMessage } from '../../shared/auth/login-throttle';
import { requestPasswordReset } from '../../shared/auth/password-links';
import { forbidden, HttpProblem, tooManyRequests, unauthorized } from '../../shared/http/errors';
import { FLOW_PARAM } from './provider';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The sign-in screens' work: read an interaction, check a password, start a reset. */
export function interactionService(ctx: AppContext, provider: Provider) {
  const expected = new URL(ctx.config.PUBLIC_URL).origin;

  async function load(
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
  ): Promise<Interaction> {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(req, res);
    } catch (error) {
      if (error instanceof providerErrors.SessionNotFound) {
        throw new HttpProblem(410, 'Gone', SIGN_IN_MESSAGES.interactionExpired);
      }
      throw error;
    }
    // The cookie names the browser's own interaction; another uid in the URL is not it.
    if (interaction.uid !== uid)
      throw new HttpProblem(410, 'Gone', SIGN_IN_MESSAGES.interactionExpired);
    return interaction;
  }

  return {
    /** Writes from the sign-in screens come from the portal's own pages (a CSRF guard). */
    assertSameOrigin(origin: string | undefined) {
      if (origin !== undefined && origin !== expected)
        throw forbidden('Sign-in requests must come from the portal itself');
    },

    async details(
      req: IncomingMessage,
      res: ServerResponse,
      uid: string,
    ): Promise<InteractionDetails['data']> {
      const interaction = await load(req, res, uid);
      const params = interaction.params as Record<string, unknown>;
      const hint = typeof params.login_hint === 'string' ? params.login_hint.slice(0, 254) : null;
      return {
        uid: interaction.uid,
        flow: params[FLOW_PARAM] === 'reset' ? 'reset' : 'sign-in',
        loginHint: hint,
      };
    },

    async login(
      req: IncomingMessage,
      res: ServerResponse,
      uid: string,
      input: { emailAddress: string; password: string; clientAddress: string },
    ): Promise<{ redirectTo: string }> {
      const interaction = await load(req, res, uid);
      if (interaction.prompt.name !== 'login') {
        // Nothing to ask: let the provider carry on (the portal's consent is implicit).
        return { redirectTo: interaction.returnTo };
      }
      const outcome = await checkPassword(ctx.db, ctx.identity.signInThrottle, input);
      switch (outcome.kind) {
        case 'wrong':
          throw unauthorized(AUTH_MESSAGES.wrongCredentials);
        case 'locked':
          throw tooManyRequests(lockoutMessage(outcome.retryAfterSeconds));
        case 'do-not-use':
          throw forbidden(doNotUseCarrierMessage(outcome.contactEmail));
        case 'ok': {
          // A session cookie without expiry: the portal's own session decides how long one lasts.
          const redirectTo = await provider.interactionResult(
            req,
            res,
            { login: { accountId: outcome.userId, remember: false } },
            { mergeWithLastSubmission: false },
          );
          return { redirectTo };
        }
      }
    },

    async requestReset(
      req: IncomingMessage,
      res: ServerResponse,
      uid: string,
      input: { emailAddress: string; clientAddress: string },
    ): Promise<void> {
      await load(req, res, uid);
      await requestPasswordReset(
        {
          db: ctx.db,
          mailer: ctx.mailer,
          throttle: ctx.identity.resetThrottle,
          logger: ctx.logger,
        },
        {
          emailAddress: input.emailAddress,
          pageUrl: `${ctx.config.PUBLIC_URL}/reset-password`,
          clientAddress: input.clientAddress,
        },
      );
    },
  };
}
