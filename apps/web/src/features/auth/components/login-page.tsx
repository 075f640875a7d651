import {
  DO_NOT_USE_NOTIFICATION_DURATION_MS,
  SIGN_IN_MESSAGES,
  doNotUseCarrierMessage,
} from '@portal/domain';
import { useSnackbar } from '../../../shared/notifications';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { startSignIn } from '../../../shared/session';
import { PlainAlert, PlainButton } from '../../../shared/ui/plain/plain';
import { useInteractionDetails } from '../api/interaction-details';
import { AuthCard, AuthProgress } from './auth-card';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';

/** Why a sign-in came back to this page without a session (the server's ?error= codes). */
export function signInErrorMessage(code: string, contact: string | null): string {
  switch (code) {
    case 'do_not_use':
      return doNotUseCarrierMessage(contact ?? 'carriers@carrierportal.example');
    case 'expired':
      return SIGN_IN_MESSAGES.signInExpired;
    case 'access_denied':
      return SIGN_IN_MESSAGES.signInCancelled;
    case 'no_account':
      return SIGN_IN_MESSAGES.noAccount;
    default:
      return SIGN_IN_MESSAGES.signInFailed;
  }
}

/**
 * /login: the provider's screens (?interaction=...), what went wrong (?error=...), or, with
 * neither, the way to the provider.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const interaction = params.get('interaction');
  const error = params.get('error');
  if (interaction) return <InteractionScreen uid={interaction} />;
  if (error) return <SignInError code={error} contact={params.get('contact')} />;
  return <GoToSignIn />;
}

function GoToSignIn() {
  useEffect(() => startSignIn(), []);
  return <AuthProgress label={SIGN_IN_MESSAGES.signingIn} />;
}

function Expired() {
  return (
    <AuthCard heading={SIGN_IN_MESSAGES.signInHeading}>
      <PlainAlert severity="warning">{SIGN_IN_MESSAGES.interactionExpired}</PlainAlert>
      <PlainButton variant="contained" size="large" onClick={() => startSignIn()} fullWidth>
        Sign in again
      </PlainButton>
    </AuthCard>
  );
}

function InteractionScreen({ uid }: { uid: string }) {
  const details = useInteractionDetails(uid);
  const [, setParams] = useSearchParams();
  const expire = () => setParams({ error: 'expired' }, { replace: true });
  if (details.isPending) return <AuthProgress label={SIGN_IN_MESSAGES.signingIn} />;
  if (details.isError) return <Expired />;
  if (details.data.flow === 'reset') {
    return (
      <AuthCard heading={SIGN_IN_MESSAGES.resetHeading}>
        <ForgotPasswordForm uid={uid} loginHint={details.data.loginHint} onExpired={expire} />
      </AuthCard>
    );
  }
  return (
    <AuthCard heading={SIGN_IN_MESSAGES.signInHeading}>
      <SignInForm uid={uid} loginHint={details.data.loginHint} onExpired={expire} />
    </AuthCard>
  );
}

function SignInError({ code, contact }: { code: string; contact: string | null }) {
  const { enqueueSnackbar } = useSnackbar();
  const message = signInErrorMessage(code, contact);
  const doNotUse = code === 'do_not_use';
  useEffect(() => {
    if (doNotUse)
      enqueueSnackbar(message, {
        variant: 'error',
        autoHideDuration: DO_NOT_USE_NOTIFICATION_DURATION_MS,
      });
  }, [doNotUse, message, enqueueSnackbar]);
  return (
    <AuthCard heading={SIGN_IN_MESSAGES.signInHeading}>
      <div className="plain-stack">
        <PlainAlert severity={doNotUse ? 'error' : 'warning'}>{message}</PlainAlert>
        <PlainButton variant="contained" size="large" onClick={() => startSignIn()} fullWidth>
          Sign in again
        </PlainButton>
      </div>
    </AuthCard>
  );
}
