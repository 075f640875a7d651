import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { SESSION_REPLAY } from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatInstant } from '../../../shared/format';
import { toast } from '../../../shared/notifications';
import { AdminTabs } from '../../../shared/ui/admin-tabs';
import {
  useChangeReplaySetting,
  useReplaySetting,
  useSessionReplays,
} from '../api/session-replays';

const kilobytes = (bytes: number) =>
  `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-US')} KB`;

/** /admin/session-replays: whether sessions are recorded, and the recordings, newest first. */
export function SessionReplaysPage() {
  const [page, setPage] = useState(1);
  const replays = useSessionReplays(page);
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1100, mx: 'auto' }}>
      <AdminTabs />
      <RecordingSwitch />
      {replays.isPending ? (
        <Stack spacing={1.5}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={88} />
          ))}
        </Stack>
      ) : replays.isError ? (
        <Alert severity="error">{replays.error.message}</Alert>
      ) : replays.data.data.length === 0 ? (
        <Alert severity="info">No sessions recorded yet.</Alert>
      ) : (
        <Stack spacing={1.5}>
          {replays.data.data.map((replay) => (
            <Card
              key={replay.id}
              variant="outlined"
              component="article"
              aria-label={`Session of ${replay.user.name}`}
              sx={{ p: 2 }}
            >
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {replay.user.name} · {replay.user.companyName}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatInstant(replay.startedAt)} to {formatInstant(replay.lastEventAt)} · from{' '}
                    {replay.firstPath} · {replay.eventCount.toLocaleString('en-US')} events ·{' '}
                    {kilobytes(replay.sizeBytes)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {[...replay.user.roles, ...replay.user.permissions].join(', ')}
                  </Typography>
                </Box>
                <Button
                  component={Link}
                  to={`/admin/session-replays/${replay.id}`}
                  variant="outlined"
                  startIcon={<PlayCircleOutlined />}
                >
                  Play
                </Button>
              </Stack>
            </Card>
          ))}
          {replays.data.totalCount > replays.data.pageSize && (
            <Pagination
              page={page}
              count={Math.ceil(replays.data.totalCount / replays.data.pageSize)}
              onChange={(_event, next) => setPage(next)}
              sx={{ alignSelf: 'center' }}
            />
          )}
        </Stack>
      )}
    </Box>
  );
}

function RecordingSwitch() {
  const setting = useReplaySetting();
  const change = useChangeReplaySetting();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' }, mb: 2 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        Every session is recorded while this is on, with the user&apos;s name, roles and
        permissions. What people type, note bodies and documents are masked. A recording is deleted
        {` ${SESSION_REPLAY.retentionDays} `}days after its last event.
      </Typography>
      <FormControlLabel
        label="Record sessions"
        control={
          <Switch
            checked={setting.data?.enabled ?? false}
            disabled={!setting.isSuccess || change.isPending}
            onChange={(event) =>
              change.mutate(
                { enabled: event.target.checked },
                {
                  onSuccess: ({ data }) =>
                    toast.success(data.enabled ? 'Sessions are recorded' : 'Recording is off'),
                },
              )
            }
          />
        }
      />
    </Stack>
  );
}
