import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { GENERAL_MESSAGES } from '@portal/domain';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { logClientError } from '../shared/notifications';
import { isFailedPageLoad, reloadOnceForFailedPageLoad } from './page-load-recovery';

/** A render crash: the spec's words, the crash logged on the server, and the way home. */
export function CrashPage() {
  const error = useRouteError();
  // A page's code that failed to load (a new release replaced it) is fetched again by one reload.
  const reloading = isFailedPageLoad(error) && reloadOnceForFailedPageLoad();
  useEffect(() => {
    if (reloading) return;
    console.error(error);
    logClientError({
      kind: isFailedPageLoad(error) ? 'chunk-load' : 'crash',
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
    });
  }, [error, reloading]);
  if (reloading) return null;
  return <CrashScreen />;
}

export function CrashScreen() {
  return (
    <Box
      component="main"
      sx={{ p: 4, textAlign: 'center', maxWidth: 560, mx: 'auto', mt: { xs: 4, md: 10 } }}
    >
      <Typography variant="h5" component="h1" gutterBottom>
        {GENERAL_MESSAGES.crashTitle}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {GENERAL_MESSAGES.crashReported}
      </Typography>
      <Button href="/" variant="contained" sx={{ mt: 2 }}>
        {GENERAL_MESSAGES.returnToHomePage}
      </Button>
    </Box>
  );
}
