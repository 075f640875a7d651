import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { CurrentUser } from '@portal/contract';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../shared/session';
import { IntegrationsPanel } from './integrations-panel';
import { NotificationPreferencesPanel } from './notification-preferences-panel';
import { ProfilePicturePanel } from './profile-picture-panel';

const TABS = [
  { value: 'details', label: 'Details' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'integrations', label: 'Integrations' },
] as const;
type ProfileTab = (typeof TABS)[number]['value'];

/** /profile: the signed-in person, with ?tab=integrations opening the integrations tab (spec section 2). */
export function ProfilePage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: ProfileTab = TABS.some((entry) => entry.value === asked)
    ? (asked as ProfileTab)
    : 'details';
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1000, mx: 'auto' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          <ProfilePicturePanel user={user} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h2">
              {user.firstName} {user.lastName}
            </Typography>
            {user.functionTitle ? (
              <Typography color="text.secondary">{user.functionTitle}</Typography>
            ) : null}
            <Typography color="text.secondary">{user.companyName}</Typography>
            <Stack direction="row" spacing={0.5} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
              {user.roles.map((role) => (
                <Chip key={role} label={role} size="small" />
              ))}
            </Stack>
          </Box>
          <Button
            component={RouterLink}
            to="/profile/edit"
            variant="contained"
            startIcon={<EditOutlined />}
          >
            Edit Profile
          </Button>
        </Stack>
      </Paper>
      <Tabs
        value={tab}
        onChange={(_, value: ProfileTab) =>
          setParams(value === 'details' ? {} : { tab: value }, { replace: true })
        }
        aria-label="Profile"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {TABS.map((entry) => (
          <Tab key={entry.value} value={entry.value} label={entry.label} />
        ))}
      </Tabs>
      {tab === 'details' ? <ProfileDetails user={user} /> : null}
      {tab === 'notifications' ? <NotificationPreferencesPanel /> : null}
      {tab === 'integrations' ? <IntegrationsPanel /> : null}
    </Box>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function ProfileDetails({ user }: { user: CurrentUser }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-label="Details">
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 2,
          m: 0,
        }}
      >
        <Detail label="E-mail addresses">
          {user.emailAddresses.length
            ? user.emailAddresses
                .map((email) => `${email.value}${email.isPrimary ? ' (primary)' : ''}`)
                .join(', ')
            : 'None'}
        </Detail>
        <Detail label="Phone numbers">
          {user.phoneNumbers.length
            ? user.phoneNumbers
                .map(
                  (phone) =>
                    `${phone.value}${phone.extension ? ` x${phone.extension}` : ''} (${phone.type})`,
                )
                .join(', ')
            : 'None'}
        </Detail>
        <Detail label="LinkedIn">{user.linkedInProfileUrl ?? 'None'}</Detail>
        <Detail label="Company number">{user.companyNumber}</Detail>
        <Detail label="Permissions">{user.permissions.join(', ') || 'None'}</Detail>
        <Detail label="Locations">
          {user.locations.length
            ? user.locations
                .map((location) => `${location.name} (${location.city}, ${location.state})`)
                .join('; ')
            : 'None'}
        </Detail>
      </Box>
    </Paper>
  );
}
