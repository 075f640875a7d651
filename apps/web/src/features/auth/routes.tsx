import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { interactionDetailsQueryOptions } from './api/interaction-details';
import { RootPage } from './components/root-page';

const forgotPassword = () => import('./components/forgot-password-page');
const resetPassword = (mode: 'reset' | 'activate') => async () => {
  const { ResetPasswordPage } = await import('./components/reset-password-page');
  return { Component: () => <ResetPasswordPage mode={mode} /> };
};

/** The spec's public routes: no session needed. Each page's code (and its forms) loads when opened. */
export const authRoutes = (queryClient: QueryClient): RouteObject[] => [
  { index: true, element: <RootPage /> },
  {
    path: 'login',
    // The provider's screen asks what it shows (sign-in or password reset) while its code loads,
    // and draws the form in the router's own render instead of a second one when the answer
    // arrives (decision 257). A failed answer is the screen's to show (prefetchQuery never throws).
    loader: async ({ request }) => {
      const uid = new URL(request.url).searchParams.get('interaction');
      if (uid) await queryClient.prefetchQuery(interactionDetailsQueryOptions(uid));
      return null;
    },
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
