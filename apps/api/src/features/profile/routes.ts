import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CurrentUserResponse,
  MyNotificationPreferences,
  NotificationPreferencesBody,
  Problem,
  ProfilePictureBody,
  ProfilePictureResponse,
  RenewTrackingIntegrationBody,
  TrackingIntegration,
  UpdateProfileBody,
} from '@portal/contract';
import { ACCESS, PICTURE_MAX_BYTES } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import {
  removeProfilePicture,
  renewTrackingIntegration,
  trackingIntegration,
  saveNotificationPreferences,
  saveProfilePicture,
  updateProfile,
} from './service';

/** The signed-in person's own profile: contact details, picture, notification preferences. */
export const profileRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const config = { access: ACCESS.profile };
  const tags = ['Current user'];
  const errors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem };
  app.put(
    '/api/v1/me',
    {
      config,
      schema: {
        tags,
        summary: 'Update your own contact (role names lose spaces and hyphens: Bill-to is BillTo)',
        body: UpdateProfileBody,
        response: { 200: CurrentUserResponse, ...errors },
      },
    },
    async (request) => ({ data: await updateProfile(ctx, request.caller, request.body) }),
  );
  app.put(
    '/api/v1/me/profile_picture',
    {
      config,
      // Base64 is a third larger than the picture it carries.
      bodyLimit: Math.ceil((PICTURE_MAX_BYTES * 4) / 3) + 64 * 1024,
      schema: {
        tags,
        summary: 'Save your profile picture: a PNG or JPEG of at most 2 MB, in base64',
        body: ProfilePictureBody,
        response: { 200: ProfilePictureResponse, ...errors, 413: Problem, 415: Problem },
      },
    },
    async (request) => ({ data: await saveProfilePicture(ctx, request.caller, request.body) }),
  );
  app.delete(
    '/api/v1/me/profile_picture',
    {
      config,
      schema: {
        tags,
        summary: 'Remove your profile picture',
        response: { 200: ProfilePictureResponse, ...errors },
      },
    },
    async (request) => ({ data: await removeProfilePicture(ctx, request.caller) }),
  );
  app.put(
    '/api/v1/me/notification_preferences',
    {
      config,
      schema: {
        tags,
        summary: 'How you hear of each kind of event: in the portal, by e-mail',
        body: NotificationPreferencesBody,
        response: { 200: MyNotificationPreferences, ...errors },
      },
    },
    async (request) => ({
      data: await saveNotificationPreferences(ctx, request.caller, request.body),
    }),
  );
  app.get(
    '/api/v1/me/tracking_integration',
    {
      config,
      schema: {
        tags,
        summary:
          'The company’s tracking integration: connected, its token’s last characters, expired',
        response: { 200: TrackingIntegration, ...errors },
      },
    },
    async (request) => ({ data: await trackingIntegration(ctx, request.caller) }),
  );
  app.put(
    '/api/v1/me/tracking_integration',
    {
      config: { access: ACCESS.companyAdmin },
      schema: {
        tags,
        summary: 'Give the tracking integration a new API token (administrators)',
        body: RenewTrackingIntegrationBody,
        response: { 200: TrackingIntegration, ...errors },
      },
    },
    async (request) => ({
      data: await renewTrackingIntegration(ctx, request.caller, request.body),
    }),
  );
};
