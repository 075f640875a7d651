export { SessionProvider, useCurrentUser, useDriverAppMode, useSession } from './session-context';
export { sessionQueryOptions, type Session } from './session-query';
export {
  currentPath,
  rememberReturnPath,
  signInUrl,
  startSignIn,
  forgetReturnPath,
  readReturnPath,
  type SignInOptions,
} from './sign-in';
export { handleUnauthorized, isUnauthorized } from './unauthorized';
export { useLogout } from './logout';
export {
  DRIVER_TOKEN_PARAM,
  driverTokenIn,
  openDriverSession,
  withoutDriverToken,
} from './driver-link';
