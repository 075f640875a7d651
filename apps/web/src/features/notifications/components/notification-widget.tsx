import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { TooltipAfterPaint } from '../../../shared/ui/tooltip-after-paint';
import Typography from '@mui/material/Typography';
import type { PortalNotification } from '@portal/contract';
import { zonedFormats } from '@portal/domain';
import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { toast } from '../../../shared/notifications';
import { Popover } from '../../../shared/ui/loaded-on-first-open';
import {
  useMarkNotificationsRead,
  useNotifications,
  useNotificationStream,
} from '../api/notifications';

// One format for every row: creating one costs far more than formatting with it.
const notificationTime = zonedFormats('en-US', {
  month: 'numeric',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const when = (iso: string) => notificationTime().format(new Date(iso));

/** The in-app notifications: a bell with the unread count, the list, and live arrivals. */
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
        <IconButton
          color="inherit"
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="notification-count">
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </TooltipAfterPaint>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 380, maxWidth: '95vw', maxHeight: 480 } } }}
      >
        <Box role="region" aria-label="Notifications" sx={{ p: 2 }}>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
          >
            <Typography variant="h6" component="h2">
              Notifications
            </Typography>
            {unread > 0 ? (
              <Button size="small" onClick={() => markRead.mutate()} disabled={markRead.isPending}>
                Mark all read
              </Button>
            ) : null}
          </Stack>
          <NotificationItems
            notifications={notifications.data?.data}
            pending={notifications.isPending}
            onFollow={close}
          />
        </Box>
      </Popover>
    </>
  );
}

/**
 * The list, rendered only while the popover is open: its times are formatted then, not on every
 * render of the top bar.
 */
function NotificationItems({
  notifications,
  pending,
  onFollow,
}: {
  notifications: PortalNotification[] | undefined;
  pending: boolean;
  onFollow: () => void;
}) {
  return notifications?.length ? (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {notifications.map((notification) => (
        <Box
          component="li"
          key={notification.id}
          sx={{
            py: 1,
            borderTop: 1,
            borderColor: 'divider',
            fontWeight: notification.read ? 400 : 600,
          }}
        >
          {notification.link ? (
            <Link component={RouterLink} to={notification.link} onClick={onFollow}>
              {notification.title}
            </Link>
          ) : (
            <Typography sx={{ fontWeight: 'inherit' }}>{notification.title}</Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {notification.body}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {when(notification.createdAt)}
          </Typography>
        </Box>
      ))}
    </Box>
  ) : (
    <Typography color="text.secondary">{pending ? 'Loading…' : 'No notifications yet'}</Typography>
  );
}
