import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES, LOGIN_NOTIFICATION_DURATION_MS } from '@portal/domain';
import { useSnackbar } from '../../../shared/notifications';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { OutlinedField } from '../../../shared/ui/outlined-field';
import { useRequestPasswordReset } from '../api/request-password-reset';

/**
 * Asks for a reset link by e-mail. The answer is the same whether the address has an account, so
 * the screen always ends on "Please check your email".
 */
export function ForgotPasswordForm({
  uid,
  loginHint,
  onExpired,
}: {
  uid?: string;
  loginHint?: string | null;
  onExpired?: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const request = useRequestPasswordReset(uid);
  const { register, handleSubmit, formState } = useForm<{ emailAddress: string }>({
    defaultValues: { emailAddress: loginHint ?? '' },
  });

  const onSubmit = handleSubmit(async ({ emailAddress }) => {
    try {
      await request.mutateAsync(emailAddress.trim());
      enqueueSnackbar(AUTH_MESSAGES.checkEmail, {
        variant: 'success',
        autoHideDuration: LOGIN_NOTIFICATION_DURATION_MS,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 410 && onExpired) return onExpired();
      enqueueSnackbar(error instanceof Error ? error.message : String(error), {
        variant: 'error',
      });
    }
  });

  if (request.isSuccess) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="success">{AUTH_MESSAGES.checkEmail}</Alert>
        <Typography color="text.secondary">
          If an account uses that address, an email with a link to choose a new password is on its
          way. The link works once, within 60 minutes.
        </Typography>
        <Button component={RouterLink} to="/" variant="outlined" fullWidth>
          Back to sign in
        </Button>
      </Stack>
    );
  }
  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit}>
      <Typography color="text.secondary">
        Enter the email address you sign in with and we will send you a link to choose a new
        password.
      </Typography>
      <OutlinedField
        label="Email address"
        type="email"
        autoComplete="username"
        autoFocus
        fullWidth
        {...register('emailAddress', {
          required: 'Enter your email address',
          validate: (value) => value.trim().includes('@') || 'Enter a valid email address',
        })}
        error={Boolean(formState.errors.emailAddress)}
        helperText={formState.errors.emailAddress?.message}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={formState.isSubmitting}
        fullWidth
      >
        Send reset link
      </Button>
      <Link component={RouterLink} to="/" sx={{ alignSelf: 'center', py: 1 }}>
        Back to sign in
      </Link>
    </Stack>
  );
}
