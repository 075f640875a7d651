import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ShipmentDetail, ShipmentPaperworkDocument } from '@portal/contract';
import { ShipmentStatus, ShipmentTask } from '@portal/domain';
import { useSnackbar } from '../../../shared/notifications';
import { useState } from 'react';
import { DocumentViewer } from '../../../shared/documents';
import { useCurrentUser } from '../../../shared/session';
import { useShipmentStops } from '../api/shipment-detail';
import { problemText } from '../api/shipment-execution';
import {
  useCreateBillOfLading,
  useGenerateRateConfirmation,
  useRateConfirmation,
  useSignRateConfirmation,
} from '../api/shipment-paperwork';
import { mayDo } from './shipment-actor';
import { dateTime } from '../../../shared/shipments/shipment-format';

const isBooked = (shipment: ShipmentDetail) => shipment.status.value >= ShipmentStatus.Booked;

/** The rate confirmation: generate, view, sign; and the signed copy once signed. */
export function RateConfirmationSection({ shipment }: { shipment: ShipmentDetail }) {
  const { enqueueSnackbar } = useSnackbar();
  const state = useRateConfirmation(shipment.shipmentNumber);
  const generate = useGenerateRateConfirmation(shipment.shipmentNumber);
  const [viewing, setViewing] = useState<ShipmentPaperworkDocument | null>(null);
  const [signing, setSigning] = useState(false);
  const canGenerate = mayDo(shipment, ShipmentTask.GenerateRateConfirmation) && isBooked(shipment);
  const canSign = mayDo(shipment, ShipmentTask.SignRateConfirmation);

  const onGenerate = async () => {
    try {
      await generate.mutateAsync();
      enqueueSnackbar('Rate confirmation generated', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };

  if (state.isPending) return <Skeleton variant="rounded" height={96} />;
  if (state.isError) return <Alert severity="error">{state.error.message}</Alert>;
  const { confirmation, signed, isSigned, signedBy, signedAt } = state.data.data;

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 2.5 } }}
      component="section"
      aria-label="Rate confirmation"
    >
      <Typography variant="h6" component="h3">
        Rate Confirmation
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {isSigned
          ? `Signed by ${signedBy ?? 'the carrier'} on ${dateTime(signedAt)}`
          : confirmation
            ? 'Waiting for the carrier’s signature'
            : 'No rate confirmation yet'}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {confirmation && (
          <Button variant="outlined" onClick={() => setViewing(confirmation)}>
            View Rate Confirmation
          </Button>
        )}
        {signed && (
          <Button variant="outlined" onClick={() => setViewing(signed)}>
            View Signed Rate Confirmation
          </Button>
        )}
        {confirmation && !isSigned && canSign && (
          <Button variant="contained" onClick={() => setSigning(true)}>
            Sign Rate Confirmation
          </Button>
        )}
        {canGenerate && (
          <Button onClick={() => void onGenerate()} disabled={generate.isPending}>
            {confirmation ? 'Generate Again' : 'Generate Rate Confirmation'}
          </Button>
        )}
      </Stack>
      <DocumentViewer document={viewing} onClose={() => setViewing(null)} />
      {signing && confirmation && (
        <SignDialog
          shipment={shipment}
          documentId={confirmation.id}
          onClose={() => setSigning(false)}
        />
      )}
    </Paper>
  );
}

function SignDialog({
  shipment,
  documentId,
  onClose,
}: {
  shipment: ShipmentDetail;
  documentId: string;
  onClose: () => void;
}) {
  const user = useCurrentUser();
  const { enqueueSnackbar } = useSnackbar();
  const sign = useSignRateConfirmation(shipment.shipmentNumber);
  const [signerName, setSignerName] = useState(`${user.firstName} ${user.lastName}`);
  const [signerTitle, setSignerTitle] = useState('');
  const onSign = async () => {
    try {
      await sign.mutateAsync({
        documentId,
        signerName: signerName.trim(),
        ...(signerTitle.trim() ? { signerTitle: signerTitle.trim() } : {}),
      });
      enqueueSnackbar('Rate confirmation signed', { variant: 'success' });
      onClose();
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="sign-title" fullWidth maxWidth="xs">
      <DialogTitle id="sign-title">Sign Rate Confirmation</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Typing your name signs the rate confirmation for{' '}
          {shipment.carrier?.name ?? 'your company'}. The name and the time are stamped into the
          document.
        </Typography>
        <Stack sx={{ gap: 2 }}>
          <TextField
            label="Your name"
            value={signerName}
            onChange={(event) => setSignerName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 80 } }}
            required
          />
          <TextField
            label="Title"
            value={signerTitle}
            onChange={(event) => setSignerTitle(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => void onSign()}
          disabled={sign.isPending || signerName.trim().length < 2}
        >
          Sign
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Create BOL: the freight from one pickup to one delivery of the shipment's order. */
export function BillOfLadingSection({ shipment }: { shipment: ShipmentDetail }) {
  const { enqueueSnackbar } = useSnackbar();
  const stops = useShipmentStops(shipment.shipmentNumber);
  const create = useCreateBillOfLading(shipment.shipmentNumber);
  const orderStops = (stops.data?.data ?? []).filter((stop) => stop.orderStopId !== null);
  const pickups = orderStops.filter((stop) => stop.stopType === 'Pickup');
  const deliveries = orderStops.filter((stop) => stop.stopType === 'Delivery');
  const [pickupId, setPickupId] = useState('');
  const [deliveryId, setDeliveryId] = useState('');
  const pickupOrderStopId = pickupId || pickups[0]?.orderStopId || '';
  const deliveryOrderStopId = deliveryId || deliveries[0]?.orderStopId || '';
  if (!mayDo(shipment, ShipmentTask.CreateBillOfLading) || !isBooked(shipment) || !shipment.orderId)
    return null;

  const onCreate = async () => {
    if (!shipment.orderId) return;
    try {
      await create.mutateAsync({
        pickupOrderStopId,
        deliveryOrderStopId,
        orderId: shipment.orderId,
        shipmentId: shipment.id,
      });
      enqueueSnackbar('Bill of lading created', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };
  const label = (stop: (typeof orderStops)[number]) =>
    `Stop ${stop.stopNumber} - ${stop.locationAddress.city}, ${stop.locationAddress.state}`;

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 2.5 } }}
      component="section"
      aria-label="Bill of lading"
    >
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        Bill of Lading
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5 }}>
        <TextField
          select
          size="small"
          label="Pickup"
          value={pickupOrderStopId}
          onChange={(event) => setPickupId(event.target.value)}
          sx={{ minWidth: 220 }}
        >
          {pickups.map((stop) => (
            <MenuItem key={stop.shipmentStopId} value={stop.orderStopId ?? ''}>
              {label(stop)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Delivery"
          value={deliveryOrderStopId}
          onChange={(event) => setDeliveryId(event.target.value)}
          sx={{ minWidth: 220 }}
        >
          {deliveries.map((stop) => (
            <MenuItem key={stop.shipmentStopId} value={stop.orderStopId ?? ''}>
              {label(stop)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          onClick={() => void onCreate()}
          disabled={create.isPending || !pickupOrderStopId || !deliveryOrderStopId}
        >
          Create BOL
        </Button>
      </Stack>
    </Paper>
  );
}
