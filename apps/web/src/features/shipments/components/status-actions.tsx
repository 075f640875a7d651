import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ShipmentDetail, ShipmentStop } from '@portal/contract';
import { ShipmentAction, ShipmentStatus } from '@portal/domain';
import { useSnackbar } from '../../../shared/notifications';
import { useState } from 'react';
import { useShipmentStops } from '../api/shipment-detail';
import {
  problemText,
  useChangeStatus,
  useQuickClosure,
  useRescindBooking,
  useVoidShipment,
} from '../api/shipment-execution';

/** The moves this bar offers, in the order shown. */
const OFFERED = [
  ShipmentAction.ConfirmDelivery,
  ShipmentAction.QuickClose,
  ShipmentAction.RescindBooking,
  ShipmentAction.Void,
] as const;
type OfferedAction = (typeof OFFERED)[number];

const CONFIRMATIONS: Record<
  OfferedAction,
  { title: string; text: string; button: string; done: string; reason?: boolean }
> = {
  quickClose: {
    title: 'Quick close this shipment?',
    text: 'Every stop still open gets its arrival and departure at its scheduled time, and the shipment becomes Delivered.',
    button: 'Quick Close',
    done: 'Shipment delivered',
  },
  confirmDelivery: {
    title: 'Confirm delivery?',
    text: 'A proof of delivery must be on file for every delivery stop.',
    button: 'Confirm Delivery',
    done: 'Delivery confirmed',
  },
  rescindBooking: {
    title: 'Rescind this booking?',
    text: 'The load goes back to Ready to Book without your drivers, equipment or rate.',
    button: 'Rescind Booking',
    done: 'Booking rescinded',
    reason: true,
  },
  void: {
    title: 'Void this shipment?',
    text: 'A voided shipment cannot be reopened.',
    button: 'Void',
    done: 'Shipment voided',
    reason: true,
  },
};

/** When the last stop is due: its appointment, else its window (quick closure waits for it). */
export function lastStopDueAt(stops: readonly ShipmentStop[]): Date | null {
  const last = stops[stops.length - 1];
  const due = last?.appointment ?? last?.early ?? last?.late;
  return due ? new Date(due.at) : null;
}

/** The status moves the caller may make now, as the server lists them in allowedActions. */
export function StatusActions({ shipment }: { shipment: ShipmentDetail }) {
  const { enqueueSnackbar } = useSnackbar();
  const [pending, setPending] = useState<OfferedAction | null>(null);
  const [reason, setReason] = useState('');
  const stops = useShipmentStops(shipment.shipmentNumber);
  const quickClosure = useQuickClosure(shipment.shipmentNumber);
  const changeStatus = useChangeStatus(shipment.shipmentNumber);
  const rescind = useRescindBooking(shipment.shipmentNumber);
  const voidShipment = useVoidShipment(shipment.shipmentNumber);
  const allowed = new Set(shipment.allowedActions.map((allowedAction) => allowedAction.action));
  const lastDue = stops.data ? lastStopDueAt(stops.data.data) : null;
  const offered = OFFERED.filter(
    (action) =>
      allowed.has(action) &&
      // Quick closure is refused before the last stop is due: not offered until then.
      (action !== ShipmentAction.QuickClose || (lastDue !== null && lastDue <= new Date())),
  );
  if (offered.length === 0) return null;

  const busy =
    quickClosure.isPending || changeStatus.isPending || rescind.isPending || voidShipment.isPending;
  const run = async (action: OfferedAction) => {
    try {
      if (action === ShipmentAction.QuickClose) await quickClosure.mutateAsync();
      else if (action === ShipmentAction.ConfirmDelivery)
        await changeStatus.mutateAsync({
          status: ShipmentStatus.DeliveryConfirmed,
          version: shipment.version,
        });
      else if (action === ShipmentAction.RescindBooking) await rescind.mutateAsync(reason.trim());
      else await voidShipment.mutateAsync(reason.trim());
      enqueueSnackbar(CONFIRMATIONS[action].done, { variant: 'success' });
      setPending(null);
      setReason('');
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };

  return (
    <>
      <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
        {offered.map((action) => (
          <Button
            key={action}
            variant={action === ShipmentAction.ConfirmDelivery ? 'contained' : 'outlined'}
            color={
              action === ShipmentAction.Void || action === ShipmentAction.RescindBooking
                ? 'error'
                : 'primary'
            }
            onClick={() => setPending(action)}
          >
            {CONFIRMATIONS[action].button}
          </Button>
        ))}
      </Stack>
      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        aria-labelledby="status-action-title"
      >
        {pending && (
          <>
            <DialogTitle id="status-action-title">{CONFIRMATIONS[pending].title}</DialogTitle>
            <DialogContent>
              <DialogContentText>{CONFIRMATIONS[pending].text}</DialogContentText>
              {CONFIRMATIONS[pending].reason && (
                <TextField
                  label="Reason"
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  fullWidth
                  multiline
                  sx={{ mt: 2 }}
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                />
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setPending(null)}>Cancel</Button>
              <Button variant="contained" disabled={busy} onClick={() => void run(pending)}>
                {CONFIRMATIONS[pending].button}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
