import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Logout from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { matchPortalRoute } from '@portal/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCurrentUser, useDriverAppMode, useLogout } from '../shared/session';

/**
 * The frame of the signed-in app: a top bar with the page title, the user's name and Logout. In
 * driver app mode (opened from a driver link) the top bar is hidden and the page has the screen.
 */
export function AuthenticatedFrame({ children }: { children: ReactNode }) {
  const driverMode = useDriverAppMode();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      {driverMode ? null : <TopBar />}
      <Box component="main" sx={{ flex: 1, p: { xs: 1.5, md: 3 } }}>
        {children}
      </Box>
    </Box>
  );
}

function TopBar() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const logout = useLogout();
  const title = matchPortalRoute(pathname)?.route.title;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <AppBar position="sticky" elevation={1} component="header">
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        <Link
          component={RouterLink}
          to="/dashboard"
          color="inherit"
          underline="none"
          sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
          aria-label="Carrier Portal home"
        >
          <LocalShippingOutlined aria-hidden />
          <Typography
            component="span"
            sx={{ fontWeight: 700, display: { xs: 'none', sm: 'inline' } }}
          >
            Carrier Portal
          </Typography>
        </Link>
        {title ? (
          <Typography
            variant="h6"
            component="h1"
            noWrap
            sx={{ fontSize: { xs: '1rem', sm: '1.15rem' }, fontWeight: 500, minWidth: 0 }}
          >
            {title}
          </Typography>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <Typography
          component="span"
          noWrap
          data-testid="signed-in-user"
          sx={{ maxWidth: { xs: 120, sm: 280 }, fontSize: { xs: '0.875rem', sm: '1rem' } }}
        >
          {name}
        </Typography>
        <Tooltip title="Logout">
          <Box component="span" sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
            <IconButton
              color="inherit"
              aria-label="Logout"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
            >
              <Logout />
            </IconButton>
          </Box>
        </Tooltip>
        <Button
          color="inherit"
          startIcon={<Logout />}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          Logout
        </Button>
      </Toolbar>
    </AppBar>
  );
}
