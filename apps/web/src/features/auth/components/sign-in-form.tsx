import {
  AUTH_MESSAGES,
  DO_NOT_USE_NOTIFICATION_DURATION_MS,
  LOGIN_NOTIFICATION_DURATION_MS,
} from '@portal/domain';
import { useSnackbar } from '../../../shared/notifications';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../shared/api/client';
import { PlainButton, PlainLink, PlainTextField } from '../../../shared/ui/plain/plain';
import { useSubmitLogin } from '../api/submit-login';

interface SignInValues {
  emailAddress: string;
  password: string;
}

/**
 * The built-in provider's sign-in screen. A wrong password says "Wrong username or password"; a
 * Do Not Use carrier gets the spec's message for 8 seconds; a lockout says when to try again.
 */
export function SignInForm({
  uid,
  loginHint,
  onExpired,
}: {
  uid: string;
  loginHint: string | null;
  onExpired: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const login = useSubmitLogin(uid);
  const { register, handleSubmit, watch, formState } = useForm<SignInValues>({
    defaultValues: { emailAddress: loginHint ?? '', password: '' },
  });
  const emailAddress = watch('emailAddress');

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await login.mutateAsync({
        emailAddress: values.emailAddress.trim(),
        password: values.password,
      });
      window.location.assign(data.redirectTo);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 410) return onExpired();
      const doNotUse = error.status === 403;
      enqueueSnackbar(error.status === 401 ? AUTH_MESSAGES.wrongCredentials : error.message, {
        variant: 'error',
        autoHideDuration: doNotUse
          ? DO_NOT_USE_NOTIFICATION_DURATION_MS
          : LOGIN_NOTIFICATION_DURATION_MS,
      });
    }
  });

  const busy = formState.isSubmitting || login.isSuccess;
  return (
    <form className="plain-stack" noValidate onSubmit={onSubmit}>
      <PlainTextField
        label="Email address"
        type="email"
        autoComplete="username"
        autoFocus={!loginHint}
        fullWidth
        {...register('emailAddress', {
          required: 'Enter your email address',
          validate: (value) => value.trim().includes('@') || 'Enter a valid email address',
        })}
        error={Boolean(formState.errors.emailAddress)}
        helperText={formState.errors.emailAddress?.message}
      />
      <PlainTextField
        label="Password"
        type="password"
        autoComplete="current-password"
        autoFocus={Boolean(loginHint)}
        fullWidth
        {...register('password', { required: 'Enter your password' })}
        error={Boolean(formState.errors.password)}
        helperText={formState.errors.password?.message}
      />
      <PlainButton type="submit" variant="contained" size="large" disabled={busy} fullWidth>
        Sign in
      </PlainButton>
      <PlainLink
        to={`/forgot-password${emailAddress.trim() ? `?login_hint=${encodeURIComponent(emailAddress.trim())}` : ''}`}
        below
      >
        Forgot your password?
      </PlainLink>
    </form>
  );
}
