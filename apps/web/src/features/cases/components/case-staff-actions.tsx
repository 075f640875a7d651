import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CaseDetail } from '@portal/contract';
import {
  CASE_ACTION_LABELS,
  CASE_MESSAGES,
  CaseAction,
  type CaseAction as CaseActionValue,
} from '@portal/domain';
import { useState } from 'react';
import { toast } from '../../../shared/notifications';
import { useAssignCase, useCaseAction } from '../api/case-actions';
import { useCaseFilterOptions } from '../api/case-list';

const UNASSIGNED = '';

/** Resolve Paid asks how much is approved (the amount requested unless the staff pay less). */
function ResolvePaidDialog({
  accessorial,
  open,
  onClose,
}: {
  accessorial: CaseDetail;
  open: boolean;
  onClose(): void;
}) {
  const act = useCaseAction(accessorial.caseNumber);
  const [amount, setAmount] = useState(String(accessorial.amountRequested ?? ''));
  const value = Number(amount);
  const valid =
    Number.isFinite(value) && value > 0 && value <= (accessorial.amountRequested ?? Infinity);
  const resolve = async () => {
    await act.mutateAsync({
      action: CaseAction.ResolvePaid,
      version: accessorial.version,
      amountApproved: Math.round(value * 100) / 100,
    });
    toast.success(CASE_MESSAGES.updated);
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="resolve-paid-title">
      <DialogTitle id="resolve-paid-title">Resolve Paid</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The amount approved is added to the carrier&apos;s invoice for shipment{' '}
          {accessorial.shipment?.shipmentNumber}.
        </Typography>
        <TextField
          label="Amount Approved"
          type="number"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={!valid}
          helperText={valid ? ' ' : 'More than $0 and at most the amount requested'}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { min: 0.01, step: 0.01, max: accessorial.amountRequested ?? undefined },
          }}
          fullWidth
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color="success"
          disabled={!valid || act.isPending}
          onClick={() => void resolve()}
        >
          Resolve Paid
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The operator's staff work the case: assign it, start work, put it on hold, resolve it Paid or
 * Declined. Shown while the case is open to someone who may change it.
 */
export function CaseStaffActions({ accessorial }: { accessorial: CaseDetail }) {
  const act = useCaseAction(accessorial.caseNumber);
  const assign = useAssignCase(accessorial.caseNumber);
  const staff = useCaseFilterOptions();
  const [assignee, setAssignee] = useState(accessorial.assignee?.id ?? UNASSIGNED);
  const [payingOut, setPayingOut] = useState(false);
  if (accessorial.actions.length === 0) return null;

  const run = async (action: CaseActionValue) => {
    if (action === CaseAction.ResolvePaid) return setPayingOut(true);
    await act.mutateAsync({ action, version: accessorial.version });
    toast.success(CASE_MESSAGES.updated);
  };
  const saveAssignee = async () => {
    await assign.mutateAsync({
      assigneeUserId: assignee === UNASSIGNED ? null : assignee,
      version: accessorial.version,
    });
    toast.success(CASE_MESSAGES.updated);
  };
  const busy = act.isPending || assign.isPending;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Work this request"
      sx={{ p: { xs: 2, md: 2.5 }, mb: 2 }}
    >
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1.5 }}>
        Work this request
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: { md: 'center' } }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flex: 1 }}>
          <FormControl size="small" sx={{ minWidth: 200, flex: 1 }}>
            <InputLabel id="case-assignee-label">Assignee</InputLabel>
            <Select
              labelId="case-assignee-label"
              id="case-assignee"
              label="Assignee"
              value={assignee}
              onChange={(event) => setAssignee(event.target.value)}
            >
              <MenuItem value={UNASSIGNED}>
                <em>Unassigned</em>
              </MenuItem>
              {(staff.data?.assignees ?? []).map((person) => (
                <MenuItem key={person.id} value={person.id}>
                  {person.firstName} {person.lastName}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button
            variant="outlined"
            disabled={busy || assignee === (accessorial.assignee?.id ?? UNASSIGNED)}
            onClick={() => void saveAssignee()}
          >
            Assign
          </Button>
        </Stack>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {accessorial.actions.map((action) => (
            <Button
              key={action}
              variant={action === CaseAction.ResolvePaid ? 'contained' : 'outlined'}
              color={
                action === CaseAction.ResolvePaid
                  ? 'success'
                  : action === CaseAction.ResolveDeclined
                    ? 'error'
                    : 'primary'
              }
              disabled={busy}
              onClick={() => void run(action as CaseActionValue)}
            >
              {CASE_ACTION_LABELS[action as CaseActionValue] ?? action}
            </Button>
          ))}
        </Stack>
      </Stack>
      {payingOut && (
        <ResolvePaidDialog
          accessorial={accessorial}
          open={payingOut}
          onClose={() => setPayingOut(false)}
        />
      )}
    </Paper>
  );
}
