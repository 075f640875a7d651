import type {
  AppointmentBody,
  EmptyLocation,
  EmptyLocationBody,
  ArrivalDepartureBody,
  AssignDriverBody,
  DriverAssignmentAnswer,
  DriverPage,
  PowerUnitPage,
  ProblemBody,
  ProNumberAnswer,
  QuickClosureAnswer,
  SaveEquipmentBody,
  ShipmentEquipment,
  ShipmentStatusAnswer,
  StopAnswer,
  TrackingActivityAnswer,
  TrackingActivityBody,
  TrackingProblemAnswer,
  TrailerPage,
} from '@portal/contract';
import { GENERAL_MESSAGES, type TrackingProblemType } from '@portal/domain';

// The contract builds these unions from the domain's lists; name the members for the compiler.
type ReportBody = Omit<TrackingActivityBody, 'activityType'> & {
  activityType: 'LocationUpdate' | 'Note';
};
type ProblemReport = Omit<ProblemBody, 'problemType'> & { problemType: TrackingProblemType };
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiError } from '../../../shared/api/client';
import {
  idempotencyHeaders,
  shipmentKeys,
  shipmentPath,
} from '../../../shared/shipments/shipment-keys';

/** The server's own words for a refusal: its detail, title, and the messages by field. */
export function problemText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === undefined)
    return GENERAL_MESSAGES.unknownError;
  const fieldMessages = Object.values(error.problem?.errors ?? {}).flat();
  const main = error.problem?.detail ?? error.problem?.title ?? error.message;
  return [main, ...fieldMessages.filter((message) => message !== main)].join(' ');
}

/**
 * A write to a running shipment. Every one of them may move the status, the version, the stops and
 * the tracking together, so the shipment's reads and the lists are refreshed after it.
 */
function useShipmentWrite<Variables, Answer>(
  shipmentNumber: string,
  write: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    // The screen shows the server's own reason (its detail); the central handler only logs it.
    meta: { handlesError: true },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: shipmentKeys.shipment(shipmentNumber) }),
        queryClient.invalidateQueries({ queryKey: shipmentKeys.lists() }),
      ]);
    },
  });
}

export function useAssignDriver(shipmentNumber: string) {
  return useShipmentWrite(shipmentNumber, (body: AssignDriverBody) =>
    apiRequest<DriverAssignmentAnswer>(shipmentPath(shipmentNumber, 'drivers'), {
      method: 'POST',
      body,
      headers: idempotencyHeaders(),
    }),
  );
}

export function useRemoveDriver(shipmentNumber: string) {
  return useShipmentWrite(shipmentNumber, (driverId: string) =>
    apiRequest<DriverAssignmentAnswer>(
      shipmentPath(shipmentNumber, `drivers/${encodeURIComponent(driverId)}`),
      { method: 'DELETE', headers: idempotencyHeaders() },
    ),
  );
}

export function useSaveEquipment(shipmentNumber: string) {
  return useShipmentWrite(shipmentNumber, (body: SaveEquipmentBody) =>
    apiRequest<ShipmentEquipment>(shipmentPath(shipmentNumber, 'equipment'), {
      method: 'PUT',
      body,
      headers: idempotencyHeaders(),
    }),
  );
}

export function useSetAppointment(shipmentNumber: string) {
  return useShipmentWrite(shipmentNumber, (body: AppointmentBody) =>
    apiRequest<StopAnswer>(shipmentPath(shipmentNumber, `stops/${body.stopId}/appointments`), {
      method: 'PATCH',
      body,
      headers: idempotencyHeaders(),
    }),
  );
}

export function useRecordStopEvent(shipmentNumber: string) {
  return useShipmentWrite(
    shipmentNumber,
    ({ stopId, ...body }: ArrivalDepartureBody & { stopId: string }) =>
      apiRequest<StopAnswer>(
        shipmentPath(shipmentNumber, `stops/${stopId}/arrival_and_departure`),
        { method: 'PATCH', body, headers: idempotencyHeaders() },
      ),
  );
}

export function useSetProNumber(shipmentNumber: string) {
  return useShipmentWrite(shipmentNumber, (body: { value: string | null; version: number }) =>
    apiRequest<ProNumberAnswer>(shipmentPath(shipmentNumber, 'shipping_pro_number'), {
      method: 'PATCH',
      body,
      headers: idempotencyHeaders(),
    }),
  );
}

export function useQuickClosure(shipmentNumber: string) {
  return useShipmentWrite(shipmentNumber, () =>
    apiRequest<QuickClosureAnswer>(shipmentPath(shipmentNumber, 'quick_closure'), {
      method: 'PATCH',
      headers: idempotencyHeaders(),
    }),
  );
}

/** Plain status moves (confirm delivery): PATCH .../status with the version read. */
export function useChangeStatus(shipmentNumber: string) {
  return useShipmentWrite(shipmentNumber, (body: { status: number; version: number }) =>
    apiRequest<ShipmentStatusAnswer>(shipmentPath(shipmentNumber, 'status'), {
      method: 'PATCH',
      body,
    }),
  );
}

export function useReportTracking(shipmentNumber: string) {
  return useShipmentWrite(shipmentNumber, (body: ReportBody) =>
    apiRequest<TrackingActivityAnswer>(shipmentPath(shipmentNumber, 'tracking_activities'), {
      method: 'POST',
      body,
      headers: idempotencyHeaders(),
    }),
  );
}

export function useReportProblem(shipmentNumber: string) {
  return useShipmentWrite(shipmentNumber, (body: ProblemReport) =>
    apiRequest<TrackingProblemAnswer>(shipmentPath(shipmentNumber, 'problems'), {
      method: 'POST',
      body,
      headers: idempotencyHeaders(),
    }),
  );
}

export function useResolveProblem(shipmentNumber: string) {
  return useShipmentWrite(shipmentNumber, (problemId: string) =>
    apiRequest<TrackingProblemAnswer>(
      shipmentPath(shipmentNumber, `tracking_problems/${encodeURIComponent(problemId)}`),
      { method: 'PATCH', body: { resolved: true } },
    ),
  );
}

export function useSetStopPreload(shipmentNumber: string) {
  return useShipmentWrite(
    shipmentNumber,
    ({ stopId, isPreloaded }: { stopId: string; isPreloaded: boolean }) =>
      apiRequest<StopAnswer>(shipmentPath(shipmentNumber, `stops/${stopId}/preload`), {
        method: 'PATCH',
        body: { isPreloaded },
        headers: idempotencyHeaders(),
      }),
  );
}

export function useEmptyLocation(shipmentNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: shipmentKeys.part(shipmentNumber, 'empty_location'),
    queryFn: ({ signal }) =>
      apiRequest<EmptyLocation>(shipmentPath(shipmentNumber, 'empty_location'), { signal }),
    enabled,
  });
}

export function useSaveEmptyLocation(shipmentNumber: string) {
  return useShipmentWrite(shipmentNumber, (body: EmptyLocationBody) =>
    apiRequest<EmptyLocation>(shipmentPath(shipmentNumber, 'empty_location'), {
      method: 'PUT',
      body,
      headers: idempotencyHeaders(),
    }),
  );
}

/** The carrier withdraws from the load (or the operator takes it back): Ready to Book again. */
export function useRescindBooking(shipmentNumber: string) {
  return useShipmentWrite(shipmentNumber, (reason: string) =>
    apiRequest<ShipmentStatusAnswer>(shipmentPath(shipmentNumber, 'rescind_booking'), {
      method: 'POST',
      body: reason ? { reason } : {},
      headers: idempotencyHeaders(),
    }),
  );
}

export function useVoidShipment(shipmentNumber: string) {
  return useShipmentWrite(shipmentNumber, (reason: string) =>
    apiRequest<ShipmentStatusAnswer>(shipmentPath(shipmentNumber), {
      method: 'DELETE',
      query: { reason: reason || undefined },
      headers: idempotencyHeaders(),
    }),
  );
}

// ---- Searches the dispatch screens pick from ----

export function useDriverSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: shipmentKeys.search('drivers', q),
    queryFn: ({ signal }) =>
      apiRequest<DriverPage>('/api/v2/drivers', { signal, query: { q: q || undefined } }),
    enabled,
  });
}

export function useTrailerSearch(q: string, equipmentTypes: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: shipmentKeys.search(`trailers-${equipmentTypes ?? ''}`, q),
    queryFn: ({ signal }) =>
      apiRequest<TrailerPage>('/api/v2/equipment_searches/trailers', {
        signal,
        query: { q: q || undefined, equipmentTypes },
      }),
    enabled,
  });
}

export function usePowerUnitSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: shipmentKeys.search('power-units', q),
    queryFn: ({ signal }) =>
      apiRequest<PowerUnitPage>('/api/v2/equipment_searches/power_units', {
        signal,
        query: { q: q || undefined },
      }),
    enabled,
  });
}
