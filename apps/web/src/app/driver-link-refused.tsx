import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { SIGN_IN_MESSAGES } from '@portal/domain';
import { AuthCard } from '../features/auth/components/auth-card';

/**
 * A driver link that is not valid (any more): said here, with a way to sign in instead. Its own
 * chunk: few ever see it, and every signed-in page's first load would carry it (decision 268).
 */
export default function DriverLinkRefused() {
  return (
    <AuthCard heading="Driver link">
      <Alert severity="error">{SIGN_IN_MESSAGES.driverLinkInvalid}</Alert>
      <Button variant="outlined" fullWidth href="/">
        Sign in instead
      </Button>
    </AuthCard>
  );
}
