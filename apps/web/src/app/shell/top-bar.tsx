import './frame.css';
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
import { personInitials, personPictureUrl } from '../../shared/people/person-picture';
import { useCurrentUser, useLogout } from '../../shared/session';
import { loadedOnFirstOpen } from '../../shared/ui/loaded-on-first-open';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { isBuiltPath } from '../built-routes';
import { InTurn } from '../../shared/ui/drawn-in-turn';
import {
  ADMIN_PANEL_SETTINGS_OUTLINED,
  HELP_OUTLINE_OUTLINED,
  LOCAL_SHIPPING_OUTLINED,
  MENU,
  NEW_RELEASES_OUTLINED,
} from '../../shared/ui/plain/icon-paths';
import { PlainBadge, PlainIcon, PlainIconButton } from '../../shared/ui/plain/plain';
import { TooltipAfterPaint } from '../../shared/ui/tooltip-after-paint';
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
      <PlainIconButton
        to={USER_MENU_PATHS.Admin}
        aria-label={`${openRequests} open access requests`}
      >
        <PlainBadge count={openRequests}>
          <PlainIcon path={ADMIN_PANEL_SETTINGS_OUTLINED} />
        </PlainBadge>
      </PlainIconButton>
    </TooltipAfterPaint>
  );
}

/**
 * The top bar (spec section 2): menu toggle, logo, page title, quick-search, help desk, application
 * updates, the admin's open access requests, the "UAT Data" badge and the user menu. Drawn by
 * frame.css (decision 276); the popups it opens are MUI's.
 */
export function TopBar({ onMenuToggle, menuOpen }: { onMenuToggle(): void; menuOpen: boolean }) {
  const { pathname } = useLocation();
  const config = useClientConfig();
  const isMobile = useIsMobile();
  const user = useCurrentUser();
  const title = matchPortalRoute(pathname)?.route.title;
  return (
    <header className="frame-top-bar">
      <div className="frame-toolbar">
        <PlainIconButton
          edge="start"
          aria-label={menuOpen ? 'Collapse navigation' : 'Open navigation'}
          aria-expanded={menuOpen}
          onClick={onMenuToggle}
        >
          <PlainIcon path={MENU} />
        </PlainIconButton>
        <RouterLink
          to={defaultLandingPath(user)}
          className="frame-home"
          aria-label="Carrier Portal home"
        >
          <PlainIcon path={LOCAL_SHIPPING_OUTLINED} />
          <span className="frame-home-name">Carrier Portal</span>
        </RouterLink>
        {title ? <h1 className="frame-title">{title}</h1> : null}
        {config && showsUatBadge(config.appEnv) ? (
          <span className="frame-uat">UAT Data</span>
        ) : null}
        {/* Each tool in a task of its own while the app starts (decision 272). */}
        <InTurn>
          <div className={isMobile ? 'frame-search frame-search--end' : 'frame-search'}>
            <ShipmentQuickSearch />
          </div>
        </InTurn>
        <InTurn>
          <OpenAccessRequests />
        </InTurn>
        {config ? (
          <InTurn>
            <TooltipAfterPaint title="Help desk">
              <PlainIconButton
                href={config.helpDeskUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Help desk"
                className="frame-wide-only"
              >
                <PlainIcon path={HELP_OUTLINE_OUTLINED} />
              </PlainIconButton>
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
      </div>
    </header>
  );
}

function ApplicationUpdates() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <TooltipAfterPaint title="Changelog">
        <PlainIconButton
          aria-label="Changelog"
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
          className="frame-wide-only"
        >
          <PlainIcon path={NEW_RELEASES_OUTLINED} />
        </PlainIconButton>
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
      <button
        type="button"
        className="frame-user"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={`User menu for ${name}`}
      >
        <Avatar firstName={user.firstName} lastName={user.lastName} fileId={user.fileId} />
        <span className="frame-user-name" data-testid="signed-in-user">
          {name}
        </span>
      </button>
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

/**
 * The signed-in person's picture (a document the portal serves), or their initials when they have
 * none or it does not load, as PersonAvatar draws them at 32 px.
 */
function Avatar({
  firstName,
  lastName,
  fileId,
}: {
  firstName: string;
  lastName: string;
  fileId: string | null;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span className="frame-avatar">
      {fileId && failed !== fileId ? (
        <img
          src={personPictureUrl(fileId)}
          alt={`${firstName} ${lastName}`}
          onError={() => setFailed(fileId)}
        />
      ) : (
        personInitials(firstName, lastName)
      )}
    </span>
  );
}
