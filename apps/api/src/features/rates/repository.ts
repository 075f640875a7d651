import type { Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { Quotes, Rates } from '../../db/schema.generated';

export type RateRow = Selectable<Rates>;
export type QuoteRow = Selectable<Quotes>;

/** The carrier's lane rates between two states (its index: carrier, origin state, destination state). */
export function laneRates(
  tx: Tx,
  carrierCompanyId: string,
  originState: string,
  destinationState: string,
): Promise<RateRow[]> {
  return tx
    .selectFrom('rates')
    .selectAll()
    .where('carrierCompanyId', '=', carrierCompanyId)
    .where('originState', '=', originState)
    .where('destinationState', '=', destinationState)
    .orderBy('rateCents')
    .orderBy('id')
    .execute();
}

/** The carrier's spot quotes for some shipments, newest first. */
export function quotesFor(
  tx: Tx,
  carrierCompanyId: string,
  shipmentIds: string[],
): Promise<QuoteRow[]> {
  if (shipmentIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('quotes')
    .selectAll()
    .where('carrierCompanyId', '=', carrierCompanyId)
    .where('shipmentId', 'in', shipmentIds)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

export function insertQuote(
  tx: Tx,
  values: {
    customerCompanyId: string;
    carrierCompanyId: string;
    shipmentId: string;
    equipmentMode: number;
    effectiveDate: string;
    priceCents: number;
    isHazmatRequired: boolean;
    isTeamRequired: boolean;
    quoteStops: unknown;
  },
): Promise<QuoteRow> {
  return tx
    .insertInto('quotes')
    .values({
      ...values,
      shippingMode: 0,
      markupTotalCents: 0,
      quoteStops: JSON.stringify(values.quoteStops),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
