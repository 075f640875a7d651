import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ShipmentDetail } from '@portal/contract';
import { ShipmentAction, ShipmentStatus } from '@portal/domain';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { problemText, useChangeStatus, useQuickClosure } from '../api/shipment-execution';

type Pending = 'quickClose' | 'confirmDelivery' | null;

const CONFIRMATIONS = {
  quickClose: {
    title: 'Quick close this shipment?',
    text: 'Every stop still open gets its arrival and departure at its scheduled time, and the shipment becomes Delivered.',
    button: 'Quick Close',
  },
  confirmDelivery: {
    title: 'Confirm delivery?',
    text: 'A proof of delivery must be on file for every delivery stop.',
    button: 'Confirm Delivery',
  },
} as const;

/** The status moves the caller may make now, as the server lists them in allowedActions. */
export function StatusActions({ shipment }: { shipment: ShipmentDetail }) {
  const { enqueueSnackbar } = useSnackbar();
  const [pending, setPending] = useState<Pending>(null);
  const quickClosure = useQuickClosure(shipment.shipmentNumber);
  const changeStatus = useChangeStatus(shipment.shipmentNumber);
  const allowed = new Set(shipment.allowedActions.map((allowedAction) => allowedAction.action));
  const offered = (['quickClose', 'confirmDelivery'] as const).filter((action) =>
    allowed.has(ShipmentAction[action === 'quickClose' ? 'QuickClose' : 'ConfirmDelivery']),
  );
  if (offered.length === 0) return null;

  const busy = quickClosure.isPending || changeStatus.isPending;
  const run = async (action: Exclude<Pending, null>) => {
    try {
      if (action === 'quickClose') await quickClosure.mutateAsync();
      else
        await changeStatus.mutateAsync({
          status: ShipmentStatus.DeliveryConfirmed,
          version: shipment.version,
        });
      enqueueSnackbar(action === 'quickClose' ? 'Shipment delivered' : 'Delivery confirmed', {
        variant: 'success',
      });
      setPending(null);
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
            variant={action === 'confirmDelivery' ? 'contained' : 'outlined'}
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
