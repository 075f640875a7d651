import { sql } from 'kysely';
import type { SessionInfo } from '@portal/contract';
import { SIGN_IN_MESSAGES, defaultLandingPath } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { loadCaller, type Caller } from '../../shared/auth/caller';
import { findCurrentUser } from '../../shared/auth/current-user';
import { DEFAULT_DO_NOT_USE_CONTACT } from '../../shared/auth/credentials';
import { findActiveDriverLink, loadDriverLinkCaller } from '../../shared/auth/driver-links';
import { secretBox } from '../../shared/auth/secret-box';
import type { SessionRecord } from '../../shared/auth/sessions';
import { notFound, unauthorized } from '../../shared/http/errors';
import {
  SignInRefused,
  type CompletedSignIn,
  type PendingSignIn,
  type SignInClient,
  type SignInFlow,
} from './sign-in-client';

/** How long the browser has to come back from the issuer. */
export const SIGN_IN_COOKIE_SECONDS = 10 * 60;

// Paths a sign-in never returns to: the sign-in machinery itself.
const NO_RETURN = /^\/(auth|oidc|api|login|logout)(\/|$|\?)/i;

/** A path inside the portal to come back to after sign-in; anything else is the root. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  let url: URL;
  try {
    url = new URL(value, 'http://portal.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'http://portal.invalid') return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  return NO_RETURN.test(path) ? '/' : path;
}

export interface SessionRequestInfo {
  userAgent?: string | undefined;
  ipAddress?: string | undefined;
}

/** Signing in and out through the issuer, driver links, and what the app asks about its session. */
export function sessionService(ctx: AppContext, signIn: SignInClient) {
  const { sessions } = ctx.identity;
  const box = secretBox(ctx.config.APP_SECRET, 'pending-sign-in');

  async function userFor(completed: CompletedSignIn): Promise<string> {
    return ctx.db.system(async (tx) => {
      const linked = await tx
        .selectFrom('userIdentities')
        .select('userId')
        .where('issuer', '=', completed.issuer)
        .where('subject', '=', completed.subject)
        .executeTakeFirst();
      if (linked) return linked.userId;
      // The built-in provider's subject is the user's own id.
      if (ctx.config.oidcBuiltIn) return completed.subject;
      // An external issuer's user is linked once, by a verified e-mail address.
      if (!completed.email || !completed.emailVerified) throw new SignInRefused('no_account');
      const user = await tx
        .selectFrom('users')
        .select('id')
        .where('loginEmail', '=', completed.email)
        .executeTakeFirst();
      if (!user) throw new SignInRefused('no_account');
      await tx
        .insertInto('userIdentities')
        .values({ issuer: completed.issuer, subject: completed.subject, userId: user.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return user.id;
    });
  }

  async function refuseDoNotUse(caller: Caller): Promise<void> {
    const company = await ctx.db.system((tx) =>
      tx
        .selectFrom('companies')
        .select(['doNotUse', 'doNotUseContactEmail'])
        .where('id', '=', caller.companyId)
        .executeTakeFirstOrThrow(),
    );
    if (company.doNotUse) {
      throw new SignInRefused('do_not_use', {
        contactEmail: company.doNotUseContactEmail ?? DEFAULT_DO_NOT_USE_CONTACT,
      });
    }
  }

  return {
    sealPending: (pending: PendingSignIn) => box.seal(JSON.stringify(pending)),

    openPending(sealed: string | undefined): PendingSignIn | undefined {
      if (!sealed) return undefined;
      try {
        return JSON.parse(box.open(sealed)) as PendingSignIn;
      } catch {
        return undefined;
      }
    },

    begin(flow: SignInFlow, options: { loginHint?: string | undefined; returnTo: string }) {
      return signIn.begin(flow, options);
    },

    /**
     * Finishes a sign-in: the code for tokens, the issuer's user for the portal's, then a new
     * session (the old one, if any, ends: a new session id at every sign-in).
     */
    async complete(
      callbackUrl: URL,
      pending: PendingSignIn,
      previousCookie: string | undefined,
      request: SessionRequestInfo,
    ): Promise<{ cookieValue: string }> {
      const completed = await signIn.complete(callbackUrl, pending);
      const userId = await userFor(completed);
      const caller = await loadCaller(ctx.db, userId, { via: 'session' });
      if (!caller) throw new SignInRefused('no_account');
      await refuseDoNotUse(caller);
      if (previousCookie) await sessions.destroy(previousCookie);
      const { cookieValue } = await sessions.create({
        userId,
        companyId: caller.companyId,
        issuer: completed.issuer,
        subject: completed.subject,
        tokens: completed.tokens,
        accessExpiresAt: completed.accessExpiresAt,
        userAgent: request.userAgent,
        ipAddress: request.ipAddress,
      });
      return { cookieValue };
    },

    /** A driver link's token for a session limited to that driver's shipments. */
    async startDriverSession(
      driverToken: string,
      previousCookie: string | undefined,
      request: SessionRequestInfo,
    ): Promise<{ cookieValue: string; landing: string }> {
      const link = await findActiveDriverLink(ctx.db, driverToken);
      if (!link) throw unauthorized(SIGN_IN_MESSAGES.driverLinkInvalid);
      const caller = await loadDriverLinkCaller(ctx.db, link, 'session');
      if (!caller) throw unauthorized(SIGN_IN_MESSAGES.driverLinkInvalid);
      if (previousCookie) await sessions.destroy(previousCookie);
      const { cookieValue } = await sessions.create({
        userId: link.driverId,
        companyId: link.companyId,
        driverLinkId: link.id,
        notAfter: link.expiresAt,
        userAgent: request.userAgent,
        ipAddress: request.ipAddress,
      });
      return { cookieValue, landing: defaultLandingPath(caller) };
    },

    /** Ends the portal session and answers where the browser goes to end the issuer's. */
    async signOut(cookieValue: string | undefined): Promise<string> {
      if (!cookieValue) return `${ctx.config.PUBLIC_URL}/`;
      const record = await sessions.find(cookieValue);
      const tokens = await sessions.destroy(cookieValue);
      if (record && !record.driverLinkId) {
        // Signing out ends the account's bearer tokens too (decision 085). The system role: the
        // session that would authorize this is the one just ended.
        await ctx.db.system((tx) =>
          tx
            .updateTable('users')
            .set({ tokenVersion: sql<number>`token_version + 1` })
            .where('id', '=', record.userId)
            .execute(),
        );
      }
      return signIn.signOutUrl(tokens, record?.issuer ?? null);
    },

    async info(caller: Caller, session: SessionRecord | undefined): Promise<SessionInfo['data']> {
      const user = await ctx.db.tenant(caller.scope, (tx) => findCurrentUser(tx, caller.userId));
      if (!user) throw notFound('User');
      return {
        // A driver link or an api key acts with its own roles and permissions, not the account's.
        user: { ...user, roles: [...caller.roles], permissions: [...caller.permissions] },
        driverMode: session?.driverLinkId != null,
        signInNotice: session ? await sessions.takeSignInNotice(session.idHash) : false,
        via: caller.via,
        idleTimeoutSeconds: session ? ctx.config.SESSION_IDLE_MINUTES * 60 : null,
        expiresAt: session ? session.absoluteExpiresAt.toISOString() : null,
      };
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;
