import { SIGN_IN_MESSAGES } from '@portal/domain';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { startSignIn } from '../../../shared/session';
import { AuthCard, AuthProgress } from './auth-card';
import { ForgotPasswordForm } from './forgot-password-form';

/** /forgot-password: the provider's password-reset flow (the spec's second policy), with login_hint. */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const loginHint = params.get('login_hint') ?? undefined;
  useEffect(() => startSignIn({ flow: 'reset', ...(loginHint ? { loginHint } : {}) }), [loginHint]);
  return <AuthProgress label={SIGN_IN_MESSAGES.resetHeading} />;
}

/** /request-password-reset: the same request, made through the API's request password reset. */
export function RequestPasswordResetPage() {
  const [params] = useSearchParams();
  return (
    <AuthCard heading={SIGN_IN_MESSAGES.resetHeading}>
      <ForgotPasswordForm loginHint={params.get('emailAddress')} />
    </AuthCard>
  );
}
