import type {
  SessionReplayPage,
  SessionReplayRecording,
  SessionReplaySetting,
  SessionReplaySettingBody,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { clientConfigQueryOptions } from '../../../shared/config';

const replayKeys = {
  all: ['session-replays'] as const,
  page: (page: number) => [...replayKeys.all, 'page', page] as const,
  recording: (replayId: string) => [...replayKeys.all, 'recording', replayId] as const,
  setting: () => [...replayKeys.all, 'setting'] as const,
};

export const useSessionReplays = (page: number) =>
  useQuery({
    queryKey: replayKeys.page(page),
    queryFn: ({ signal }) =>
      apiRequest<SessionReplayPage>('/api/v1/admin/session_replays', {
        signal,
        query: { page, pageSize: 20 },
      }),
  });

export const sessionReplayOptions = (replayId: string) =>
  queryOptions({
    queryKey: replayKeys.recording(replayId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<SessionReplayRecording>(
          `/api/v1/admin/session_replays/${encodeURIComponent(replayId)}`,
          { signal },
        )
      ).data,
    retry: false,
  });

export const useSessionReplay = (replayId: string) => useQuery(sessionReplayOptions(replayId));

export const useReplaySetting = () =>
  useQuery({
    queryKey: replayKeys.setting(),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<SessionReplaySetting>('/api/v1/admin/session_replay_setting', {
          signal,
        })
      ).data,
  });

/** Turns recording on or off; the app's own configuration (whether this session records) follows. */
export function useChangeReplaySetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SessionReplaySettingBody) =>
      apiRequest<SessionReplaySetting>('/api/v1/admin/session_replay_setting', {
        method: 'PUT',
        body,
      }),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(replayKeys.setting(), data);
      await queryClient.invalidateQueries({ queryKey: clientConfigQueryOptions().queryKey });
    },
  });
}
