import { AUTH_MESSAGES, LOGIN_NOTIFICATION_DURATION_MS, SIGN_IN_MESSAGES } from '@portal/domain';
import { useSnackbar } from '../../../shared/notifications';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { startSignIn } from '../../../shared/session';
import { PlainAlert, PlainButton, PlainLink, PlainTextField } from '../../../shared/ui/plain/plain';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';

const MIN_LENGTH = 8;

interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * /reset-password/{resetToken}, /passwordReset/{token} and /ActivateUser/{resetToken}: choose a
 * password with the e-mailed link, then sign in with it.
 */
export function ResetPasswordPage({ mode }: { mode: 'reset' | 'activate' }) {
  const params = useParams();
  const resetToken = params.resetToken ?? params.token ?? '';
  const { enqueueSnackbar } = useSnackbar();
  const reset = useResetPassword();
  const { register, handleSubmit, getValues, setError, formState } = useForm<NewPasswordValues>({
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const heading =
    mode === 'activate' ? SIGN_IN_MESSAGES.activateHeading : SIGN_IN_MESSAGES.resetHeading;

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await reset.mutateAsync({ resetToken, newPassword });
      enqueueSnackbar(AUTH_MESSAGES.passwordResetSuccessful, {
        variant: 'success',
        autoHideDuration: LOGIN_NOTIFICATION_DURATION_MS,
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const passwordError = error.problem?.errors?.newPassword?.[0];
      if (passwordError) setError('newPassword', { message: passwordError });
    }
  });

  if (reset.isSuccess) {
    const loginHint = reset.data.emailAddress;
    return (
      <AuthCard heading={heading}>
        <PlainAlert severity="success">{AUTH_MESSAGES.passwordResetSuccessful}</PlainAlert>
        <PlainButton
          variant="contained"
          size="large"
          fullWidth
          onClick={() => startSignIn(loginHint ? { loginHint } : {})}
        >
          Sign in
        </PlainButton>
      </AuthCard>
    );
  }

  const linkError =
    reset.error instanceof ApiError ? reset.error.problem?.errors?.resetToken?.[0] : undefined;
  return (
    <AuthCard heading={heading}>
      {linkError ? (
        <PlainAlert severity="error" action={<PlainLink to="/forgot-password">New link</PlainLink>}>
          {linkError}
        </PlainAlert>
      ) : null}
      <form className="plain-stack" noValidate onSubmit={onSubmit}>
        <PlainTextField
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          fullWidth
          {...register('newPassword', {
            required: 'Enter a new password',
            minLength: { value: MIN_LENGTH, message: `Use at least ${MIN_LENGTH} characters` },
            maxLength: { value: 128, message: 'Use at most 128 characters' },
          })}
          error={Boolean(formState.errors.newPassword)}
          helperText={formState.errors.newPassword?.message ?? `At least ${MIN_LENGTH} characters`}
        />
        <PlainTextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          fullWidth
          {...register('confirmPassword', {
            required: 'Enter the new password again',
            validate: (value) =>
              value === getValues('newPassword') || SIGN_IN_MESSAGES.passwordsDiffer,
          })}
          error={Boolean(formState.errors.confirmPassword)}
          helperText={formState.errors.confirmPassword?.message}
        />
        <PlainButton
          type="submit"
          variant="contained"
          size="large"
          disabled={formState.isSubmitting}
          fullWidth
        >
          {mode === 'activate' ? 'Activate account' : 'Reset password'}
        </PlainButton>
      </form>
    </AuthCard>
  );
}
