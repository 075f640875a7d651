// Leaving the app for the issuer and coming back: every such move is a full page load, so no
// state of the app survives it except what is kept on purpose (the path to return to).

const RETURN_PATH_KEY = 'portal.returnPath';

export function rememberReturnPath(path: string): void {
  sessionStorage.setItem(RETURN_PATH_KEY, path);
}

/** The path remembered when a 401 sent the user away. */
export function readReturnPath(): string | undefined {
  const path = sessionStorage.getItem(RETURN_PATH_KEY) ?? undefined;
  return path && path.startsWith('/') && !path.startsWith('//') ? path : undefined;
}

export function forgetReturnPath(): void {
  sessionStorage.removeItem(RETURN_PATH_KEY);
}

export interface SignInOptions {
  returnTo?: string;
  /** The spec's password-reset policy (/forgot-password). */
  flow?: 'sign-in' | 'reset';
  loginHint?: string;
}

export function signInUrl({ returnTo, flow, loginHint }: SignInOptions = {}): string {
  const query = new URLSearchParams();
  if (returnTo && returnTo !== '/') query.set('returnTo', returnTo);
  if (flow === 'reset') query.set('flow', 'reset');
  if (loginHint) query.set('login_hint', loginHint);
  const text = query.toString();
  return `/auth/login${text ? `?${text}` : ''}`;
}

/** Sends the browser to the identity provider (the server runs the sign-in). */
export function startSignIn(options: SignInOptions = {}): void {
  window.location.assign(signInUrl(options));
}

export function currentPath(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
) {
  return `${location.pathname}${location.search}${location.hash}`;
}
