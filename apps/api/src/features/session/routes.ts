import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DriverSessionBody,
  DriverSessionResponse,
  LogoutResponse,
  Problem,
  SessionInfo,
  SessionState,
} from '@portal/contract';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import type { AppContext } from '../../shared/app-context';
import type { Authenticator } from '../../shared/auth/authenticate';
import { sessionCookieOf, CSRF_MESSAGE } from '../../shared/auth/session-authenticator';
import { HttpProblem } from '../../shared/http/errors';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../shared/auth/sessions';
import { forbidden } from '../../shared/http/errors';
import { SignInRefused } from './sign-in-client';
import { safeReturnPath, SIGN_IN_COOKIE_SECONDS, type SessionService } from './service';

/** The sign-in in progress: Lax, so it comes back with the issuer's cross-site redirect. */
export const SIGN_IN_COOKIE = '__Host-portal_signin';

const LoginQuery = Type.Object(
  {
    returnTo: Type.Optional(Type.String({ maxLength: 2000 })),
    flow: Type.Optional(Type.Union([Type.Literal('sign-in'), Type.Literal('reset')])),
    login_hint: Type.Optional(Type.String({ maxLength: 254 })),
  },
  { additionalProperties: false },
);
// The issuer's answer has parameters of its own (code, state, iss, session_state, error...).
const CallbackQuery = Type.Record(Type.String(), Type.String());

const base: CookieSerializeOptions = { path: '/', secure: true };

/**
 * The backend-for-frontend: the browser is sent to the issuer and comes back here; tokens stay on
 * the server and the browser gets only the session cookie (and its CSRF twin).
 */
export const sessionRoutes: FastifyPluginAsyncTypebox<{
  ctx: AppContext;
  service: SessionService;
  /** The session-cookie authenticator the API boundary uses. */
  authenticateSession: Authenticator;
}> = async (app, { ctx, service, authenticateSession }) => {
  const { sessions } = ctx.identity;
  const sessionMaxAge = ctx.config.SESSION_ABSOLUTE_HOURS * 3600;

  const setSessionCookies = (reply: FastifyReply, cookieValue: string) => {
    reply.setCookie(SESSION_COOKIE, cookieValue, {
      ...base,
      httpOnly: true,
      sameSite: 'strict',
      maxAge: sessionMaxAge,
    });
    reply.setCookie(CSRF_COOKIE, sessions.csrfTokenFor(cookieValue), {
      ...base,
      httpOnly: false,
      sameSite: 'strict',
      maxAge: sessionMaxAge,
    });
  };
  const clearSessionCookies = (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true, sameSite: 'strict' });
    reply.clearCookie(CSRF_COOKIE, { ...base, sameSite: 'strict' });
  };
  const expectedOrigin = new URL(ctx.config.PUBLIC_URL).origin;
  const assertSameOrigin = (origin: string | undefined) => {
    if (origin !== undefined && origin !== expectedOrigin)
      throw forbidden('This request must come from the portal itself');
  };

  app.get(
    '/auth/login',
    { config: { public: true }, schema: { hide: true, querystring: LoginQuery } },
    async (request, reply) => {
      const { url, pending } = await service.begin(request.query.flow ?? 'sign-in', {
        loginHint: request.query.login_hint,
        returnTo: safeReturnPath(request.query.returnTo),
      });
      reply.setCookie(SIGN_IN_COOKIE, service.sealPending(pending), {
        ...base,
        httpOnly: true,
        sameSite: 'lax',
        maxAge: SIGN_IN_COOKIE_SECONDS,
      });
      return reply.header('cache-control', 'no-store').redirect(url, 303);
    },
  );

  app.get(
    '/auth/callback',
    { config: { public: true }, schema: { hide: true, querystring: CallbackQuery } },
    async (request, reply) => {
      const pending = service.openPending(request.cookies[SIGN_IN_COOKIE]);
      reply.clearCookie(SIGN_IN_COOKIE, { ...base, httpOnly: true, sameSite: 'lax' });
      reply.header('cache-control', 'no-store');
      if (!pending) return reply.redirect('/login?error=expired', 303);
      try {
        const { cookieValue } = await service.complete(
          new URL(request.url, ctx.config.PUBLIC_URL),
          pending,
          sessionCookieOf(request),
          { userAgent: request.headers['user-agent'], ipAddress: request.ip },
        );
        setSessionCookies(reply, cookieValue);
        return reply.redirect(pending.returnTo, 303);
      } catch (error) {
        if (!(error instanceof SignInRefused)) throw error;
        request.log.info({ reason: error.code }, 'sign-in refused');
        const contact = error.contactEmail
          ? `&contact=${encodeURIComponent(error.contactEmail)}`
          : '';
        return reply.redirect(`/login?error=${error.code}${contact}`, 303);
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { public: true },
      schema: {
        tags: ['Session'],
        summary: 'Sign out: ends the portal session; answers where to end the issuer session',
        response: { 200: LogoutResponse, 403: Problem },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request.headers.origin);
      const cookie = sessionCookieOf(request);
      if (cookie) {
        const given = request.headers[CSRF_HEADER];
        if (!sessions.csrfMatches(cookie, typeof given === 'string' ? given : undefined))
          throw forbidden(CSRF_MESSAGE);
      }
      const redirectTo = await service.signOut(cookie);
      clearSessionCookies(reply);
      return { data: { redirectTo } };
    },
  );

  app.post(
    '/auth/driver-session',
    {
      config: { public: true },
      schema: {
        tags: ['Session'],
        summary: 'Open a driver session from a driver link (driver app mode)',
        body: DriverSessionBody,
        response: { 200: DriverSessionResponse, 400: Problem, 401: Problem, 403: Problem },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request.headers.origin);
      const { cookieValue, landing } = await service.startDriverSession(
        request.body.driverToken,
        sessionCookieOf(request),
        { userAgent: request.headers['user-agent'], ipAddress: request.ip },
      );
      setSessionCookies(reply, cookieValue);
      return { data: { landing } };
    },
  );

  // The single-page app asks here: no session is an ordinary answer, not a 401 in the console.
  app.get(
    '/auth/session',
    {
      config: { public: true },
      schema: {
        tags: ['Session'],
        summary: 'The browser session, or null when there is none',
        response: { 200: SessionState },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let caller;
      try {
        caller = await authenticateSession(request);
      } catch (error) {
        if (!(error instanceof HttpProblem) || error.status !== 401) throw error;
        clearSessionCookies(reply);
        return { data: null };
      }
      if (!caller) return { data: null };
      return { data: await service.info(caller, request.session) };
    },
  );

  app.get(
    '/api/v1/session',
    {
      config: { beforeAccessTerms: true },
      schema: {
        tags: ['Session'],
        summary: 'The signed-in user, driver app mode, and the session timeouts',
        response: { 200: SessionInfo, 401: Problem },
      },
    },
    async (request, reply) => {
      const cookie = sessionCookieOf(request);
      // The page reads its CSRF token from this cookie; put it back if it went missing.
      if (request.session && cookie) {
        reply.setCookie(CSRF_COOKIE, sessions.csrfTokenFor(cookie), {
          ...base,
          httpOnly: false,
          sameSite: 'strict',
          maxAge: sessionMaxAge,
        });
      }
      reply.header('cache-control', 'no-store');
      return { data: await service.info(request.caller, request.session) };
    },
  );
};
