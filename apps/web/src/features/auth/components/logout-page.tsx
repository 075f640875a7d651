import { SIGN_IN_MESSAGES } from '@portal/domain';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { AuthProgress } from './auth-card';

/**
 * /logout: the provider asks to confirm ending its session; the portal already decided, so this
 * page posts the confirmation back at once.
 */
export function LogoutPage() {
  const [params] = useSearchParams();
  const form = useRef<HTMLFormElement>(null);
  const xsrf = params.get('xsrf');
  useEffect(() => {
    if (xsrf) form.current?.submit();
    else window.location.assign('/');
  }, [xsrf]);
  return (
    <>
      <AuthProgress label={SIGN_IN_MESSAGES.signingOut} />
      <form ref={form} method="post" action="/oidc/session/end/confirm" hidden>
        <input type="hidden" name="xsrf" value={xsrf ?? ''} />
        <input type="hidden" name="logout" value="yes" />
      </form>
    </>
  );
}
