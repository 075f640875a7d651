import type { RouteObject } from 'react-router';

/** /admin/session-replays and one recording; rrweb's player loads with the recording's screen. */
export const sessionReplayRoutes: RouteObject[] = [
  {
    path: '/admin/session-replays',
    lazy: async () => ({
      Component: (await import('./components/session-replays-page')).SessionReplaysPage,
    }),
  },
  {
    path: '/admin/session-replays/:replayId',
    lazy: async () => ({
      Component: (await import('./components/session-replay-page')).SessionReplayPage,
    }),
  },
];
