import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCESS_TERMS_MESSAGES } from '@portal/domain';
import { ApiError } from '../../../shared/api/client';
import { formatCalendarDate } from '../../../shared/format';
import { useCurrentUser, useLogout } from '../../../shared/session';
import { useAcceptAccessTerms, useAccessTerms } from '../api/access-terms';

/**
 * Shown after sign-in, in place of everything else, until the user accepts the access terms in
 * force (decision 180); a new version brings it back. Accepting opens the page that was asked for.
 */
export function AccessTermsPage() {
  const user = useCurrentUser();
  const terms = useAccessTerms();
  const accept = useAcceptAccessTerms();
  const logout = useLogout();
  const refused =
    accept.error instanceof ApiError
      ? accept.error.message
      : accept.isError
        ? ACCESS_TERMS_MESSAGES.acceptFailed
        : null;
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', bgcolor: 'background.default', p: { xs: 0, sm: 3 } }}
    >
      <Paper
        variant="outlined"
        sx={{
          maxWidth: 760,
          mx: 'auto',
          p: { xs: 2.5, sm: 4 },
          borderRadius: { xs: 0, sm: 2 },
          minHeight: { xs: '100dvh', sm: 'auto' },
        }}
      >
        {terms.isPending ? (
          <Stack spacing={2} aria-label="Loading the access terms">
            <Skeleton variant="text" height={48} />
            <Skeleton variant="rounded" height={320} />
          </Stack>
        ) : terms.isError ? (
          <Alert severity="error">{terms.error.message}</Alert>
        ) : (
          <Stack spacing={2.5}>
            <Box>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
                {terms.data.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Version {terms.data.version} · in force since{' '}
                {formatCalendarDate(terms.data.publishedAt.slice(0, 10))}
              </Typography>
            </Box>
            <Alert severity="info">
              {user.firstName}, {ACCESS_TERMS_MESSAGES.mustAccept.toLowerCase()}.
            </Alert>
            <Box
              component="section"
              aria-label="Terms"
              tabIndex={0}
              sx={{
                maxHeight: { sm: '50vh' },
                overflowY: 'auto',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                p: 2,
              }}
            >
              {terms.data.body.split(/\n\s*\n/).map((paragraph) => (
                <Typography key={paragraph.slice(0, 40)} variant="body2" sx={{ mb: 1.5 }}>
                  {paragraph}
                </Typography>
              ))}
            </Box>
            {refused && (
              <Alert severity="error" role="alert">
                {refused}
              </Alert>
            )}
            <Stack
              direction={{ xs: 'column-reverse', sm: 'row' }}
              spacing={1.5}
              sx={{ justifyContent: 'space-between' }}
            >
              <Button variant="text" onClick={() => logout.mutate()} disabled={logout.isPending}>
                Log Out
              </Button>
              <Button
                variant="contained"
                size="large"
                disabled={accept.isPending}
                onClick={() => accept.mutate({ version: terms.data.version })}
              >
                Accept Access Terms
              </Button>
            </Stack>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
