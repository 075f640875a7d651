import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The frame of every sign-in screen: the portal's name, a heading, the form. Phone first. */
export function AuthCard({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: { xs: 'start stretch', sm: 'center' },
        p: { xs: 0, sm: 3 },
        bgcolor: 'background.default',
      }}
    >
      <Paper
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: { sm: 440 },
          minHeight: { xs: '100dvh', sm: 'auto' },
          p: { xs: 3, sm: 5 },
          borderRadius: { xs: 0, sm: 2 },
          border: { xs: 'none', sm: 1 },
          borderColor: { sm: 'divider' },
        }}
      >
        <Stack spacing={3}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <LocalShippingOutlined color="primary" sx={{ fontSize: 36 }} aria-hidden />
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              Carrier Portal
            </Typography>
          </Stack>
          <Typography variant="h5" component="h1">
            {heading}
          </Typography>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}

/** While the browser is on its way somewhere else. */
export function AuthProgress({ label }: { label: string }) {
  return (
    <AuthCard heading={label}>
      <LinearProgress aria-label={label} />
    </AuthCard>
  );
}
