import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { TENDER_REJECTION_REASON_MAX } from '@portal/domain';
import { useState } from 'react';

/** Rejecting needs a reason; the operator reads it when the load moves to the next carrier. */
export function RejectTenderDialog({
  open,
  pending,
  onClose,
  onReject,
}: {
  open: boolean;
  pending: boolean;
  onClose(): void;
  onReject(reason: string): void;
}) {
  const [reason, setReason] = useState('');
  const blank = reason.trim() === '';
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank) onReject(reason.trim());
        }}
      >
        <DialogTitle>Reject Tender</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            label="Reason"
            required
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: TENDER_REJECTION_REASON_MAX } }}
            helperText="Why you cannot take this load (for example: no capacity on that date)"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={blank || pending}>
            Reject Tender
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
