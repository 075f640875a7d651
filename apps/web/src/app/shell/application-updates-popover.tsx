import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatIsoDay } from '@portal/domain';
import { useApplicationUpdates } from '../../features/application-updates/api/application-updates';
import { TopBarPopover, type TopBarPopupProps } from '../../shared/ui/top-bar-popover';

export type ApplicationUpdatesPopoverProps = TopBarPopupProps;

/**
 * The top bar's changelog: what changed in the portal. Its own chunk, loaded the first time it opens
 * (decision 268), with the query that reads the updates.
 */
export default function ApplicationUpdatesPopover(popup: ApplicationUpdatesPopoverProps) {
  const updates = useApplicationUpdates(popup.open);
  return (
    <TopBarPopover {...popup} paperSx={{ width: 360, maxWidth: '95vw', p: 2 }}>
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
    </TopBarPopover>
  );
}
