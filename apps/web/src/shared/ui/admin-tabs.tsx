import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { hasAccess, matchPortalRoute } from '@portal/domain';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../session';
import { useIsMobile } from './use-is-mobile';

const PAGES = [
  { path: '/admin/access-requests', label: 'Access Requests' },
  { path: '/admin/api-keys', label: 'API Keys' },
  { path: '/contacts', label: 'Contacts' },
  { path: '/admin/api-documentation', label: 'API Documentation', wideOnly: true },
  { path: '/admin/session-replays', label: 'Session Replays' },
];

/** The administrator's pages, as tabs over each (the user menu's Admin entry opens the first). */
export function AdminTabs() {
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const user = useCurrentUser();
  // Each tab only where its page lets the person in (the route table's own rule).
  const pages = PAGES.filter((page) => {
    const match = matchPortalRoute(page.path);
    return (
      !(page.wideOnly && isMobile) && match !== undefined && hasAccess(user, match.route.access)
    );
  });
  const current = pages.find((page) => pathname.startsWith(page.path))?.path ?? false;
  return (
    <Tabs
      value={current}
      aria-label="Administration"
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
    >
      {pages.map((page) => (
        <Tab key={page.path} value={page.path} label={page.label} component={Link} to={page.path} />
      ))}
    </Tabs>
  );
}
