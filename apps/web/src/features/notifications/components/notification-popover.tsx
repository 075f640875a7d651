import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PortalNotification } from '@portal/contract';
import { zonedFormats } from '@portal/domain';
import { Link as RouterLink } from 'react-router';
import { TopBarPopover, type TopBarPopupProps } from '../../../shared/ui/top-bar-popover';

// One format for every row: creating one costs far more than formatting with it.
const notificationTime = zonedFormats('en-US', {
  month: 'numeric',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const when = (iso: string) => notificationTime().format(new Date(iso));

export interface NotificationPopoverProps extends TopBarPopupProps {
  notifications: PortalNotification[] | undefined;
  pending: boolean;
  unread: number;
  onMarkAllRead(): void;
  marking: boolean;
}

/**
 * The bell's popover: the notifications and "Mark all read". Its own chunk, loaded
 * the first time the bell is opened (decision 268).
 */
export default function NotificationPopover({
  notifications,
  pending,
  unread,
  onMarkAllRead,
  marking,
  ...popup
}: NotificationPopoverProps) {
  return (
    <TopBarPopover {...popup} paperSx={{ width: 380, maxWidth: '95vw', maxHeight: 480 }}>
      <Box role="region" aria-label="Notifications" sx={{ p: 2 }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
        >
          <Typography variant="h6" component="h2">
            Notifications
          </Typography>
          {unread > 0 ? (
            <Button size="small" onClick={onMarkAllRead} disabled={marking}>
              Mark all read
            </Button>
          ) : null}
        </Stack>
        <NotificationItems
          notifications={notifications}
          pending={pending}
          onFollow={popup.onClose}
        />
      </Box>
    </TopBarPopover>
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
