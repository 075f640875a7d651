import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CurrentUser,
  DataOf,
  MyCarrier,
  MyCompany,
  MyNotificationPreferences,
  Problem,
} from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { currentUser, myCarrier, myCompany, myNotificationPreferences } from './service';

/** The signed-in user and their company; any signed-in user may ask about themselves. */
export const meRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const errors = { 401: Problem, 404: Problem };
  app.get(
    '/api/v1/me',
    {
      // Who the user is, also before they accept the access terms (decision 180).
      config: { beforeAccessTerms: true },
      schema: {
        tags: ['Current user'],
        summary: 'The current contact: every field of the spec’s Current user entity',
        response: { 200: DataOf(CurrentUser), ...errors },
      },
    },
    async (request) => ({ data: await currentUser(ctx, request.caller) }),
  );
  app.get(
    '/api/v1/me/carrier',
    {
      schema: {
        tags: ['Current user'],
        summary: 'The caller’s company as a carrier (isBroker, isBookable)',
        response: { 200: MyCarrier, ...errors },
      },
    },
    async (request) => ({ data: await myCarrier(ctx, request.caller) }),
  );
  app.get(
    '/api/v1/me/company',
    {
      schema: {
        tags: ['Current user'],
        summary: 'The caller’s company',
        response: { 200: MyCompany, ...errors },
      },
    },
    async (request) => ({ data: await myCompany(ctx, request.caller) }),
  );
  app.get(
    '/api/v1/me/notification_preferences',
    {
      schema: {
        tags: ['Current user'],
        summary: 'The caller’s notification preferences',
        response: { 200: MyNotificationPreferences, ...errors },
      },
    },
    async (request) => ({ data: await myNotificationPreferences(ctx, request.caller) }),
  );
};
