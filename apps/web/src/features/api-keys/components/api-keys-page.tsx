import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApiKey, CreatedApiKey } from '@portal/contract';
import { formatIsoDay, parsePermission, parseRole } from '@portal/domain';
import { useState } from 'react';
import { toast } from '../../../shared/notifications';
import { useCurrentUser } from '../../../shared/session';
import { AdminTabs } from '../../../shared/ui/admin-tabs';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys-api';

/** /admin/api-keys: the company's API keys; a new key is shown once, a revoked one stops at once. */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey['data'] | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey();
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1100, mx: 'auto' }}>
      <AdminTabs />
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          Integrations send a key as the api-key header and act with the key&apos;s permissions and
          roles.
        </Typography>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
          Create API Key
        </Button>
      </Stack>
      {keys.isPending ? <Skeleton variant="rounded" height={160} /> : null}
      {keys.isError ? <Alert severity="error">API keys could not be loaded.</Alert> : null}
      {keys.data && keys.data.length === 0 ? <Alert severity="info">No API keys yet.</Alert> : null}
      <Stack spacing={1.5}>
        {keys.data?.map((key) => (
          <Card
            key={key.id}
            variant="outlined"
            component="article"
            aria-label={key.name}
            sx={{ p: 2 }}
          >
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {key.name}
                  </Typography>
                  {key.revokedAt ? (
                    <Chip size="small" label={`Revoked ${formatIsoDay(key.revokedAt)}`} />
                  ) : (
                    <Chip size="small" color="success" label="Active" />
                  )}
                </Stack>
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {key.keyPrefix}…
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {[...key.permissions, ...key.roles].join(', ')} · created{' '}
                  {formatIsoDay(key.createdAt)}
                  {key.createdBy ? ` by ${key.createdBy.firstName} ${key.createdBy.lastName}` : ''}
                  {key.lastUsedAt
                    ? ` · last used ${formatIsoDay(key.lastUsedAt)}`
                    : ' · never used'}
                </Typography>
              </Box>
              {key.revokedAt ? null : (
                <Button color="error" onClick={() => setRevoking(key)}>
                  Revoke
                </Button>
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
      {creating ? (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      ) : null}
      <Dialog
        open={created !== null}
        onClose={() => setCreated(null)}
        aria-labelledby="new-key-title"
      >
        <DialogTitle id="new-key-title">API key {created?.name}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Copy the key now: it is shown only once. Send it as the api-key header.
          </DialogContentText>
          <TextField
            label="API key"
            value={created?.key ?? ''}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
            onFocus={(event) => event.target.select()}
          />
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              if (created) void navigator.clipboard?.writeText(created.key).catch(() => undefined);
              toast.success('API key copied');
            }}
          >
            Copy
          </Button>
          <Button variant="contained" onClick={() => setCreated(null)}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        aria-labelledby="revoke-title"
      >
        <DialogTitle id="revoke-title">Revoke {revoking?.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>Calls made with this key are refused from now on.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRevoking(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={revoke.isPending}
            onClick={() =>
              revoking &&
              revoke.mutate(revoking.id, {
                onSuccess: () => {
                  toast.success(`API key ${revoking.name} revoked`);
                  setRevoking(null);
                },
              })
            }
          >
            Revoke
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function CreateKeyDialog({
  onClose,
  onCreated,
}: {
  onClose(): void;
  onCreated(key: CreatedApiKey['data']): void;
}) {
  const user = useCurrentUser();
  const create = useCreateApiKey();
  // A key carries some of its maker's own permissions and roles, never more.
  const ownPermissions = user.permissions.map(parsePermission).filter((p) => p !== undefined);
  const ownRoles = user.roles.map(parseRole).filter((r) => r !== undefined);
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<string[]>(ownPermissions.slice(0, 1));
  const [roles, setRoles] = useState<string[]>([]);
  const flip = (list: string[], value: string, on: boolean) =>
    on ? [...list, value] : list.filter((held) => held !== value);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="create-key-title">
      <DialogTitle id="create-key-title">Create API Key</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            helperText="What the key is for, such as the TMS integration"
          />
          <Box>
            <FormLabel component="legend">Permissions</FormLabel>
            <FormGroup row>
              {ownPermissions.map((permission) => (
                <FormControlLabel
                  key={permission}
                  label={permission}
                  control={
                    <Checkbox
                      checked={permissions.includes(permission)}
                      onChange={(event) =>
                        setPermissions(flip(permissions, permission, event.target.checked))
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
          <Box>
            <FormLabel component="legend">Roles</FormLabel>
            <FormGroup row>
              {ownRoles.map((role) => (
                <FormControlLabel
                  key={role}
                  label={role}
                  control={
                    <Checkbox
                      checked={roles.includes(role)}
                      onChange={(event) => setRoles(flip(roles, role, event.target.checked))}
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={name.trim() === '' || permissions.length === 0 || create.isPending}
          onClick={() =>
            create.mutate({ name: name.trim(), permissions, roles }, { onSuccess: onCreated })
          }
        >
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
