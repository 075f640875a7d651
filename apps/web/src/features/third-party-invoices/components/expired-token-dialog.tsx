import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { canSeeExpiredTrackingTokenDialog } from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../shared/session';

// Shown once per browser session, not on every invoice opened (decision 045).
const DISMISSED_KEY = 'third-party-invoices.expired-tracking-token-dismissed';

/** The expired tracking-integration token: admins only, with a link to the integrations tab. */
export function ExpiredTrackingTokenDialog() {
  const user = useCurrentUser();
  const [open, setOpen] = useState(
    () =>
      user.trackingIntegration.samsaraIsExpired &&
      canSeeExpiredTrackingTokenDialog(user.roles) &&
      sessionStorage.getItem(DISMISSED_KEY) === null,
  );
  const close = () => {
    sessionStorage.setItem(DISMISSED_KEY, '1');
    setOpen(false);
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="expired-token-title">
      <DialogTitle id="expired-token-title">Tracking Integration Token Expired</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your company&apos;s tracking integration token has expired, so shipment locations are no
          longer shared. Renew it on the integrations tab of your profile.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        <Button component={Link} to="/profile?tab=integrations" variant="contained" onClick={close}>
          Go to Integrations
        </Button>
      </DialogActions>
    </Dialog>
  );
}
