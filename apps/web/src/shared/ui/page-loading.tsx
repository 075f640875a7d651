import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while a screen's code is still on its way (a hard load of a lazily loaded page). */
export function PageLoading() {
  return (
    <Box
      role="progressbar"
      aria-label="Loading"
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}
    >
      <CircularProgress />
    </Box>
  );
}
