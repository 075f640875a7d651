import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { NotificationPreference } from '@portal/contract';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from '@portal/domain';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/profile-api';

/** How the person hears of each kind of event: in the portal and by e-mail; saved as switched. */
export function NotificationPreferencesPanel() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  if (preferences.isPending) return <Skeleton variant="rounded" height={320} />;
  if (preferences.isError)
    return <Alert severity="error">Notification preferences could not be loaded.</Alert>;
  const byKind = new Map(preferences.data.map((row) => [row.notificationKind, row]));
  const current = (kind: string): NotificationPreference =>
    byKind.get(kind) ?? { notificationKind: kind, byEmail: true, inApp: true };
  const toggle = (kind: string, channel: 'inApp' | 'byEmail', on: boolean) =>
    save.mutate([{ ...current(kind), [channel]: on }]);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Notifications"
      sx={{ overflowX: 'auto' }}
    >
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Tell me when</TableCell>
            <TableCell align="center">In the portal</TableCell>
            <TableCell align="center">By e-mail</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {NOTIFICATION_KINDS.map((kind) => {
            const row = current(kind);
            const label = NOTIFICATION_KIND_LABELS[kind];
            return (
              <TableRow key={kind}>
                <TableCell>{label}</TableCell>
                <TableCell align="center">
                  <Switch
                    checked={row.inApp}
                    disabled={save.isPending}
                    onChange={(event) => toggle(kind, 'inApp', event.target.checked)}
                    slotProps={{ input: { 'aria-label': `${label}: in the portal` } }}
                  />
                </TableCell>
                <TableCell align="center">
                  <Switch
                    checked={row.byEmail}
                    disabled={save.isPending}
                    onChange={(event) => toggle(kind, 'byEmail', event.target.checked)}
                    slotProps={{ input: { 'aria-label': `${label}: by e-mail` } }}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}
