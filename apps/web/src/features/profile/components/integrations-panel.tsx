import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCESS, formatIsoDay, hasAccess } from '@portal/domain';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { toast } from '../../../shared/notifications';
import { useCurrentUser } from '../../../shared/session';
import { useRenewTrackingIntegration, useTrackingIntegration } from '../api/tracking-integration';

/**
 * The Integrations tab: the tracking integration's token and whether it expired (the invoice
 * detail's expired-token dialog lands here); administrators renew it and manage API keys.
 */
export function IntegrationsPanel() {
  const user = useCurrentUser();
  const isAdmin = hasAccess(user, ACCESS.companyAdmin);
  const integration = useTrackingIntegration();
  const renew = useRenewTrackingIntegration();
  const [token, setToken] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    renew.mutate(token.trim(), {
      onSuccess: () => {
        setToken('');
        toast.success('Tracking integration token saved');
      },
    });
  };

  return (
    <Stack spacing={2} component="section" aria-label="Integrations">
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h6" component="h3" gutterBottom>
          Tracking Integration
        </Typography>
        {integration.isPending ? <Skeleton height={60} /> : null}
        {integration.isError ? (
          <Alert severity="error">The tracking integration could not be loaded.</Alert>
        ) : null}
        {integration.data ? (
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography>{integration.data.provider}</Typography>
              {!integration.data.connected ? (
                <Chip label="Not connected" size="small" />
              ) : integration.data.isExpired ? (
                <Chip label="Token expired" color="error" size="small" />
              ) : (
                <Chip label="Connected" color="success" size="small" />
              )}
            </Stack>
            {integration.data.tokenHint ? (
              <Typography variant="body2" color="text.secondary">
                Token ending in {integration.data.tokenHint}
              </Typography>
            ) : null}
            {integration.data.expiresAt ? (
              <Typography variant="body2" color="text.secondary">
                {integration.data.isExpired ? 'Expired on' : 'Valid until'}{' '}
                {formatIsoDay(integration.data.expiresAt)}
              </Typography>
            ) : null}
            {integration.data.isExpired ? (
              <Alert severity="warning">
                Shipment locations are no longer shared with the tracking provider.{' '}
                {isAdmin ? 'Enter a new API token below.' : 'Ask an administrator to renew it.'}
              </Alert>
            ) : null}
            {isAdmin ? (
              <Stack
                component="form"
                onSubmit={onSubmit}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'flex-start' } }}
              >
                <TextField
                  label="New API token"
                  value={token}
                  onChange={(event) => setToken(event.target.value)}
                  autoComplete="off"
                  size="small"
                  sx={{ flex: 1 }}
                  helperText="At least 20 characters, as the provider issued it"
                />
                <Button
                  type="submit"
                  variant="contained"
                  disabled={token.trim().length < 20 || renew.isPending}
                >
                  Save Token
                </Button>
              </Stack>
            ) : null}
          </Stack>
        ) : null}
      </Paper>
      {isAdmin ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="h6" component="h3" gutterBottom>
            API Keys
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Scripts and integrations call the portal API with a key sent in the api-key header.
          </Typography>
          <Button component={RouterLink} to="/admin/api-keys" variant="outlined">
            Manage API Keys
          </Button>
        </Paper>
      ) : null}
    </Stack>
  );
}
