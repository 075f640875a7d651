import type { RouteObject } from 'react-router';
import { ForgotPasswordPage, RequestPasswordResetPage } from './components/forgot-password-page';
import { LoginPage } from './components/login-page';
import { LogoutPage } from './components/logout-page';
import { ResetPasswordPage } from './components/reset-password-page';
import { RootPage } from './components/root-page';

/** The spec's public routes: no session needed. */
export const authRoutes: RouteObject[] = [
  { index: true, element: <RootPage /> },
  { path: 'login', element: <LoginPage /> },
  { path: 'logout', element: <LogoutPage /> },
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'request-password-reset', element: <RequestPasswordResetPage /> },
  { path: 'reset-password/:resetToken', element: <ResetPasswordPage mode="reset" /> },
  { path: 'passwordReset/:token', element: <ResetPasswordPage mode="reset" /> },
  { path: 'ActivateUser/:resetToken', element: <ResetPasswordPage mode="activate" /> },
];
