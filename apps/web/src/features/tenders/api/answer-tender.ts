import type { TenderOfferBody, TenderSummary } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest } from '../../../shared/api/client';
import { tenderKeys } from './keys';

/**
 * PUT api/v2/tenders/{tenderId}/offers. One Idempotency-Key per answer the user means, kept across
 * retries and double clicks, so the server answers the same tender once.
 */
export function useAnswerTender(tenderId: string) {
  const queryClient = useQueryClient();
  const keyRef = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (body: TenderOfferBody) => {
      const text = JSON.stringify(body);
      if (keyRef.current?.body !== text) keyRef.current = { body: text, key: crypto.randomUUID() };
      return apiRequest<{ data: TenderSummary }>(
        `/api/v2/tenders/${encodeURIComponent(tenderId)}/offers`,
        { method: 'PUT', body, headers: { 'idempotency-key': keyRef.current.key } },
      );
    },
    onSettled: async () => {
      // The tender, the lists, the counts (navigation and views), and the shipments it booked.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tenderKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['shipments'] }),
      ]);
    },
  });
}
