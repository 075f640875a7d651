import type {
  CurrentUserResponse,
  MyNotificationPreferences,
  NotificationPreference,
  ProfilePictureResponse,
  UpdateProfileBody,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { sessionQueryOptions } from '../../../shared/session';

export const profileKeys = {
  notificationPreferences: ['profile', 'notification-preferences'] as const,
};

/** The signed-in person lives in the session: a change to them reloads it. */
function useRefreshSession() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
}

/** PUT api/v1/me: the person's own contact details. */
export function useUpdateProfile() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: async (body: UpdateProfileBody) =>
      (await apiRequest<CurrentUserResponse>('/api/v1/me', { method: 'PUT', body })).data,
    onSuccess: refresh,
  });
}

export function useSaveProfilePicture() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: async (picture: { name: string; data: string }) =>
      (
        await apiRequest<ProfilePictureResponse>('/api/v1/me/profile_picture', {
          method: 'PUT',
          body: { ...picture, type: 'ContactProfilepicture' },
        })
      ).data,
    onSuccess: refresh,
  });
}

export function useRemoveProfilePicture() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest<ProfilePictureResponse>('/api/v1/me/profile_picture', {
          method: 'DELETE',
        })
      ).data,
    onSuccess: refresh,
  });
}

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.notificationPreferences,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<MyNotificationPreferences>('/api/v1/me/notification_preferences', {
          signal,
        })
      ).data,
  });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQueryOptions());

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: NotificationPreference[]) =>
      (
        await apiRequest<MyNotificationPreferences>('/api/v1/me/notification_preferences', {
          method: 'PUT',
          body: { preferences },
        })
      ).data,
    onSuccess: (saved) => client.setQueryData(profileKeys.notificationPreferences, saved),
  });
}
