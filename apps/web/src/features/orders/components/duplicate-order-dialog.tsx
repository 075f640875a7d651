import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ORDER_DUPLICATE_MAX_COPIES } from '@portal/domain';
import { useState } from 'react';
import { toast } from '../../../shared/notifications';
import { useDuplicateOrder } from '../api/order-detail';

/** Copies of the order as new open orders: how many, from 1 to the limit. */
export function DuplicateOrderDialog({
  open,
  orderNumber,
  onClose,
}: {
  open: boolean;
  orderNumber: string;
  onClose(): void;
}) {
  const duplicate = useDuplicateOrder(orderNumber);
  const [copies, setCopies] = useState('1');
  const count = Number(copies);
  const problem =
    Number.isInteger(count) && count >= 1 && count <= ORDER_DUPLICATE_MAX_COPIES
      ? null
      : `Enter a number of copies from 1 to ${ORDER_DUPLICATE_MAX_COPIES}`;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Duplicate Order {orderNumber}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Each copy is a new open order with the same stops, times, line items and references.
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          type="number"
          label="Copies"
          value={copies}
          onChange={(event) => setCopies(event.target.value)}
          error={problem !== null}
          helperText={problem}
          slotProps={{ htmlInput: { min: 1, max: ORDER_DUPLICATE_MAX_COPIES } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={problem !== null || duplicate.isPending}
          onClick={() =>
            void duplicate.mutateAsync(count).then((answer) => {
              const numbers = answer.data.map((order) => order.orderNumber).join(', ');
              toast.success(
                answer.data.length === 1
                  ? `Order ${numbers} was created`
                  : `${answer.data.length} orders were created: ${numbers}`,
              );
              setCopies('1');
              onClose();
            })
          }
        >
          Duplicate
        </Button>
      </DialogActions>
    </Dialog>
  );
}
