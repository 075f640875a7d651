import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  InteractionDetails,
  InteractionLoginBody,
  InteractionRedirect,
  InteractionResetBody,
  MessageResponse,
  Problem,
} from '@portal/contract';
import { AUTH_MESSAGES } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import Type from 'typebox';
import type { AppContext } from '../../shared/app-context';
import { PROVIDER_MOUNT } from './provider';
import { interactionService } from './service';

const UidParams = Type.Object({ uid: Type.String({ minLength: 1, maxLength: 100 }) });
const routeConfig = { public: true } as const;

/**
 * The built-in provider under /oidc (the raw request and response are handed to it, bodies
 * unread), and the JSON endpoints the single-page app's sign-in screens call. Those live under
 * /oidc/interaction/{uid}, the path of the provider's interaction cookie, so the cookie reaches
 * them; they are outside /api and need no session.
 */
export const identityProviderRoutes: FastifyPluginAsyncTypebox<{
  ctx: AppContext;
  provider: Provider;
}> = async (app, { ctx, provider }) => {
  await app.register(async (mount: FastifyInstance) => {
    // The provider reads its own request bodies; Fastify must leave the stream alone.
    mount.removeAllContentTypeParsers();
    mount.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const callback = provider.callback();
    const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      const url = raw.url ?? PROVIDER_MOUNT;
      // The provider routes on the path below its mount and builds its URLs from originalUrl.
      raw.originalUrl = url;
      raw.url = url.slice(PROVIDER_MOUNT.length) || '/';
      await callback(raw, reply.raw);
    };
    for (const url of [PROVIDER_MOUNT, `${PROVIDER_MOUNT}/*`]) {
      mount.route({
        method: ['GET', 'POST', 'OPTIONS', 'HEAD'],
        url,
        config: routeConfig,
        schema: { hide: true },
        handler: handOver,
      });
    }
  });

  const service = interactionService(ctx, provider);

  app.get(
    `${PROVIDER_MOUNT}/interaction/:uid`,
    { config: routeConfig, schema: { hide: true, params: UidParams } },
    async (request, reply) =>
      reply.redirect(`/login?interaction=${encodeURIComponent(request.params.uid)}`, 303),
  );

  app.get(
    `${PROVIDER_MOUNT}/interaction/:uid/details`,
    {
      config: routeConfig,
      schema: {
        tags: ['Session'],
        summary: 'What the sign-in screen of an interaction shows (built-in provider)',
        params: UidParams,
        response: { 200: InteractionDetails, 400: Problem, 410: Problem },
      },
    },
    async (request, reply) => ({
      data: await service.details(request.raw, reply.raw, request.params.uid),
    }),
  );

  app.post(
    `${PROVIDER_MOUNT}/interaction/:uid/login`,
    {
      config: routeConfig,
      schema: {
        tags: ['Session'],
        summary: 'Sign in with e-mail address and password on the built-in provider',
        params: UidParams,
        body: InteractionLoginBody,
        response: {
          200: InteractionRedirect,
          400: Problem,
          401: Problem,
          403: Problem,
          410: Problem,
          429: Problem,
        },
      },
    },
    async (request, reply) => {
      service.assertSameOrigin(request.headers.origin);
      return {
        data: await service.login(request.raw, reply.raw, request.params.uid, {
          ...request.body,
          clientAddress: request.ip,
        }),
      };
    },
  );

  app.post(
    `${PROVIDER_MOUNT}/interaction/:uid/password-reset`,
    {
      config: routeConfig,
      schema: {
        tags: ['Session'],
        summary:
          'Ask for a password-reset e-mail (the password-reset flow of the built-in provider)',
        params: UidParams,
        body: InteractionResetBody,
        response: { 202: MessageResponse, 400: Problem, 403: Problem, 410: Problem, 429: Problem },
      },
    },
    async (request, reply) => {
      service.assertSameOrigin(request.headers.origin);
      await service.requestReset(request.raw, reply.raw, request.params.uid, {
        emailAddress: request.body.emailAddress,
        clientAddress: request.ip,
      });
      return reply.status(202).send({ data: { message: AUTH_MESSAGES.checkEmail } });
    },
  );
};
