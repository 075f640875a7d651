import { shipmentStatusDisplayName, type ShipmentStatus } from '@portal/domain';
import type { ShipmentQuickSearchPage, ShipmentQuickSearchQuery } from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { searchShipments } from './repository';

/** The top bar's shipment search: number prefix for everyone, reference numbers too for brokers. */
export async function quickSearchShipments(
  ctx: AppContext,
  caller: Caller,
  query: ShipmentQuickSearchQuery,
): Promise<ShipmentQuickSearchPage> {
  const text = query.query.trim();
  // Each branch reads its own prefix index whatever the prefix: the plan is made once per
  // connection, not again for every keystroke's values (decision 220).
  const { rows, references, totalCount } = await ctx.db.tenant(
    caller.scope,
    (tx) =>
      searchShipments(tx, caller.scope, {
        query: text,
        includeReferenceNumbers: caller.isBroker,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      }),
    { genericPlans: true, readOnly: true },
  );
  return {
    data: rows.map((row) => ({
      id: row.id,
      shipmentNumber: row.shipmentNumber,
      status: {
        value: row.status,
        displayName: shipmentStatusDisplayName(row.status as ShipmentStatus),
      },
      origin: { city: row.originCity, state: row.originState, postalCode: row.originPostalCode },
      destination: {
        city: row.destinationCity,
        state: row.destinationState,
        postalCode: row.destinationPostalCode,
      },
      referenceNumbers: references
        .filter((reference) => reference.orderId === row.orderId)
        .map((reference) => ({ label: reference.label, value: reference.value })),
    })),
    page: query.page,
    pageSize: query.pageSize,
    totalCount,
  };
}
