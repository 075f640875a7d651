import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIST_MESSAGES, LIST_PLACEHOLDER_CARDS } from '@portal/domain';
import { Link } from 'react-router';
import { useTopPicks } from '../api/load-board';
import { LoadCard } from './load-card';
import { problemText } from './problem-text';

/** /available-freight (Top Picks): Ready to Book loads ranked for this carrier, 50 a page. */
export function TopPicksPage() {
  const picks = useTopPicks();
  const items = picks.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack sx={{ gap: 2, maxWidth: 1100, mx: 'auto', width: '100%' }}>
      <Stack>
        <Typography variant="h5" component="h2">
          Top Picks
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Loads ready to book, ranked for you from the lanes you haul, your saved lanes, the trucks
          you posted and where your trucks will be empty.
        </Typography>
      </Stack>
      {picks.isError && <Alert severity="error">{problemText(picks.error)}</Alert>}
      {picks.isPending &&
        Array.from({ length: LIST_PLACEHOLDER_CARDS }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={150} aria-hidden />
        ))}
      {picks.isSuccess && items.length === 0 && (
        <Alert severity="info">
          No top picks yet. <Link to="/saved-lanes">Save a lane</Link> or{' '}
          <Link to="/live-equipment">post a truck</Link> and matching loads show here.
        </Alert>
      )}
      {items.map((pick) => (
        <LoadCard
          key={pick.id}
          load={pick}
          extra={
            <Stack direction="row" sx={{ gap: 0.5, mt: 1, flexWrap: 'wrap' }}>
              {pick.reasons.map((reason) => (
                <Chip
                  key={reason.kind}
                  size="small"
                  color="success"
                  variant="outlined"
                  label={reason.label}
                />
              ))}
            </Stack>
          }
        />
      ))}
      {picks.hasNextPage && (
        <Button
          onClick={() => void picks.fetchNextPage()}
          disabled={picks.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          Show More
        </Button>
      )}
      {picks.isSuccess && items.length > 0 && !picks.hasNextPage && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {LIST_MESSAGES.endOfList}
        </Typography>
      )}
    </Stack>
  );
}
