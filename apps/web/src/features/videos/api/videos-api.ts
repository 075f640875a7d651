import type { TrainingVideoList } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export const videoListOptions = () =>
  queryOptions({
    queryKey: ['videos'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<TrainingVideoList>('/api/v1/videos', { signal })).data,
    staleTime: 30 * 60_000,
  });

export const useVideos = () => useQuery(videoListOptions());
