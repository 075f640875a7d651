import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { AccessRequest, AccessRequestStatus } from '@portal/contract';
import { formatIsoDay, parsePermission, parseRole, Permission, ROLES } from '@portal/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../shared/notifications';
import { useCurrentUser } from '../../../shared/session';
import { AdminTabs } from '../../../shared/ui/admin-tabs';
import {
  useAccessRequests,
  useApproveAccessRequest,
  useDenyAccessRequest,
} from '../api/access-requests-api';

const STATUSES: { value: AccessRequestStatus | 'All'; label: string }[] = [
  { value: 'Open', label: 'Open' },
  { value: 'Approved', label: 'Approved' },
  { value: 'Denied', label: 'Denied' },
  { value: 'All', label: 'All' },
];

// What the operator may give people of the companies it serves (the server checks by company kind).
const OPERATOR_GRANTS = [
  Permission.CarrierPortal,
  Permission.DriverPortal,
  Permission.CarrierBillingSettings,
  Permission.FactoringCompanyPortal,
];

/** /admin/access-requests: people asking for portal access, approved or denied here. */
export function AccessRequestsPage() {
  const [params, setParams] = useSearchParams();
  const status = (STATUSES.find((entry) => entry.value === params.get('status'))?.value ??
    'Open') as AccessRequestStatus | 'All';
  const requests = useAccessRequests(status === 'All' ? undefined : status);
  const [approving, setApproving] = useState<AccessRequest | null>(null);
  const deny = useDenyAccessRequest();
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1100, mx: 'auto' }}>
      <AdminTabs />
      <Tabs
        value={status}
        onChange={(_, value: string) => setParams(value === 'Open' ? {} : { status: value })}
        aria-label="Request status"
        sx={{ mb: 2 }}
      >
        {STATUSES.map((entry) => (
          <Tab key={entry.value} value={entry.value} label={entry.label} />
        ))}
      </Tabs>
      {requests.isPending ? <Skeleton variant="rounded" height={160} /> : null}
      {requests.isError ? (
        <Alert severity="error">Access requests could not be loaded.</Alert>
      ) : null}
      {requests.data && requests.data.data.length === 0 ? (
        <Alert severity="info">
          No {status === 'All' ? '' : `${status.toLowerCase()} `}access requests.
        </Alert>
      ) : null}
      <Stack spacing={1.5}>
        {requests.data?.data.map((request) => (
          <Card
            key={request.id}
            variant="outlined"
            component="article"
            aria-label={`${request.firstName} ${request.lastName}`}
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
                    {request.firstName} {request.lastName}
                  </Typography>
                  <Chip
                    size="small"
                    label={request.status}
                    color={
                      request.status === 'Open'
                        ? 'warning'
                        : request.status === 'Approved'
                          ? 'success'
                          : 'default'
                    }
                  />
                </Stack>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {request.email} · {request.companyName}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  Asked {formatIsoDay(request.createdAt)}
                  {request.decidedBy
                    ? ` · ${request.status} by ${request.decidedBy.firstName} ${request.decidedBy.lastName}`
                    : ''}
                </Typography>
                {request.message ? (
                  <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic' }}>
                    “{request.message}”
                  </Typography>
                ) : null}
              </Box>
              {request.status === 'Open' ? (
                <Stack direction="row" spacing={1}>
                  <Button variant="contained" onClick={() => setApproving(request)}>
                    Approve
                  </Button>
                  <Button
                    color="error"
                    disabled={deny.isPending}
                    onClick={() =>
                      deny.mutate(request.id, {
                        onSuccess: () =>
                          toast.success(
                            `Access denied to ${request.firstName} ${request.lastName}`,
                          ),
                      })
                    }
                  >
                    Deny
                  </Button>
                </Stack>
              ) : null}
            </Stack>
          </Card>
        ))}
      </Stack>
      {approving ? <ApproveDialog request={approving} onClose={() => setApproving(null)} /> : null}
    </Box>
  );
}

function ApproveDialog({ request, onClose }: { request: AccessRequest; onClose(): void }) {
  const user = useCurrentUser();
  const approve = useApproveAccessRequest();
  const isOperator = user.companyKind === 'operator';
  // A company's administrator gives no more than they hold; the operator gives by company kind.
  const permissionChoices = isOperator
    ? OPERATOR_GRANTS
    : user.permissions.map(parsePermission).filter((permission) => permission !== undefined);
  const roleChoices = isOperator
    ? ROLES
    : user.roles.map(parseRole).filter((role) => role !== undefined);
  const [permissions, setPermissions] = useState<string[]>([]);
  const [roles, setRoles] = useState<string[]>([]);
  const flip = (list: string[], value: string, on: boolean) =>
    on ? [...list, value] : list.filter((held) => held !== value);
  const name = `${request.firstName} ${request.lastName}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="approve-title">
      <DialogTitle id="approve-title">Approve {name}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {name} gets an activation e-mail at {request.email} to choose a password.
        </Typography>
        <FormLabel component="legend">Permissions</FormLabel>
        <FormGroup row sx={{ mb: 2 }}>
          {permissionChoices.map((permission) => (
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
        <FormLabel component="legend">Roles</FormLabel>
        <FormGroup row>
          {roleChoices.map((role) => (
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={permissions.length === 0 || approve.isPending}
          onClick={() =>
            approve.mutate(
              { id: request.id, body: { permissions, roles } },
              {
                onSuccess: () => {
                  toast.success(`${name} approved; the activation e-mail is on its way`);
                  onClose();
                },
              },
            )
          }
        >
          Approve
        </Button>
      </DialogActions>
    </Dialog>
  );
}
