import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { GENERAL_MESSAGES } from '@portal/domain';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** A render crash: the spec's words, logged, and the way home. */
export function CrashPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Box component="main" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {GENERAL_MESSAGES.crashTitle}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        The problem has been reported to the provider.
      </Typography>
      <Button href="/" variant="contained" sx={{ mt: 2 }}>
        {GENERAL_MESSAGES.returnToHomePage}
      </Button>
    </Box>
  );
}
