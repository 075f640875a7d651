import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { documentKeys } from '../../../shared/documents';
import { shipmentKeys } from '../../../shared/shipments/shipment-keys';
import { onActionSent, outboxSnapshot, startOutbox, subscribeOutbox } from './driver-outbox';

/** The signed-in driver's outbox for one load; what the server confirms refreshes the load's reads. */
export function useDriverOutbox(userId: string, shipmentNumber: string) {
  const queryClient = useQueryClient();
  const snapshot = useSyncExternalStore(subscribeOutbox, outboxSnapshot);
  useEffect(() => {
    startOutbox(userId);
  }, [userId]);
  useEffect(
    () =>
      onActionSent((action) => {
        if (action.shipmentNumber !== shipmentNumber) return;
        void queryClient.invalidateQueries({ queryKey: shipmentKeys.shipment(shipmentNumber) });
        void queryClient.invalidateQueries({ queryKey: shipmentKeys.lists() });
        if (action.kind === 'photo')
          void queryClient.invalidateQueries({ queryKey: documentKeys.lists() });
      }),
    [queryClient, shipmentNumber],
  );
  return useMemo(() => {
    const ours = (action: { userId: string; shipmentNumber: string }) =>
      action.userId === userId && action.shipmentNumber === shipmentNumber;
    return {
      actions: snapshot.actions.filter(ours),
      sent: snapshot.sent.filter(ours),
      loaded: snapshot.loaded,
    };
  }, [snapshot, userId, shipmentNumber]);
}

function subscribeConnection(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the phone has a connection, as the browser knows it. */
export const useOnline = () =>
  useSyncExternalStore(
    subscribeConnection,
    () => navigator.onLine,
    () => true,
  );
