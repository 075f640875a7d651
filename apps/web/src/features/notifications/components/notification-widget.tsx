import { TooltipAfterPaint } from '../../../shared/ui/tooltip-after-paint';
import type { PortalNotification } from '@portal/contract';
import { useCallback, useState } from 'react';
import { toast } from '../../../shared/notifications';
import { loadedOnFirstOpen } from '../../../shared/ui/loaded-on-first-open';
import { NOTIFICATIONS_OUTLINED } from '../../../shared/ui/plain/icon-paths';
import { PlainBadge, PlainIcon, PlainIconButton } from '../../../shared/ui/plain/plain';
import {
  useMarkNotificationsRead,
  useNotifications,
  useNotificationStream,
} from '../api/notifications';
import type { NotificationPopoverProps } from './notification-popover';

// The list and its popover load the first time the bell is opened (decision 268).
const NotificationPopover = loadedOnFirstOpen<NotificationPopoverProps>(
  () => import('./notification-popover'),
);

/**
 * The in-app notifications: a bell with the unread count (drawn plain, decision 276), the list, and
 * live arrivals.
 */
export function NotificationWidget() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const onArrival = useCallback((notification: PortalNotification) => {
    toast.info(notification.title);
  }, []);
  useNotificationStream(onArrival);
  const unread = notifications.data?.unreadCount ?? 0;
  const close = () => {
    setAnchor(null);
    if (unread > 0) markRead.mutate();
  };
  return (
    <>
      <TooltipAfterPaint title="Notifications">
        <PlainIconButton
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <PlainBadge count={unread} data-testid="notification-count">
            <PlainIcon path={NOTIFICATIONS_OUTLINED} />
          </PlainBadge>
        </PlainIconButton>
      </TooltipAfterPaint>
      <NotificationPopover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        notifications={notifications.data?.data}
        pending={notifications.isPending}
        unread={unread}
        onMarkAllRead={() => markRead.mutate()}
        marking={markRead.isPending}
      />
    </>
  );
}
