import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type {
  BookingAnswer,
  BookingRateKind,
  BookingRefusal,
  LoadBoardItem,
} from '@portal/contract';
import { DO_NOT_USE_NOTIFICATION_DURATION_MS, type RateTypeRoute } from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { toast } from '../../../shared/notifications';
import { useReloads } from '../api/load-board';
import { useBookLoad, useCreateQuote, useShipmentRates } from '../api/rates';
import { miles, placeName } from './format';
import { problemText } from './problem-text';
import { formatMoney } from '../../../shared/format/money';

const LOAD_GONE = 'Sorry, this load is no longer available.';

/** Each message of a refused booking (bookingSucceeded false), or the one problem of another failure. */
function refusalMessages(error: unknown): { messages: string[]; doNotUse: boolean } {
  if (error instanceof ApiError) {
    // A load booked by someone else before this request began is simply not on the board any more.
    if (error.status === 404) return { messages: [LOAD_GONE], doNotUse: false };
    const refusals = (error.problem as { refusals?: BookingRefusal[] } | undefined)?.refusals;
    if (refusals?.length) {
      return {
        messages: refusals.map((refusal) => refusal.message),
        doNotUse: refusals.some((refusal) => refusal.code === 'carrierDoNotUse'),
      };
    }
  }
  return { messages: [problemText(error)], doNotUse: false };
}

function Reloads({ shipmentNumber }: { shipmentNumber: string }) {
  const reloads = useReloads(shipmentNumber, true);
  const items = reloads.data?.data ?? [];
  return (
    <Stack sx={{ gap: 1 }}>
      <Typography variant="subtitle1" component="h3">
        Reloads near the delivery
      </Typography>
      {reloads.isPending && <Typography variant="body2">Finding reloads…</Typography>}
      {reloads.isSuccess && items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No loads pick up near this delivery right now.
        </Typography>
      )}
      <List dense aria-label="Reloads">
        {items.map((reload) => (
          <ListItemButton
            key={reload.id}
            component={Link}
            to={`/available-freight/${reload.shipmentNumber}`}
          >
            <ListItemText
              primary={`${reload.shipmentNumber}: ${placeName(reload.origin)} → ${placeName(reload.destination)}`}
              secondary={`Deadhead ${miles(reload.deadheadMiles)} · ${reload.equipmentTypes.join(', ')}`}
            />
          </ListItemButton>
        ))}
      </List>
    </Stack>
  );
}

/**
 * The rates a carrier can book a load at (contract TL, LTL, its spot quotes) with Book on each, and
 * Book It Now at the posted price (a spot quote made and booked in one step). A booking shows its
 * confirmation with the reloads from the delivery; a refusal shows each of its errors. With a rate
 * type, only the rates of that type (Book It Now makes a spot quote, so it goes with spot quotes).
 */
export function RatesPanel({
  load,
  bookable,
  rateType,
}: {
  load: LoadBoardItem;
  bookable: boolean;
  rateType?: RateTypeRoute | undefined;
}) {
  const rates = useShipmentRates(load.shipmentNumber, rateType?.rateKind);
  const offersSpotQuote = rateType === undefined || rateType.rateKind === 'SpotQuote';
  const book = useBookLoad(load.shipmentNumber);
  const quote = useCreateQuote(load.shipmentNumber);
  const [errors, setErrors] = useState<string[]>([]);
  const [booked, setBooked] = useState<BookingAnswer['data'] | null>(null);
  const busy = book.isPending || quote.isPending;

  const bookAt = async (rateKind: BookingRateKind, rateId: string) => {
    setErrors([]);
    try {
      const answer = await book.mutateAsync({
        rateKind,
        rateId,
        idempotencyKey: crypto.randomUUID(),
      });
      setBooked(answer.data);
      toast.success(
        `Load ${answer.data.shipmentNumber} booked at ${formatMoney(answer.data.carrierRate)}`,
      );
    } catch (error) {
      const refusal = refusalMessages(error);
      setErrors(refusal.messages);
      for (const message of refusal.messages) {
        toast.error(
          message,
          refusal.doNotUse ? { autoHideDuration: DO_NOT_USE_NOTIFICATION_DURATION_MS } : {},
        );
      }
    }
  };

  const bookItNow = async () => {
    setErrors([]);
    try {
      const made = await quote.mutateAsync({
        shippingMode: 0,
        equipmentMode: load.equipmentMode,
        effectiveDate: new Date().toISOString().slice(0, 10),
        quoteStops: [
          { stopType: 'Pickup', postalCode: load.origin.postalCode },
          { stopType: 'Delivery', postalCode: load.destination.postalCode },
        ],
        isHazmatRequired: false,
        isTeamRequired: false,
        shipmentId: load.shipmentNumber,
      });
      await bookAt('SpotQuote', made.data.id);
    } catch (error) {
      setErrors(refusalMessages(error).messages);
    }
  };

  const rows = rates.data?.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Rates">
      <Stack sx={{ gap: 1.5 }}>
        <Typography variant="h6" component="h2">
          {rateType?.label ?? 'Rates'}
        </Typography>
        {rates.isError && <Alert severity="error">{problemText(rates.error)}</Alert>}
        {errors.length > 0 && (
          <Alert severity="error" role="alert">
            {errors.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}
        {rates.isSuccess && rows.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {rateType
              ? `You have no ${rateType.label} for this load.`
              : 'You have no contract rate or spot quote on this lane.'}
          </Typography>
        )}
        {rows.length > 0 && (
          // On a phone the table scrolls sideways rather than pushing Book off the card.
          <TableContainer>
            <Table size="small" aria-label="Rates for this load">
              <TableHead>
                <TableRow>
                  <TableCell>Rate</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Lane</TableCell>
                  <TableCell align="right">Pays</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((rate) => (
                  <TableRow key={rate.id}>
                    <TableCell>
                      {rate.rateKind === 'SpotQuote'
                        ? `Spot quote ${rate.quoteNumber}`
                        : rate.rateKind === 'LTL'
                          ? 'LTL rate'
                          : 'Contract TL rate'}
                    </TableCell>
                    <TableCell>
                      {rate.rateType === 'PerMile'
                        ? `${formatMoney(rate.contractRate)}/mi`
                        : rate.rateType}
                    </TableCell>
                    <TableCell>{rate.lane}</TableCell>
                    <TableCell align="right">{formatMoney(rate.rate)}</TableCell>
                    <TableCell align="right">
                      {bookable && (
                        <Button
                          size="small"
                          variant="contained"
                          disabled={busy}
                          onClick={() => void bookAt(rate.rateKind, rate.id)}
                          aria-label={`Book at ${formatMoney(rate.rate)}`}
                        >
                          Book
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {bookable && offersSpotQuote && load.price !== null && (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" disabled={busy} onClick={() => void bookItNow()}>
              Book It Now at {formatMoney(load.price)}
            </Button>
            <Typography variant="caption" color="text.secondary">
              A spot quote at the posted price, booked at once.
            </Typography>
          </Stack>
        )}
      </Stack>
      <Dialog open={booked !== null} onClose={() => setBooked(null)} fullWidth maxWidth="sm">
        {booked && (
          <>
            <DialogTitle>Load {booked.shipmentNumber} booked</DialogTitle>
            <DialogContent>
              <Stack sx={{ gap: 2 }}>
                <Typography>
                  {booked.status.displayName} at {formatMoney(booked.carrierRate)} (
                  {booked.originationType === 'TmsSpot' ? 'spot' : 'contract'}).
                </Typography>
                <Reloads shipmentNumber={booked.shipmentNumber} />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button
                component={Link}
                to={`/all-shipments/${booked.shipmentNumber}/preview/details`}
              >
                Open Shipment
              </Button>
              <Button component={Link} to="/all-shipments" variant="contained">
                Booking List
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Paper>
  );
}
