export { DocumentTiles, type DocumentTilesProps } from './components/document-tiles';
export {
  DocumentViewer,
  type DocumentViewerProps,
  type ViewableDocument,
} from './components/document-viewer';
export {
  UploadDocumentDialog,
  type Dropoff,
  type UploadDocumentDialogProps,
  type UploadReferences,
} from './components/upload-document-dialog';
export {
  deleteDocument,
  documentKeys,
  documentListOptions,
  uploadDocumentRequest,
  useDeleteDocument,
  useDocuments,
  useRequiredDocuments,
} from './api/documents-api';
export type { DocumentSource } from './api/document-source';
