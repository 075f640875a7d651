import type { RouteObject } from 'react-router';
import { RootPage } from './components/root-page';

const forgotPassword = () => import('./components/forgot-password-page');
const resetPassword = (mode: 'reset' | 'activate') => async () => {
  const { ResetPasswordPage } = await import('./components/reset-password-page');
  return { Component: () => <ResetPasswordPage mode={mode} /> };
};

/** The spec's public routes: no session needed. Each page's code (and its forms) loads when opened. */
export const authRoutes: RouteObject[] = [
  { index: true, element: <RootPage /> },
  {
    path: 'login',
    lazy: async () => ({ Component: (await import('./components/login-page')).LoginPage }),
  },
  {
    path: 'logout',
    lazy: async () => ({ Component: (await import('./components/logout-page')).LogoutPage }),
  },
  {
    path: 'forgot-password',
    lazy: async () => ({ Component: (await forgotPassword()).ForgotPasswordPage }),
  },
  {
    path: 'request-password-reset',
    lazy: async () => ({ Component: (await forgotPassword()).RequestPasswordResetPage }),
  },
  { path: 'reset-password/:resetToken', lazy: resetPassword('reset') },
  { path: 'passwordReset/:token', lazy: resetPassword('reset') },
  { path: 'ActivateUser/:resetToken', lazy: resetPassword('activate') },
];
