import type * as SubPagesModule from './components/case-sub-pages';
import { Navigate, type RouteObject } from 'react-router';

type SubPages = typeof SubPagesModule;
const subPage = (name: keyof SubPages) => async () => ({
  Component: (await import('./components/case-sub-pages'))[name],
});

/** /cases/{caseNumber}/preview and its sub-pages notes, documents and history, loaded when opened. */
export const caseRoutes: RouteObject[] = [
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
