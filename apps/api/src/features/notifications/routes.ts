import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  NotificationListQuery,
  NotificationPage,
  NotificationsMarkedRead,
  Problem,
} from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { NotificationHub } from './hub';
import { listNotifications, markNotificationsRead, readNotification, userIdOf } from './service';

const tags = ['Notifications'];
const problems = { 401: Problem, 403: Problem };
// A comment line now and then keeps proxies from closing a quiet stream.
const HEARTBEAT_MS = 25_000;

export const notificationRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const hub = new NotificationHub(ctx.db);
  app.addHook('onClose', async () => hub.close());
  // Open streams end when the server shuts down, their connections with them: a stream never ends
  // on its own and would hold the process past SHUTDOWN_GRACE_MS. The browser's EventSource
  // connects again, to a node that is up.
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const out of streams) {
      const socket = out.socket;
      out.end(() => socket?.end());
    }
  });

  app.get(
    '/api/v1/notifications',
    {
      schema: {
        tags,
        summary: "The signed-in user's in-app notifications, newest first, with the unread count",
        querystring: NotificationListQuery,
        response: { 200: NotificationPage, 400: Problem, ...problems },
      },
    },
    async (request) => listNotifications(ctx, request.caller, request.query),
  );

  app.post(
    '/api/v1/notifications/read',
    {
      schema: {
        tags,
        summary: "Marks all of the signed-in user's notifications read",
        response: { 200: NotificationsMarkedRead, ...problems },
      },
    },
    async (request) => markNotificationsRead(ctx, request.caller),
  );

  app.get(
    '/api/v1/notifications/stream',
    {
      schema: {
        tags,
        summary:
          'Server-sent events: each new notification of the signed-in user as it is written (event "notification")',
        response: {
          200: {
            description: 'An open event stream',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          ...problems,
        },
      },
    },
    async (request, reply) => {
      const caller = request.caller;
      const userId = userIdOf(caller);
      reply.hijack();
      const out = reply.raw;
      streams.add(out);
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: string, data: unknown) =>
        out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const unsubscribe = hub.subscribe(userId, (id) => {
        readNotification(ctx, caller, id)
          .then((notification) => {
            if (notification) send('notification', notification);
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'notification push failed'));
      });
      const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), HEARTBEAT_MS);
      request.raw.on('close', () => {
        streams.delete(out);
        clearInterval(heartbeat);
        unsubscribe();
      });
      await hub.ready();
      send('ready', { userId });
    },
  );
};
