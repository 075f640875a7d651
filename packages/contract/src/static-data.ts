import { Type, type Static } from 'typebox';
import { DataOf } from './common';

/** One value of an enumeration with the name the screens show. */
export const StaticListEntry = Type.Object({
  value: Type.Union([Type.Integer(), Type.String()]),
  name: Type.String(),
});
export type StaticListEntry = Static<typeof StaticListEntry>;

const List = (description: string) => Type.Array(StaticListEntry, { description });

/** The enumerations the screens and API clients need, from packages/domain (data-operations 7). */
export const StaticData = Type.Object({
  equipmentTypes: List('Equipment types; bit values, a load accepts the OR of several'),
  equipmentModes: List('Equipment modes (dock schedules, rates)'),
  shippingModes: List('Load types: TL, LTL, Bulk, Intermodal, VLTL, Ocean'),
  serviceLevels: List('Carrier payment service levels'),
  documentTypes: List('Document file types'),
  shipmentStatuses: List('Shipment statuses'),
  tenderOfferStatuses: List('Tender offer statuses'),
  caseTypes: List('Accessorial request (case) types'),
  caseStatuses: List('Accessorial request statuses as users see them'),
  apInvoiceStatuses: List('Carrier (AP) invoice statuses'),
  thirdPartyInvoiceStatuses: List('Third-party payer invoice statuses'),
});
export type StaticData = Static<typeof StaticData>;

export const StaticDataAnswer = DataOf(StaticData);
export type StaticDataAnswer = Static<typeof StaticDataAnswer>;
