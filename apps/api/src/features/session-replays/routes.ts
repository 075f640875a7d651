import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Problem,
  SessionReplayChunkAnswer,
  SessionReplayChunkBody,
  SessionReplayPage,
  SessionReplayParams,
  SessionReplayQuery,
  SessionReplayRecording,
  SessionReplaySetting,
  SessionReplaySettingBody,
} from '@portal/contract';
import { ACCESS, SESSION_REPLAY } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { changeSetting, recordChunk, recording, replayPage, setting } from './service';

/** Session replay (decision 181): every signed-in user's recorder posts here; admins play back. */
export const sessionReplayRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    '/api/v1/session_replays/:replayId/chunks',
    {
      bodyLimit: SESSION_REPLAY.chunkLimitBytes,
      schema: {
        tags: ['Monitoring'],
        summary:
          'The next events of the caller’s session recording (rrweb), in order; 200 with stored false while replay is off',
        params: SessionReplayParams,
        body: SessionReplayChunkBody,
        response: {
          200: SessionReplayChunkAnswer,
          201: SessionReplayChunkAnswer,
          400: Problem,
          401: Problem,
          403: Problem,
          404: Problem,
          413: Problem,
        },
      },
    },
    async (request, reply) => {
      const data = await recordChunk(ctx, request.caller, request.params.replayId, request.body);
      return reply.status(data.stored ? 201 : 200).send({ data });
    },
  );

  const admin = { access: ACCESS.operatorAdmin };
  const refusals = { 400: Problem, 401: Problem, 403: Problem };
  app.get(
    '/api/v1/admin/session_replays',
    {
      config: admin,
      schema: {
        tags: ['Administration'],
        summary: 'Recorded sessions, newest first',
        querystring: SessionReplayQuery,
        response: { 200: SessionReplayPage, ...refusals },
      },
    },
    async (request) => replayPage(ctx, request.caller, request.query),
  );
  app.get(
    '/api/v1/admin/session_replays/:replayId',
    {
      config: admin,
      schema: {
        tags: ['Administration'],
        summary: 'One recorded session with all its events, to play back',
        params: SessionReplayParams,
        response: { 200: SessionReplayRecording, ...refusals, 404: Problem },
      },
    },
    async (request) => ({ data: await recording(ctx, request.caller, request.params.replayId) }),
  );
  app.get(
    '/api/v1/admin/session_replay_setting',
    {
      config: admin,
      schema: {
        tags: ['Administration'],
        summary:
          'Whether sessions are recorded, and whether an administrator or the configuration says so',
        response: { 200: SessionReplaySetting, 401: Problem, 403: Problem },
      },
    },
    async (request) => ({ data: await setting(ctx, request.caller) }),
  );
  app.put(
    '/api/v1/admin/session_replay_setting',
    {
      config: admin,
      schema: {
        tags: ['Administration'],
        summary: 'Turns session recording on or off for everyone',
        body: SessionReplaySettingBody,
        response: { 200: SessionReplaySetting, ...refusals },
      },
    },
    async (request) => ({
      data: await changeSetting(ctx, request.caller, request.body.enabled),
    }),
  );
};
