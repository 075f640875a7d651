import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Problem, TrainingVideoList, VideoSlugParams } from '@portal/contract';
import { ACCESS } from '@portal/domain';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../shared/app-context';
import { listVideos, openVideo } from './service';

/** /videos: the training videos and their files. */
export const videoRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app) => {
  const config = { access: ACCESS.carrierPortal };
  const tags = ['Videos'];
  app.get(
    '/api/v1/videos',
    {
      config,
      schema: {
        tags,
        summary: 'The training videos',
        response: { 200: TrainingVideoList, 401: Problem, 403: Problem },
      },
    },
    async () => ({ data: await listVideos() }),
  );
  app.get(
    '/api/v1/videos/:slug/file',
    {
      config,
      schema: {
        tags,
        summary: 'A training video (WebM), whole or the byte range asked for',
        params: VideoSlugParams,
        produces: ['video/webm'],
        response: {
          200: {
            description: 'The video file (ranges supported)',
            content: { 'video/webm': { schema: { type: 'string', format: 'binary' } } },
          },
          401: Problem,
          403: Problem,
          404: Problem,
        },
      },
    },
    async (request, typedReply) => {
      // A binary answer: the typed reply only knows the JSON error shapes.
      const reply = typedReply as unknown as FastifyReply;
      const part = await openVideo(request.params.slug, request.headers.range);
      reply
        .header('content-type', 'video/webm')
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=3600')
        .header('content-length', part.end - part.start + 1);
      if (part.partial)
        reply.status(206).header('content-range', `bytes ${part.start}-${part.end}/${part.size}`);
      return reply.send(part.stream);
    },
  );
};
