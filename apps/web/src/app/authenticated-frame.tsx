import { LAYOUT } from '@portal/domain';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useClientConfig } from '../shared/config';
import { startMonitoring, startSessionReplay } from '../shared/monitoring';
import { useCurrentUser, useDriverAppMode } from '../shared/session';
import { Drawer } from '../shared/ui/loaded-on-first-open';
import { loadOnWideScreens, useIsMobile } from '../shared/ui/use-is-mobile';
// The top bar's stylesheet (frame.css) draws the page area too (decision 276).
import { TopBar } from './shell/top-bar';

// The MUI toolbar's height on wide screens, where the side navigation sits under the top bar.
const TOP_BAR_HEIGHT = 64;

// The navigation (MUI's lists, their icons and transitions) is its own chunk (decision 277): a phone
// shows it only in the drawer, so its first load does without it; a wide screen asks for it as soon
// as this module runs, with the rest of the frame.
const loadNavigation = () => import('./shell/side-navigation');
const SideNavigation = lazy(async () => ({ default: (await loadNavigation()).SideNavigation }));
const NavigationMenu = lazy(async () => ({ default: (await loadNavigation()).NavigationMenu }));
loadOnWideScreens(loadNavigation);

/**
 * The frame of the signed-in app: the top bar and the side navigation around the page. In driver
 * app mode (opened from a driver link) both are hidden and the page has the screen.
 */
export function AuthenticatedFrame({ children }: { children: ReactNode }) {
  const driverMode = useDriverAppMode();
  useMonitoring();
  if (driverMode) return <main className="frame-main frame-main--alone">{children}</main>;
  return <Shell>{children}</Shell>;
}

function Shell({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  // Wide screens: the navigation is pinned open (240) or collapsed (60). Phones: a drawer.
  const [pinnedOpen, setPinnedOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);
  return (
    <div className="frame">
      <TopBar
        menuOpen={isMobile ? drawerOpen : pinnedOpen}
        onMenuToggle={() =>
          isMobile ? setDrawerOpen((open) => !open) : setPinnedOpen((open) => !open)
        }
      />
      {isMobile ? (
        <Drawer
          open={drawerOpen}
          onClose={closeDrawer}
          slotProps={{ paper: { sx: { width: LAYOUT.navWidthOpen } } }}
        >
          <nav aria-label="Side navigation">
            <Suspense fallback={null}>
              <NavigationMenu expanded onNavigate={closeDrawer} />
            </Suspense>
          </nav>
        </Drawer>
      ) : (
        <Suspense
          fallback={
            <div
              className="frame-navigation-space"
              style={{
                top: TOP_BAR_HEIGHT,
                width: pinnedOpen ? LAYOUT.navWidthOpen : LAYOUT.navWidthCollapsed,
              }}
            />
          }
        >
          <SideNavigation pinnedOpen={pinnedOpen} top={TOP_BAR_HEIGHT} />
        </Suspense>
      )}
      <div className="frame-toolbar-space" />
      <main
        className="frame-main"
        style={{
          marginLeft: isMobile ? 0 : pinnedOpen ? LAYOUT.navWidthOpen : LAYOUT.navWidthCollapsed,
        }}
      >
        {children}
      </main>
    </div>
  );
}

/**
 * Monitoring runs for the signed-in user when a collector is configured (decision 154), and the
 * session is recorded while replay is on (decision 181).
 */
function useMonitoring() {
  const user = useCurrentUser();
  const clientConfig = useClientConfig();
  const collectorUrl = clientConfig?.monitoringCollectorUrl ?? null;
  const sessionReplay = clientConfig?.sessionReplay === true;
  useEffect(() => (sessionReplay ? startSessionReplay() : undefined), [sessionReplay, user.id]);
  const name = `${user.firstName} ${user.lastName}`;
  const roles = user.roles.join(',');
  const permissions = user.permissions.join(',');
  useEffect(
    () =>
      startMonitoring(collectorUrl, {
        id: user.id,
        name,
        roles: roles ? roles.split(',') : [],
        permissions: permissions ? permissions.split(',') : [],
      }),
    [collectorUrl, user.id, name, roles, permissions],
  );
}
