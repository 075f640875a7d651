import type * as SubPagesModule from './components/case-sub-pages';
import { Navigate, type RouteObject } from 'react-router';

type SubPages = typeof SubPagesModule;
const subPage = (name: keyof SubPages) => async () => ({
  Component: (await import('./components/case-sub-pages'))[name],
});

/**
 * /cases (the list) and /cases/{caseNumber}/preview with its sub-pages notes, documents and
 * history, each loaded when opened.
 */
export const caseRoutes: RouteObject[] = [
  {
    path: '/cases',
    lazy: async () => ({ Component: (await import('./components/case-list-page')).CaseListPage }),
  },
  {
    path: '/cases/:caseNumber/preview',
    lazy: async () => ({
      Component: (await import('./components/case-preview-page')).CasePreviewPage,
    }),
    children: [
      { index: true, element: <Navigate to="notes" replace /> },
      { path: 'notes', lazy: subPage('CaseNotesTab') },
      { path: 'documents', lazy: subPage('CaseDocumentsTab') },
      { path: 'history', lazy: subPage('CaseHistoryTab') },
    ],
  },
];
