import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Menu from '@mui/icons-material/Menu';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import { TooltipAfterPaint } from '../../shared/ui/tooltip-after-paint';
import Typography from '@mui/material/Typography';
import {
  defaultLandingPath,
  formatIsoDay,
  matchPortalRoute,
  userMenuEntries,
  type UserMenuEntry,
} from '@portal/domain';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useOpenAccessRequestCount } from '../../features/access-requests/api/open-access-request-count';
import { useApplicationUpdates } from '../../features/application-updates/api/application-updates';
import { NotificationWidget } from '../../features/notifications/components/notification-widget';
import { ShipmentQuickSearch } from '../../features/quick-search/components/shipment-quick-search';
import { showsUatBadge, useClientConfig } from '../../shared/config';
// The avatar alone: the people forms (and their form library) stay out of the shell.
import { PersonAvatar } from '../../shared/people/person-avatar';
import { useCurrentUser, useLogout } from '../../shared/session';
import { Menu as MuiMenu, Popover } from '../../shared/ui/loaded-on-first-open';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { isBuiltPath } from '../built-routes';

/** Where each user-menu entry goes. */
const USER_MENU_PATHS: Record<Exclude<UserMenuEntry, 'Logout'>, string> = {
  'My Profile': '/profile',
  Contacts: '/contacts',
  // Company administrators: access requests, API keys and contacts, as tabs (decision 123).
  Admin: '/admin/access-requests',
  'API Documentation': '/admin/api-documentation',
};

/**
 * The administrator's open access requests: a badge on the Admin page's icon. Its own component, so
 * the count's arrival draws the badge again, not the whole top bar.
 */
function OpenAccessRequests() {
  const openRequests = useOpenAccessRequestCount();
  if (openRequests === undefined || !isBuiltPath(USER_MENU_PATHS.Admin)) return null;
  return (
    <TooltipAfterPaint title="Open access requests">
      <IconButton
        color="inherit"
        component={RouterLink}
        to={USER_MENU_PATHS.Admin}
        aria-label={`${openRequests} open access requests`}
      >
        <Badge badgeContent={openRequests} color="error" showZero={false} max={99}>
          <AdminPanelSettingsOutlined />
        </Badge>
      </IconButton>
    </TooltipAfterPaint>
  );
}

/**
 * The top bar (spec section 2): menu toggle, logo, page title, quick-search, help desk, application
 * updates, the admin's open access requests, the "UAT Data" badge and the user menu.
 */
export function TopBar({ onMenuToggle, menuOpen }: { onMenuToggle(): void; menuOpen: boolean }) {
  const { pathname } = useLocation();
  const config = useClientConfig();
  const isMobile = useIsMobile();
  const user = useCurrentUser();
  const title = matchPortalRoute(pathname)?.route.title;
  return (
    <AppBar position="fixed" elevation={1} component="header">
      <Toolbar sx={{ gap: { xs: 0.5, md: 1.5 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={menuOpen ? 'Collapse navigation' : 'Open navigation'}
          aria-expanded={menuOpen}
          onClick={onMenuToggle}
        >
          <Menu />
        </IconButton>
        <Link
          component={RouterLink}
          to={defaultLandingPath(user)}
          color="inherit"
          underline="none"
          sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
          aria-label="Carrier Portal home"
        >
          <LocalShippingOutlined aria-hidden />
          <Typography
            component="span"
            sx={{ fontWeight: 700, display: { xs: 'none', lg: 'inline' } }}
          >
            Carrier Portal
          </Typography>
        </Link>
        {title ? (
          <Typography
            variant="h6"
            component="h1"
            noWrap
            sx={{ fontSize: { xs: '1rem', md: '1.15rem' }, fontWeight: 500, minWidth: 0 }}
          >
            {title}
          </Typography>
        ) : null}
        {config && showsUatBadge(config.appEnv) ? (
          <Chip
            label="UAT Data"
            size="small"
            sx={{ bgcolor: 'warning.light', color: 'warning.contrastText', fontWeight: 700 }}
          />
        ) : null}
        <Box sx={{ flex: 1, display: 'flex', justifyContent: isMobile ? 'flex-end' : 'center' }}>
          <ShipmentQuickSearch />
        </Box>
        <OpenAccessRequests />
        {config ? (
          <TooltipAfterPaint title="Help desk">
            <IconButton
              color="inherit"
              component="a"
              href={config.helpDeskUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Help desk"
              sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
            >
              <HelpOutlineOutlined />
            </IconButton>
          </TooltipAfterPaint>
        ) : null}
        <NotificationWidget />
        <ApplicationUpdates />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}

function ApplicationUpdates() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const updates = useApplicationUpdates(anchor !== null);
  return (
    <>
      <TooltipAfterPaint title="Changelog">
        <IconButton
          color="inherit"
          aria-label="Changelog"
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          <NewReleasesOutlined />
        </IconButton>
      </TooltipAfterPaint>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: '95vw', p: 2 } } }}
      >
        <Typography variant="h6" component="h2" gutterBottom>
          Application updates
        </Typography>
        {updates.isPending ? <Skeleton height={80} /> : null}
        {updates.isError ? (
          <Typography variant="body2" color="error">
            The application updates could not be loaded.
          </Typography>
        ) : null}
        {updates.data?.map((entry) => (
          <Box key={`${entry.date}-${entry.title}`} sx={{ mb: 1.5 }}>
            <Typography variant="subtitle2">{entry.title}</Typography>
            <Typography variant="caption" color="text.secondary">
              {formatIsoDay(entry.date)}
            </Typography>
            <Typography variant="body2">{entry.details}</Typography>
          </Box>
        ))}
      </Popover>
    </>
  );
}

function UserMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const isMobile = useIsMobile();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = `${user.firstName} ${user.lastName}`;
  // An entry whose page the app does not have yet is not offered.
  const entries = userMenuEntries(user, !isMobile).filter(
    (entry) => entry === 'Logout' || isBuiltPath(USER_MENU_PATHS[entry]),
  );
  const close = () => setAnchor(null);
  const item = (entry: UserMenuEntry): ReactNode => {
    if (entry === 'Logout')
      return (
        <MenuItem key={entry} onClick={() => logout.mutate()} disabled={logout.isPending}>
          Logout
        </MenuItem>
      );
    return (
      <MenuItem
        key={entry}
        onClick={() => {
          close();
          navigate(USER_MENU_PATHS[entry]);
        }}
      >
        {entry}
      </MenuItem>
    );
  };
  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={`User menu for ${name}`}
        sx={{ minWidth: 0, gap: 1, px: { xs: 0.5, md: 1 } }}
      >
        <PersonAvatar
          firstName={user.firstName}
          lastName={user.lastName}
          fileId={user.fileId}
          size={32}
        />
        <Typography
          component="span"
          noWrap
          data-testid="signed-in-user"
          sx={{ maxWidth: 200, display: { xs: 'none', md: 'inline' } }}
        >
          {name}
        </Typography>
      </Button>
      <MuiMenu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem disabled divider>
          <ListItemText primary={name} secondary={user.companyName} />
        </MenuItem>
        {entries.map(item)}
      </MuiMenu>
    </>
  );
}
