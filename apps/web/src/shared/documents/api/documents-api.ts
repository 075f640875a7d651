import type {
  DocumentItem,
  DocumentList,
  DocumentUploadResult,
  RequiredDocumentList,
  ResultId,
} from '@portal/contract';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError, apiRequest, readCsrfToken } from '../../api/client';
import { documentListRequest, type DocumentSource } from './document-source';

/** One key per resource: lists by source, a file's bytes by its address, thumbnails by id. */
export const documentKeys = {
  all: ['documents'] as const,
  lists: () => [...documentKeys.all, 'list'] as const,
  list: (source: DocumentSource) => [...documentKeys.lists(), source.kind, source.id] as const,
  requiredLists: () => [...documentKeys.all, 'required'] as const,
  required: (invoiceId: string) => [...documentKeys.requiredLists(), invoiceId] as const,
  file: (fileURL: string) => [...documentKeys.all, 'file', fileURL] as const,
  thumbnail: (id: string) => [...documentKeys.all, 'thumbnail', id] as const,
};

export function documentListOptions(source: DocumentSource) {
  const request = documentListRequest(source);
  return queryOptions({
    queryKey: documentKeys.list(source),
    queryFn: ({ signal }) =>
      apiRequest<DocumentList>(request.path, { query: request.query, signal }),
  });
}

export function useDocuments(source: DocumentSource) {
  return useQuery(documentListOptions(source));
}

export function useRequiredDocuments(invoiceId: string) {
  return useQuery({
    queryKey: documentKeys.required(invoiceId),
    queryFn: ({ signal }) =>
      apiRequest<RequiredDocumentList>(
        `/api/v2/invoices/${encodeURIComponent(invoiceId)}/required_documents`,
        { signal },
      ),
  });
}

/** The file itself; kept while the viewer and thumbnails use it. */
export function documentFileOptions(fileURL: string) {
  return queryOptions({
    queryKey: documentKeys.file(fileURL),
    queryFn: ({ signal }) => apiRequest<Blob>(fileURL, { signal, headers: { accept: '*/*' } }),
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * Deletes a document. Answers false without a message when the server refuses (403), as the
 * spec asks; other failures throw.
 */
export async function deleteDocument(id: string): Promise<boolean> {
  try {
    await apiRequest<ResultId>(`/api/v2/documents/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return false;
    throw error;
  }
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen tells the user in its own words.
    meta: { handlesError: true },
    mutationFn: (document: Pick<DocumentItem, 'id'>) => deleteDocument(document.id!),
    onSuccess: (deleted) => {
      if (deleted) return invalidateDocumentLists(queryClient);
    },
  });
}

export interface UploadRequest {
  file: File;
  type: number;
  orderStopId?: string | undefined;
  shipmentId?: string | undefined;
  apInvoiceId?: string | undefined;
  thirdPartyInvoiceId?: string | undefined;
  caseId?: string | undefined;
  additionalData?: Record<string, string> | undefined;
  /** Makes a retried upload safe: the server answers the first upload again. */
  idempotencyKey: string;
}

/**
 * Sends an upload as multipart/form-data with XMLHttpRequest, the one browser API that reports
 * upload progress. Same origin, the session cookie rides along; a failure rejects with an ApiError.
 */
export function uploadDocumentRequest(
  upload: UploadRequest,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<DocumentUploadResult> {
  const form = new FormData();
  form.append('type', String(upload.type));
  form.append('name', upload.file.name);
  for (const field of [
    'orderStopId',
    'shipmentId',
    'apInvoiceId',
    'thirdPartyInvoiceId',
    'caseId',
  ] as const) {
    const value = upload[field];
    if (value) form.append(field, value);
  }
  if (upload.additionalData) form.append('additionalData', JSON.stringify(upload.additionalData));
  // The file goes last so the server knows everything else before the bytes stream in.
  form.append('file', upload.file, upload.file.name);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v2/documents');
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('idempotency-key', upload.idempotencyKey);
    const csrf = readCsrfToken();
    if (csrf) request.setRequestHeader('x-csrf-token', csrf);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as DocumentUploadResult);
      else reject(new ApiError(request.status, body as ApiError['problem']));
    };
    request.onerror = () => reject(new ApiError(undefined, undefined));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

export function useUploadDocument(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen tells the user in its own words.
    meta: { handlesError: true },
    mutationFn: (upload: UploadRequest) => uploadDocumentRequest(upload, onProgress),
    onSuccess: () => invalidateDocumentLists(queryClient),
  });
}

/** An upload or a delete changes lists (and what is still required), never a stored file. */
function invalidateDocumentLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: documentKeys.requiredLists() }),
  ]);
}
