import type {
  CaseCreateBody,
  CaseCreated,
  CaseCreatedAnswer,
  DetentionDraftList,
} from '@portal/contract';
import { DocumentType } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { documentKeys, uploadDocumentRequest } from '../documents';

/**
 * The 'cases' resource: every case query (list, counts, navigation count, drafts) is keyed under it,
 * so a write that adds or moves a case invalidates this one key and the counts follow.
 */
export const CASES_RESOURCE = ['cases'] as const;

export const detentionDraftKey = (shipmentNumber: string) =>
  [...CASES_RESOURCE, 'detention-drafts', shipmentNumber] as const;

export function detentionDraftOptions(shipmentNumber: string) {
  return queryOptions({
    queryKey: detentionDraftKey(shipmentNumber),
    queryFn: ({ signal }) =>
      apiRequest<DetentionDraftList>('/api/v2/cases/detention_drafts', {
        query: { shipmentId: shipmentNumber },
        signal,
      }),
  });
}

export function useDetentionDrafts(shipmentNumber: string, enabled = true) {
  return useQuery({ ...detentionDraftOptions(shipmentNumber), enabled });
}

export interface NewAccessorialRequest {
  body: CaseCreateBody;
  /** Evidence (receipts, signed in and out times), uploaded on the case once it exists. */
  files: readonly File[];
  /** One per form submission: a retried submission files the request once. */
  idempotencyKey: string;
}

export interface AccessorialRequestFiled {
  created: CaseCreated;
  /** Names of evidence files the store refused; the case is filed without them. */
  failedFiles: string[];
}

/** Files an accessorial request, then its evidence documents (case uploads with additionalData). */
export async function fileAccessorialRequest(
  request: NewAccessorialRequest,
): Promise<AccessorialRequestFiled> {
  const { data: created } = await apiRequest<CaseCreatedAnswer>('/api/v2/cases', {
    method: 'POST',
    body: request.body,
    headers: { 'idempotency-key': request.idempotencyKey },
  });
  const failedFiles: string[] = [];
  for (const [index, file] of request.files.entries()) {
    try {
      await uploadDocumentRequest(
        {
          file,
          type: DocumentType.ShipmentMiscellaneous,
          caseId: created.id,
          shipmentId: created.shipmentId,
          additionalData: { caseNumber: created.caseNumber, caseType: created.caseType },
          idempotencyKey: `${request.idempotencyKey}-evidence-${index}`,
        },
        () => undefined,
      );
    } catch {
      failedFiles.push(file.name);
    }
  }
  return { created, failedFiles };
}

export function useFileAccessorialRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fileAccessorialRequest,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CASES_RESOURCE }),
        queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
      ]),
  });
}
