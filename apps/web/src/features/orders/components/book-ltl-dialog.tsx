import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { BookLtlOrderAnswer, OrderDetail, UnifiedRate } from '@portal/contract';
import { LoadType } from '@portal/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { formatMoney, formatPlace } from '../../../shared/format';
import { toast } from '../../../shared/notifications';
import { useBookLtlOrder, useOrderRates } from '../api/book-ltl';

/** LTL rates apply to LTL and volume LTL orders (decision 130). */
export const isLtlOrder = (order: Pick<OrderDetail, 'shippingMode'>) =>
  order.shippingMode.value === LoadType.LTL || order.shippingMode.value === LoadType.VLTL;

function refusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'The order could not be booked. Please try again.';
  const fieldMessages = Object.values(error.problem?.errors ?? {}).flat();
  const main = error.problem?.detail ?? error.message;
  return [main, ...fieldMessages.filter((message) => message !== main)].join(' ');
}

function rateLine(rate: UnifiedRate): string {
  const basis =
    rate.rateType === 'PerMile' && rate.contractRate !== null
      ? ` (${formatMoney(rate.contractRate)} a mile)`
      : '';
  const days = rate.serviceDays ? ` · ${rate.serviceDays} service days` : '';
  const guaranteed = rate.isGuaranteedRate ? ' · Guaranteed' : '';
  return `${rate.lane}${basis}${days}${guaranteed}`;
}

/**
 * Book LTL (decision 210): the LTL rates carriers hold for the broker on the order's lane, cheapest
 * first; booking one makes the order its own shipment, booked to that carrier at that rate.
 */
export function BookLtlDialog({ order, onClose }: { order: OrderDetail; onClose(): void }) {
  const fullScreen = useMediaQuery('(max-width:600px)');
  const rates = useOrderRates(order.id, true);
  const book = useBookLtlOrder(order.orderNumber);
  const [chosen, setChosen] = useState<string | null>(null);
  const [booked, setBooked] = useState<BookLtlOrderAnswer['data'] | null>(null);
  const ltlRates = (rates.data?.data ?? []).filter((rate) => rate.rateKind === 'LTL');

  const submit = () => {
    if (!chosen) return;
    void book.mutateAsync(chosen).then(
      (answer) => {
        setBooked(answer.data);
        toast.success(
          `Order ${order.orderNumber} is booked on shipment ${answer.data.shipmentNumber}`,
        );
      },
      () => undefined,
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle>Book LTL Order {order.orderNumber}</DialogTitle>
      <DialogContent dividers>
        {booked ? (
          <Alert severity="success">
            Order {booked.orderNumber} is booked on{' '}
            <Link
              component={RouterLink}
              to={`/all-shipments/${booked.shipmentNumber}/preview/details`}
            >
              shipment {booked.shipmentNumber}
            </Link>{' '}
            with {booked.carrierName} at {formatMoney(booked.carrierRate)}. Status:{' '}
            {booked.status.displayName}.
          </Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              LTL rates carriers hold for you from {order.origin ? formatPlace(order.origin) : '—'}{' '}
              to {order.destination ? formatPlace(order.destination) : '—'},{' '}
              {order.equipmentMode.displayName}, on the pickup day. The order becomes a shipment
              booked to the carrier at the rate.
            </Typography>
            {book.isError && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {refusalText(book.error)}
              </Alert>
            )}
            {rates.isPending ? (
              <Skeleton variant="rounded" height={120} />
            ) : rates.isError ? (
              <Alert severity="error">{rates.error.message}</Alert>
            ) : ltlRates.length === 0 ? (
              <Typography sx={{ py: 2 }}>No LTL Rates Found</Typography>
            ) : (
              <List dense aria-label="LTL rates">
                {ltlRates.map((rate) => {
                  const name = `${rate.carrierName ?? 'Carrier'} ${formatMoney(rate.rate)}`;
                  return (
                    <ListItemButton
                      key={rate.id}
                      selected={chosen === rate.id}
                      onClick={() => setChosen(rate.id)}
                    >
                      <ListItemIcon>
                        <Radio
                          edge="start"
                          checked={chosen === rate.id}
                          tabIndex={-1}
                          slotProps={{ input: { 'aria-label': name } }}
                        />
                      </ListItemIcon>
                      <ListItemText
                        primary={
                          <Box
                            component="span"
                            sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}
                          >
                            <span>{rate.carrierName ?? 'Carrier'}</span>
                            <Box component="span" sx={{ fontWeight: 600 }}>
                              {formatMoney(rate.rate)}
                            </Box>
                          </Box>
                        }
                        secondary={rateLine(rate)}
                      />
                    </ListItemButton>
                  );
                })}
              </List>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{booked ? 'Close' : 'Cancel'}</Button>
        {booked ? (
          <Button
            variant="contained"
            component={RouterLink}
            to={`/all-shipments/${booked.shipmentNumber}/preview/details`}
          >
            Open Shipment
          </Button>
        ) : (
          <Button variant="contained" disabled={chosen === null || book.isPending} onClick={submit}>
            Book
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
