import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ConsolidatableOrder, DraftShipmentAnswer, OrderDetail } from '@portal/contract';
import { CONSOLIDATION } from '@portal/domain';
import { useState } from 'react';
import { formatPlace } from '../../../shared/format';
import { zonedTime } from '../../../shared/format/zoned-time';
import { toast } from '../../../shared/notifications';
import {
  useConsolidatableOrders,
  useCreateDraftShipment,
  useReleaseShipment,
} from '../api/consolidation';

const number = (value: number) => value.toLocaleString('en-US');

/**
 * Consolidate: the open orders that can travel with this one, chosen with the totals against the
 * limits; "Create Draft Shipment" makes one draft with maxBuy 0, which "Make Ready to Book" then puts
 * on the load board.
 */
export function ConsolidateDialog({ order, onClose }: { order: OrderDetail; onClose(): void }) {
  const fullScreen = useMediaQuery('(max-width:600px)');
  const candidates = useConsolidatableOrders(order.orderNumber, true);
  const create = useCreateDraftShipment();
  const release = useReleaseShipment();
  const [chosen, setChosen] = useState<string[]>([]);
  const [draft, setDraft] = useState<DraftShipmentAnswer['data'] | null>(null);
  const [released, setReleased] = useState(false);

  const rows: ConsolidatableOrder[] = candidates.data?.data ?? [];
  const picked = rows.filter((row) => chosen.includes(row.orderNumber));
  const weight = picked.reduce((sum, row) => sum + row.totalWeightPounds, order.totalWeightPounds);
  const units = picked.reduce((sum, row) => sum + row.totalPackageCount, order.totalPackageCount);
  const overLimit =
    weight > CONSOLIDATION.maxWeight
      ? `Total weight ${number(weight)} lb is over the consolidation maxWeight of ${number(CONSOLIDATION.maxWeight)} lb.`
      : units > CONSOLIDATION.maxUnits
        ? `Total units ${units} is over the consolidation maxUnits of ${CONSOLIDATION.maxUnits}.`
        : null;
  const toggle = (orderNumber: string) =>
    setChosen((current) =>
      current.includes(orderNumber)
        ? current.filter((entry) => entry !== orderNumber)
        : [...current, orderNumber],
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle>Consolidate Order {order.orderNumber}</DialogTitle>
      <DialogContent dividers>
        {draft ? (
          <Alert severity="success">
            Shipment {draft.shipmentNumber} carries orders {draft.orderNumbers.join(', ')}:{' '}
            {number(draft.totalWeightPounds)} lb, {draft.totalPackageCount} units, max buy $
            {draft.maxBuy}. Status: {released ? 'Ready to Book' : draft.status.displayName}.
          </Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Open orders with pickups and deliveries within {CONSOLIDATION.distance} miles of this
              order&apos;s, windows widened by {CONSOLIDATION.windowWidenDays} days each side, at
              most {number(CONSOLIDATION.maxWeight)} lb and {CONSOLIDATION.maxUnits} units in all.
            </Typography>
            <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
              Selected: {number(weight)} lb of {number(CONSOLIDATION.maxWeight)} · {units} of{' '}
              {CONSOLIDATION.maxUnits} units
            </Typography>
            {overLimit && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {overLimit}
              </Alert>
            )}
            {candidates.isPending ? (
              <Skeleton variant="rounded" height={120} />
            ) : candidates.isError ? (
              <Alert severity="error">{candidates.error.message}</Alert>
            ) : rows.length === 0 ? (
              <Typography sx={{ py: 2 }}>No Consolidatable Orders Found</Typography>
            ) : (
              <List dense aria-label="Consolidatable orders">
                {rows.map((row) => (
                  <ListItemButton key={row.id} onClick={() => toggle(row.orderNumber)}>
                    <ListItemIcon>
                      <Checkbox
                        edge="start"
                        checked={chosen.includes(row.orderNumber)}
                        tabIndex={-1}
                        slotProps={{ input: { 'aria-label': `Order ${row.orderNumber}` } }}
                      />
                    </ListItemIcon>
                    <ListItemText
                      primary={`Order ${row.orderNumber} · ${row.origin ? formatPlace(row.origin) : '—'} → ${row.destination ? formatPlace(row.destination) : '—'}`}
                      secondary={`Pickup ${row.origin ? zonedTime(row.pickupAt, row.origin.timeZone) : '—'} · ${number(row.totalWeightPounds)} lb · ${row.totalPackageCount} units · ${row.pickupDistanceMiles} mi / ${row.deliveryDistanceMiles} mi away`}
                    />
                  </ListItemButton>
                ))}
              </List>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{draft ? 'Close' : 'Cancel'}</Button>
        {!draft && (
          <Button
            variant="contained"
            disabled={chosen.length === 0 || overLimit !== null || create.isPending}
            onClick={() =>
              void create.mutateAsync([order.orderNumber, ...chosen]).then((answer) => {
                setDraft(answer.data);
                toast.success(`Draft shipment ${answer.data.shipmentNumber} was created`);
              })
            }
          >
            Create Draft Shipment
          </Button>
        )}
        {draft && !released && (
          <Button
            variant="contained"
            disabled={release.isPending}
            onClick={() =>
              void release
                .mutateAsync({ shipmentNumber: draft.shipmentNumber, version: draft.version })
                .then(() => {
                  setReleased(true);
                  toast.success(`Shipment ${draft.shipmentNumber} is Ready to Book`);
                })
            }
          >
            Make Ready to Book
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
