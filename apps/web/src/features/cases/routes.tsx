import { Navigate, type RouteObject } from 'react-router';
import { CaseListPage } from './components/case-list-page';
import { CasePreviewPage } from './components/case-preview-page';
import { CaseDocumentsTab, CaseHistoryTab, CaseNotesTab } from './components/case-sub-pages';

/** /cases (the list) and /cases/{caseNumber}/preview with its sub-pages notes, documents and history. */
export const caseRoutes: RouteObject[] = [
  { path: '/cases', element: <CaseListPage /> },
  {
    path: '/cases/:caseNumber/preview',
    element: <CasePreviewPage />,
    children: [
      { index: true, element: <Navigate to="notes" replace /> },
      { path: 'notes', element: <CaseNotesTab /> },
      { path: 'documents', element: <CaseDocumentsTab /> },
      { path: 'history', element: <CaseHistoryTab /> },
    ],
  },
];
