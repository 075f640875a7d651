import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Menu from '@mui/icons-material/Menu';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { LabelPill } from '../../shared/ui/label-pill';
import { TooltipAfterPaint } from '../../shared/ui/tooltip-after-paint';
import Typography from '@mui/material/Typography';
import {
  defaultLandingPath,
  matchPortalRoute,
  userMenuEntries,
  type UserMenuEntry,
} from '@portal/domain';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useOpenAccessRequestCount } from '../../features/access-requests/api/open-access-request-count';
import { NotificationWidget } from '../../features/notifications/components/notification-widget';
import { ShipmentQuickSearch } from '../../features/quick-search/components/shipment-quick-search';
import { showsUatBadge, useClientConfig } from '../../shared/config';
// The avatar alone: the people forms (and their form library) stay out of the shell.
import { PersonAvatar } from '../../shared/people/person-avatar';
import { useCurrentUser, useLogout } from '../../shared/session';
import { loadedOnFirstOpen } from '../../shared/ui/loaded-on-first-open';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { isBuiltPath } from '../built-routes';
import { InTurn } from '../../shared/ui/drawn-in-turn';
import type { ApplicationUpdatesPopoverProps } from './application-updates-popover';
import type { UserMenuPopupProps } from './user-menu-popup';

// The popups' contents load the first time they open, with their menu or popover (decision 268).
const ApplicationUpdatesPopover = loadedOnFirstOpen<ApplicationUpdatesPopoverProps>(
  () => import('./application-updates-popover'),
);
const UserMenuPopup = loadedOnFirstOpen<UserMenuPopupProps>(() => import('./user-menu-popup'));

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
          <LabelPill
            label="UAT Data"
            sx={{ bgcolor: 'warning.light', color: 'warning.contrastText', fontWeight: 700 }}
          />
        ) : null}
        {/* Each tool in a task of its own while the app starts (decision 272). */}
        <InTurn>
          <Box sx={{ flex: 1, display: 'flex', justifyContent: isMobile ? 'flex-end' : 'center' }}>
            <ShipmentQuickSearch />
          </Box>
        </InTurn>
        <InTurn>
          <OpenAccessRequests />
        </InTurn>
        {config ? (
          <InTurn>
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
          </InTurn>
        ) : null}
        <InTurn>
          <NotificationWidget />
        </InTurn>
        <InTurn>
          <ApplicationUpdates />
        </InTurn>
        <InTurn>
          <UserMenu />
        </InTurn>
      </Toolbar>
    </AppBar>
  );
}

function ApplicationUpdates() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
      <ApplicationUpdatesPopover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
      />
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
  const items = entries.map((entry) =>
    entry === 'Logout'
      ? { label: entry, onClick: () => logout.mutate(), disabled: logout.isPending }
      : {
          label: entry,
          onClick: () => {
            close();
            navigate(USER_MENU_PATHS[entry]);
          },
        },
  );
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
      <UserMenuPopup
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        name={name}
        companyName={user.companyName}
        entries={items}
      />
    </>
  );
}
