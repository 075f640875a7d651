import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuthorizeBody,
  AuthorizeResponse,
  MessageResponse,
  MobileAuthorizeBody,
  PasswordResetBody,
  PasswordResetResponse,
  Problem,
  RequestPasswordResetBody,
} from '@portal/contract';
import { AUTH_MESSAGES } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import {
  askForPasswordReset,
  authorizeDriver,
  authorizeWithPassword,
  resetPassword,
} from './service';

export const authRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/v1/auth/authorize',
    {
      config: { public: true },
      schema: {
        tags: ['Session'],
        summary:
          'Sign in with e-mail address and password; answers a bearer token and the current user',
        body: AuthorizeBody,
        response: {
          200: AuthorizeResponse,
          400: Problem,
          401: Problem,
          403: Problem,
          429: Problem,
        },
      },
    },
    async (request) => ({ data: await authorizeWithPassword(ctx, request.body, request.ip) }),
  );

  app.post(
    '/api/v1/auth/mobile_authorize',
    {
      config: { public: true },
      schema: {
        tags: ['Session'],
        summary: "Exchange a driver link's token for a bearer token limited to the driver's loads",
        body: MobileAuthorizeBody,
        response: { 200: AuthorizeResponse, 400: Problem, 401: Problem },
      },
    },
    async (request) => ({ data: await authorizeDriver(ctx, request.body) }),
  );

  app.post(
    '/api/v1/auth/request_password_reset',
    {
      config: { public: true },
      schema: {
        tags: ['Session'],
        summary:
          'E-mail a single-use reset link; the answer is the same whether the address exists',
        body: RequestPasswordResetBody,
        response: { 202: MessageResponse, 400: Problem, 429: Problem },
      },
    },
    async (request, reply) => {
      await askForPasswordReset(ctx, request.body, request.ip);
      return reply.status(202).send({ data: { message: AUTH_MESSAGES.checkEmail } });
    },
  );

  app.post(
    '/api/v1/auth/password_reset',
    {
      config: { public: true },
      schema: {
        tags: ['Session'],
        summary: 'Set a new password with a reset or activation token',
        body: PasswordResetBody,
        response: { 200: PasswordResetResponse, 400: Problem },
      },
    },
    async (request) => ({ data: await resetPassword(ctx, request.body) }),
  );
};
