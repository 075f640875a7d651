import { AUTH_MESSAGES, SIGN_IN_MESSAGES, doNotUseCarrierMessage } from '@portal/domain';
import type {
  AuthorizeBody,
  AuthorizeResponse,
  MobileAuthorizeBody,
  PasswordResetBody,
  PasswordResetResponse,
  RequestPasswordResetBody,
} from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { loadCaller, type Caller } from '../../shared/auth/caller';
import { checkPassword } from '../../shared/auth/credentials';
import { findCurrentUser } from '../../shared/auth/current-user';
import { findActiveDriverLink, loadDriverLinkCaller } from '../../shared/auth/driver-links';
import { lockoutMessage } from '../../shared/auth/login-throttle';
import {
  requestPasswordReset,
  resolveLinkPage,
  setPasswordWithToken,
} from '../../shared/auth/password-links';
import { ACCESS_TOKEN_SECONDS } from '../../shared/auth/tokens';
import { forbidden, tooManyRequests, unauthorized } from '../../shared/http/errors';

async function tokenAndUser(ctx: AppContext, caller: Caller, seconds = ACCESS_TOKEN_SECONDS) {
  const accessToken = await ctx.tokens.issue(
    {
      userId: caller.userId,
      companyId: caller.companyId,
      ...(caller.driverId ? { driverId: caller.driverId } : {}),
      ...(caller.tokenVersion ? { tokenVersion: caller.tokenVersion } : {}),
    },
    seconds,
  );
  const user = await ctx.db.tenant(caller.scope, (tx) => findCurrentUser(tx, caller.userId));
  if (!user) throw unauthorized(AUTH_MESSAGES.invalidEmailOrPassword);
  return {
    accessToken,
    expiresIn: seconds,
    user: { ...user, roles: [...caller.roles], permissions: [...caller.permissions] },
  };
}

/** Password sign-in for API clients and scripts: answers an access token and the current user. */
export async function authorizeWithPassword(
  ctx: AppContext,
  body: AuthorizeBody,
  clientAddress: string,
): Promise<AuthorizeResponse['data']> {
  const outcome = await checkPassword(ctx.db, ctx.identity.signInThrottle, {
    ...body,
    clientAddress,
  });
  if (outcome.kind === 'locked') throw tooManyRequests(lockoutMessage(outcome.retryAfterSeconds));
  if (outcome.kind === 'wrong') throw unauthorized(AUTH_MESSAGES.invalidEmailOrPassword);
  if (outcome.kind === 'do-not-use') throw forbidden(doNotUseCarrierMessage(outcome.contactEmail));
  const caller = await loadCaller(ctx.db, outcome.userId);
  if (!caller) throw unauthorized(AUTH_MESSAGES.invalidEmailOrPassword);
  return tokenAndUser(ctx, caller);
}

/**
 * The spec's mobile authorize: a driver link's token for a bearer token limited to that driver's
 * shipments, which ends when the link does (at the latest after the usual hour).
 */
export async function authorizeDriver(
  ctx: AppContext,
  body: MobileAuthorizeBody,
): Promise<AuthorizeResponse['data']> {
  const link = await findActiveDriverLink(ctx.db, body.driverToken);
  if (!link) throw unauthorized(SIGN_IN_MESSAGES.driverLinkInvalid);
  const caller = await loadDriverLinkCaller(ctx.db, link, 'token');
  if (!caller) throw unauthorized(SIGN_IN_MESSAGES.driverLinkInvalid);
  const seconds = Math.max(
    1,
    Math.min(ACCESS_TOKEN_SECONDS, Math.floor((link.expiresAt.getTime() - Date.now()) / 1000)),
  );
  const accessToken = await ctx.tokens.issue(
    {
      userId: caller.userId,
      companyId: caller.companyId,
      driverId: link.driverId,
      driverLinkId: link.id,
    },
    seconds,
  );
  const { user } = await tokenAndUser(ctx, caller, seconds);
  return { accessToken, expiresIn: seconds, user };
}

export async function askForPasswordReset(
  ctx: AppContext,
  body: RequestPasswordResetBody,
  clientAddress: string,
): Promise<void> {
  const pageUrl = resolveLinkPage(body.url, ctx.config.PUBLIC_URL, '/reset-password');
  await requestPasswordReset(
    {
      db: ctx.db,
      mailer: ctx.mailer,
      throttle: ctx.identity.resetThrottle,
      logger: ctx.logger,
    },
    { emailAddress: body.emailAddress, pageUrl, clientAddress },
  );
}

/** Sets a new password from a reset or activation link; answers a token and the user (spec). */
export async function resetPassword(
  ctx: AppContext,
  body: PasswordResetBody,
): Promise<PasswordResetResponse['data']> {
  const { userId } = await setPasswordWithToken(ctx.db, body);
  // The user's sessions ended with the old password: none is served from the cache either.
  ctx.identity.authCache.forgetUser(userId);
  const caller = await loadCaller(ctx.db, userId);
  if (!caller) throw unauthorized(AUTH_MESSAGES.invalidEmailOrPassword);
  const { accessToken, expiresIn, user } = await tokenAndUser(ctx, caller);
  return { token: accessToken, expiresIn, user };
}
