import { AUTH_MESSAGES, LOGIN_NOTIFICATION_DURATION_MS } from '@portal/domain';
import { useSnackbar } from '../../../shared/notifications';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../shared/api/client';
import {
  PlainAlert,
  PlainButton,
  PlainButtonLink,
  PlainLink,
  PlainTextField,
} from '../../../shared/ui/plain/plain';
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
      <div className="plain-stack">
        <PlainAlert severity="success">{AUTH_MESSAGES.checkEmail}</PlainAlert>
        <p className="plain-text-secondary">
          If an account uses that address, an email with a link to choose a new password is on its
          way. The link works once, within 60 minutes.
        </p>
        <PlainButtonLink to="/" variant="outlined" fullWidth>
          Back to sign in
        </PlainButtonLink>
      </div>
    );
  }
  return (
    <form className="plain-stack" noValidate onSubmit={onSubmit}>
      <p className="plain-text-secondary">
        Enter the email address you sign in with and we will send you a link to choose a new
        password.
      </p>
      <PlainTextField
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
      <PlainButton
        type="submit"
        variant="contained"
        size="large"
        disabled={formState.isSubmitting}
        fullWidth
      >
        Send reset link
      </PlainButton>
      <PlainLink to="/" below>
        Back to sign in
      </PlainLink>
    </form>
  );
}
