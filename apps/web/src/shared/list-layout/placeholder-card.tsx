import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** A card-sized placeholder shown while a list's page loads. */
export function PlaceholderCard() {
  return (
    <Card variant="outlined" data-testid="placeholder-card" aria-hidden>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Skeleton variant="circular" width={40} height={40} />
          <Skeleton variant="text" sx={{ flex: 1, fontSize: '1.1rem' }} />
          <Skeleton variant="rounded" width={80} height={24} />
        </Stack>
        <Skeleton variant="text" width="70%" />
        <Skeleton variant="text" width="45%" />
      </CardContent>
    </Card>
  );
}
