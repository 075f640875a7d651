import type {
  NotificationPage,
  NotificationsMarkedRead,
  PortalNotification,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../shared/api/client';

export const NOTIFICATIONS_SHOWN = 20;

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'list'] as const,
    queryFn: ({ signal }) =>
      apiRequest<NotificationPage>('/api/v1/notifications', {
        query: { page: 1, pageSize: NOTIFICATIONS_SHOWN },
        signal,
      }),
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<NotificationsMarkedRead>('/api/v1/notifications/read', { method: 'POST' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
  });
}

const RESOURCE_OF_KIND: Record<string, string> = {
  NewTender: 'tenders',
  TenderAnswered: 'tenders',
  NewRateRequest: 'rate-requests',
  RateRequestAnswered: 'rate-requests',
  RateRequestAwarded: 'rate-requests',
};

/**
 * The server pushes each new notification (server-sent events); the list is refreshed and the
 * caller hears of it. The browser reconnects by itself after a network drop.
 */
export function useNotificationStream(onNotification: (notification: PortalNotification) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/v1/notifications/stream');
    source.addEventListener('notification', (event) => {
      const notification = JSON.parse((event as MessageEvent<string>).data) as PortalNotification;
      void queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey });
      // A notification about a tender or rate request changes that resource: its navigation count,
      // lists and detail refresh at once instead of at the next minute's refresh.
      const resource = RESOURCE_OF_KIND[notification.kind];
      if (resource) void queryClient.invalidateQueries({ queryKey: [resource] });
      onNotification(notification);
    });
    return () => source.close();
  }, [queryClient, onNotification]);
}
