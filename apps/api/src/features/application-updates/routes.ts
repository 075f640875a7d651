import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApplicationUpdateList, Problem } from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { applicationUpdates } from './service';

/** The top bar's application updates, for anyone signed in. */
export const applicationUpdateRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
) => {
  app.get(
    '/api/v1/application_updates',
    {
      schema: {
        tags: ['Application updates'],
        summary: 'What changed in the portal, newest first (from the repository’s CHANGELOG.md)',
        response: { 200: ApplicationUpdateList, 401: Problem },
      },
    },
    async () => ({ data: await applicationUpdates() }),
  );
};
