import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { ClientConfig, ClientErrorReport, Problem } from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { readSessionReplaySetting } from '../../shared/monitoring/session-replay-setting';
import { clientErrorLog } from './error-log';

// A crash report is small; anything bigger is not one.
const REPORT_BODY_LIMIT = 16 * 1024;

export const clientConfigRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/v1/client_config',
    {
      // Read before sign-in too: the crash screen and the sign-in pages need the help desk link.
      config: { public: true },
      schema: {
        tags: ['Client'],
        summary:
          'The configuration the web app needs (environment, help desk, monitoring, map tiles)',
        response: { 200: ClientConfig },
      },
    },
    async () => ({
      data: {
        sessionReplay: (await ctx.db.system((tx) => readSessionReplaySetting(tx, ctx.config)))
          .enabled,
        appEnv: ctx.config.APP_ENV,
        helpDeskUrl: ctx.config.HELP_DESK_URL,
        monitoringCollectorUrl: ctx.config.MONITORING_COLLECTOR_URL ?? null,
        mapTileUrl: ctx.config.MAP_TILE_URL,
        mapTileAttribution: ctx.config.MAP_TILE_ATTRIBUTION,
      },
    }),
  );

  const errorLog = clientErrorLog(ctx.config.CLIENT_ERRORS_PER_MINUTE);
  app.post(
    '/api/v1/client_errors',
    {
      // A crash may come before sign-in or after the session ended: the log takes it either way.
      config: { public: true },
      bodyLimit: REPORT_BODY_LIMIT,
      schema: {
        tags: ['Client'],
        summary: "A crash or failed request in the browser, written to the server's log",
        body: ClientErrorReport,
        response: { 204: { type: 'null' } as unknown as TSchema, 400: Problem, 429: Problem },
      },
    },
    async (request, reply) => {
      errorLog.record(request.body, {
        address: request.ip,
        userAgent: request.headers['user-agent'],
        log: request.log,
      });
      return reply.status(204).send();
    },
  );
};
