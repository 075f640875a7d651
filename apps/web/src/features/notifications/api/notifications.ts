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
 * caller hears of it. Without signal the stream is closed, not retried every few seconds (a phone in
 * a truck cab spends its battery on nothing, and each try is a failed request); when the signal
 * returns it opens again and the list is read again.
 */
export function useNotificationStream(onNotification: (notification: PortalNotification) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const onMessage = (event: MessageEvent<string>) => {
      const notification = JSON.parse(event.data) as PortalNotification;
      void queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey });
      // A notification about a tender or rate request changes that resource: its navigation count,
      // lists and detail refresh at once instead of at the next minute's refresh.
      const resource = RESOURCE_OF_KIND[notification.kind];
      if (resource) void queryClient.invalidateQueries({ queryKey: [resource] });
      onNotification(notification);
    };
    let source: EventSource | undefined;
    let missed = false;
    const open = () => {
      if (source || !navigator.onLine) return;
      source = new EventSource('/api/v1/notifications/stream');
      source.addEventListener('notification', onMessage);
      // What came while the stream was closed is read with the list.
      if (missed)
        void queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey });
    };
    const close = () => {
      source?.close();
      source = undefined;
    };
    const offline = () => {
      missed = true;
      close();
    };
    open();
    window.addEventListener('online', open);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', open);
      window.removeEventListener('offline', offline);
      close();
    };
  }, [queryClient, onNotification]);
}
