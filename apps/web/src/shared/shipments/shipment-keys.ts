/** One key tree for every shipment read, so a write invalidates exactly what it changed. */
export const shipmentKeys = {
  all: ['shipments'] as const,
  lists: () => [...shipmentKeys.all, 'list'] as const,
  list: (params: Record<string, unknown>) => [...shipmentKeys.lists(), params] as const,
  statusCounts: (params: Record<string, unknown>) =>
    [...shipmentKeys.all, 'status-counts', params] as const,
  myShipments: (params: Record<string, unknown>) =>
    [...shipmentKeys.all, 'my-shipments', params] as const,
  shipment: (shipmentNumber: string) => [...shipmentKeys.all, 'shipment', shipmentNumber] as const,
  detail: (shipmentNumber: string) => [...shipmentKeys.shipment(shipmentNumber), 'detail'] as const,
  part: (shipmentNumber: string, part: string) =>
    [...shipmentKeys.shipment(shipmentNumber), part] as const,
  trip: (tripId: string) => [...shipmentKeys.all, 'trip', tripId] as const,
  search: (kind: string, q: string) => [...shipmentKeys.all, 'search', kind, q] as const,
};

export const shipmentPath = (shipmentNumber: string, part?: string) =>
  `/api/v2/shipments/${encodeURIComponent(shipmentNumber)}${part ? `/${part}` : ''}`;

/** A fresh key per user action: a retry of the same request is answered once (decision 055). */
export const idempotencyHeaders = () => ({ 'idempotency-key': crypto.randomUUID() });
