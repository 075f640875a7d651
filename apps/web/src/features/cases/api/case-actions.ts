import type { CaseActionBody, CaseAssigneeBody, CaseDetailAnswer } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { CASES_RESOURCE } from '../../../shared/accessorial-requests';
import { caseKeys } from './case-details';

/**
 * The operator's staff's changes to a case. The answer is the case as it now stands; every case
 * query (list, counts, navigation, history) is refreshed, and the carrier's charges with it.
 */
function useCaseChange<Body>(caseNumber: string, send: (body: Body) => Promise<CaseDetailAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      queryClient.setQueryData(caseKeys.detail(caseNumber), answer.data);
      await queryClient.invalidateQueries({ queryKey: CASES_RESOURCE });
      if (answer.data.shipment)
        await queryClient.invalidateQueries({
          queryKey: ['shipments', 'shipment', answer.data.shipment.shipmentNumber],
        });
    },
  });
}

export function useCaseAction(caseNumber: string) {
  return useCaseChange<CaseActionBody>(caseNumber, (body) =>
    apiRequest<CaseDetailAnswer>(`/api/v2/cases/${encodeURIComponent(caseNumber)}/actions`, {
      method: 'POST',
      body,
    }),
  );
}

export function useAssignCase(caseNumber: string) {
  return useCaseChange<CaseAssigneeBody>(caseNumber, (body) =>
    apiRequest<CaseDetailAnswer>(`/api/v2/cases/${encodeURIComponent(caseNumber)}/assignee`, {
      method: 'PUT',
      body,
    }),
  );
}
