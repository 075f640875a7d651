import Type, { type Static } from 'typebox';
import { QUICK_SEARCH_PAGE_SIZE } from '@portal/domain';
import { Id, PageOf, PagingQuery, StatusValue } from './common';

export const ShipmentQuickSearchQuery = Type.Object(
  {
    query: Type.String({
      minLength: 1,
      maxLength: 50,
      description: 'Shipment number prefix, or (brokers) a reference number',
    }),
    ...PagingQuery(QUICK_SEARCH_PAGE_SIZE, 50),
  },
  { additionalProperties: false },
);
export type ShipmentQuickSearchQuery = Static<typeof ShipmentQuickSearchQuery>;

const Place = Type.Object({ city: Type.String(), state: Type.String(), postalCode: Type.String() });

/** The spec's Shipment search result. referenceNumbers is filled for brokers only. */
export const ShipmentSearchResult = Type.Object({
  id: Id,
  shipmentNumber: Type.String(),
  status: StatusValue,
  origin: Place,
  destination: Place,
  referenceNumbers: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
});
export type ShipmentSearchResult = Static<typeof ShipmentSearchResult>;

export const ShipmentQuickSearchPage = PageOf(ShipmentSearchResult);
export type ShipmentQuickSearchPage = Static<typeof ShipmentQuickSearchPage>;
