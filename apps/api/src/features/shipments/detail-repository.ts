import { DocumentType, ShipmentStatus } from '@portal/domain';
import { boxAround } from '../../shared/load-board/search';
import { sql } from 'kysely';
import { compiledStatements } from '../../db/compiled-statements';
import type { Tx } from '../../db/database';
import { carrierIdList, scopeOfValues, type ScopeKind, type TenantScope } from '../../db/tenancy';
import { notFound } from '../../shared/http/errors';
import {
  visibleShipmentValues,
  type ShipmentKey,
  type ShipmentRow,
} from '../../shared/shipments/find-shipment';
import { shipmentVisibility } from '../../shared/tenancy/shipment-visibility';

// The reads behind a shipment's detail and its sub-resources. Every query runs in the caller's
// tenant transaction after the shipment itself was found visible; row-level security still applies
// to each table (a carrier sees its own tenders and offers, not its competitors').

export function findOrder(tx: Tx, orderId: string | null) {
  if (!orderId) return Promise.resolve(undefined);
  return tx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export function findCompanies(tx: Tx, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('companies')
    .select(['id', 'name', 'mcNumber', 'dotNumber', 'scac', 'factoringCompanyId'])
    .where('id', 'in', wanted)
    .execute();
}

export function findTrip(tx: Tx, tripId: string | null) {
  if (!tripId) return Promise.resolve(undefined);
  return tx
    .selectFrom('trips')
    .select(['id', 'tripNumber'])
    .where('id', '=', tripId)
    .executeTakeFirst();
}

/** The detail's order number, trip, customer and carrier; a null id reads no row. */
export interface DetailParties {
  orderNumber: string | null;
  tripId: string | null;
  tripNumber: string | null;
  customerName: string | null;
  carrierId: string | null;
  carrierName: string | null;
  carrierMcNumber: string | null;
  carrierDotNumber: string | null;
  carrierScac: string | null;
}

/**
 * The shipment the caller may see (by id or number, as findVisibleShipment finds it) with its
 * detail's order number, trip, customer and carrier, in one statement: the detail's one round trip.
 * Each party is read under its own table's row-level security, as on its own; one the caller may
 * not read, or a shipment without one, leaves its columns null.
 */
const visibleShipmentWithParties = compiledStatements(
  (shape: { kind: ScopeKind; driver: boolean; byId: boolean }) => Object.values(shape).join(':'),
  (
    tx,
    shape,
    values: { companyId: string; carrierIds: readonly string[]; driverId: string; key: string },
  ) =>
    tx
      .selectFrom('shipments')
      .leftJoin('orders as partyOrder', 'partyOrder.id', 'shipments.orderId')
      .leftJoin('trips as partyTrip', 'partyTrip.id', 'shipments.tripId')
      .leftJoin('companies as partyCustomer', 'partyCustomer.id', 'shipments.customerCompanyId')
      .leftJoin('companies as partyCarrier', 'partyCarrier.id', 'shipments.carrierCompanyId')
      .selectAll('shipments')
      .select([
        'partyOrder.orderNumber as partyOrderNumber',
        'partyTrip.id as partyTripId',
        'partyTrip.tripNumber as partyTripNumber',
        'partyCustomer.name as partyCustomerName',
        'partyCarrier.id as partyCarrierId',
        'partyCarrier.name as partyCarrierName',
        'partyCarrier.mcNumber as partyCarrierMcNumber',
        'partyCarrier.dotNumber as partyCarrierDotNumber',
        'partyCarrier.scac as partyCarrierScac',
      ])
      .where(shipmentVisibility(scopeOfValues(shape, values)))
      .where(shape.byId ? 'shipments.id' : 'shipments.shipmentNumber', '=', values.key),
);

/** The shipment and its detail's parties, or 404 exactly like a missing shipment. */
export async function findDetailShipment(
  tx: Tx,
  scope: TenantScope,
  key: ShipmentKey,
): Promise<{ shipment: ShipmentRow; parties: DetailParties }> {
  const { rows } = await visibleShipmentWithParties(
    tx,
    { kind: scope.kind, driver: scope.driverId !== null, byId: 'id' in key },
    visibleShipmentValues(scope, key),
  );
  const row = rows[0];
  if (!row) throw notFound('Shipment');
  const {
    partyOrderNumber,
    partyTripId,
    partyTripNumber,
    partyCustomerName,
    partyCarrierId,
    partyCarrierName,
    partyCarrierMcNumber,
    partyCarrierDotNumber,
    partyCarrierScac,
    ...shipment
  } = row;
  return {
    shipment,
    parties: {
      orderNumber: partyOrderNumber,
      tripId: partyTripId,
      tripNumber: partyTripNumber,
      customerName: partyCustomerName,
      carrierId: partyCarrierId,
      carrierName: partyCarrierName,
      carrierMcNumber: partyCarrierMcNumber,
      carrierDotNumber: partyCarrierDotNumber,
      carrierScac: partyCarrierScac,
    },
  };
}

export function orderRequirementRows(tx: Tx, orderId: string) {
  return Promise.all([
    tx
      .selectFrom('orderRequirements')
      .select(['id', 'requirement', 'description'])
      .where('orderId', '=', orderId)
      .orderBy('requirement')
      .execute(),
    tx
      .selectFrom('orderAccessorials')
      .select(['id', 'code', 'description', 'amountCents'])
      .where('orderId', '=', orderId)
      .orderBy('code')
      .execute(),
    tx
      .selectFrom('referenceNumbers as reference')
      .leftJoin('orderStops as stop', 'stop.id', 'reference.orderStopId')
      .select(['reference.label', 'reference.value', 'stop.stopNumber'])
      .where('reference.orderId', '=', orderId)
      .orderBy('stop.stopNumber', (ob) => ob.nullsFirst())
      .orderBy('reference.label')
      .execute(),
  ]);
}

/**
 * The caller's own contract rates on the shipment's lane, effective on its pickup date: a carrier's
 * (or the carriers a factoring company factors), never the rates carriers hold for a customer
 * (migration 0200 lets a customer read those); the operator's, all of them.
 */
export function matchingRates(tx: Tx, shipment: ShipmentRow, scope: TenantScope) {
  const day = (shipment.pickupAt ? new Date(shipment.pickupAt) : new Date())
    .toISOString()
    .slice(0, 10);
  let query = tx.selectFrom('rates').selectAll();
  if (scope.kind !== 'operator') {
    query = query.where('carrierCompanyId', 'in', carrierIdList(scope));
  }
  return query
    .where('originState', '=', shipment.originState)
    .where('destinationState', '=', shipment.destinationState)
    .where('shippingMode', '=', shipment.shippingMode)
    .where('equipmentMode', '=', shipment.equipmentMode)
    .where((eb) =>
      eb.or([eb('originCity', 'is', null), eb('originCity', '=', shipment.originCity)]),
    )
    .where((eb) =>
      eb.or([
        eb('destinationCity', 'is', null),
        eb('destinationCity', '=', shipment.destinationCity),
      ]),
    )
    .where('effectiveFrom', '<=', day)
    .where((eb) => eb.or([eb('effectiveTo', 'is', null), eb('effectiveTo', '>=', day)]))
    .orderBy('rateCents')
    .limit(50)
    .execute();
}

/** The caller's saved lanes this shipment falls on (within each lane's radius, or its state). */
export async function matchingSavedLanes(tx: Tx, companyId: string, shipment: ShipmentRow) {
  const { rows } = await sql<{
    id: string;
    originCity: string | null;
    originState: string;
    originPostalCode: string | null;
    originRadiusMiles: number;
    destinationCity: string | null;
    destinationState: string | null;
    destinationPostalCode: string | null;
    destinationRadiusMiles: number;
  }>`
    select lane.id, lane.origin_city, lane.origin_state, lane.origin_postal_code, lane.origin_radius_miles,
           lane.destination_city, lane.destination_state, lane.destination_postal_code, lane.destination_radius_miles
      from saved_lanes lane
      left join postal_codes origin_code on origin_code.postal_code = lane.origin_postal_code
      left join postal_codes destination_code on destination_code.postal_code = lane.destination_postal_code
     where lane.company_id = ${companyId}
       and (lane.equipment_types & ${shipment.equipmentTypes}) <> 0
       and (case when origin_code.postal_code is not null and ${shipment.originLatitude}::float8 is not null
                 then earth_distance(ll_to_earth(origin_code.latitude, origin_code.longitude),
                                     ll_to_earth(${shipment.originLatitude}::float8, ${shipment.originLongitude}::float8))
                      <= lane.origin_radius_miles * 1609.344
                 else lane.origin_state = ${shipment.originState} end)
       and (case when lane.destination_state is null then true
                 when destination_code.postal_code is not null and ${shipment.destinationLatitude}::float8 is not null
                 then earth_distance(ll_to_earth(destination_code.latitude, destination_code.longitude),
                                     ll_to_earth(${shipment.destinationLatitude}::float8, ${shipment.destinationLongitude}::float8))
                      <= lane.destination_radius_miles * 1609.344
                 else lane.destination_state = ${shipment.destinationState} end)
     order by lane.created_at desc
     limit 50`.execute(tx);
  return rows;
}

const MILE_METRES = 1609.344;

/**
 * Freight on the load board picking up within `radiusMiles` of where this shipment delivers, after
 * it delivers. A latitude/longitude box (leakproof comparisons, served by
 * shipments_available_origin_idx) narrows the search before the exact distance.
 */
export async function findReloads(
  tx: Tx,
  scope: TenantScope,
  shipment: ShipmentRow,
  criteria: { radiusMiles: number; offset: number; limit: number },
) {
  const latitude = shipment.destinationLatitude;
  const longitude = shipment.destinationLongitude;
  if (latitude === null || longitude === null) return { rows: [], totalCount: 0 };
  const box = boxAround({ latitude, longitude }, criteria.radiusMiles);
  const notBefore = shipment.deliveryAt ?? new Date();
  const base = tx
    .selectFrom('shipments')
    .where('shipments.status', '=', ShipmentStatus.ReadyToBook)
    .where(shipmentVisibility(scope))
    .where('shipments.id', '<>', shipment.id)
    .where('shipments.originLatitude', '>=', box.latitude[0])
    .where('shipments.originLatitude', '<=', box.latitude[1])
    .where('shipments.originLongitude', '>=', box.longitude[0])
    .where('shipments.originLongitude', '<=', box.longitude[1])
    .where('shipments.pickupAt', '>=', notBefore)
    .where(
      sql<boolean>`earth_distance(ll_to_earth(shipments.origin_latitude, shipments.origin_longitude),
                                  ll_to_earth(${latitude}::float8, ${longitude}::float8)) <= ${criteria.radiusMiles * MILE_METRES}`,
    );
  const [rows, counted] = await Promise.all([
    base
      .selectAll('shipments')
      .select(
        sql<number>`round(earth_distance(ll_to_earth(shipments.origin_latitude, shipments.origin_longitude),
                                          ll_to_earth(${latitude}::float8, ${longitude}::float8)) / ${MILE_METRES})::int`.as(
          'deadheadMiles',
        ),
      )
      .orderBy('deadheadMiles')
      .orderBy('shipments.pickupAt')
      .orderBy('shipments.shipmentNumber')
      .offset(criteria.offset)
      .limit(criteria.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(counted.count) };
}

export function orderDropoffRows(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('shipmentStops as stop')
    .innerJoin('orderStops as orderStop', 'orderStop.id', 'stop.orderStopId')
    .innerJoin('orders as order', 'order.id', 'orderStop.orderId')
    .select((eb) => [
      'order.orderNumber',
      'orderStop.id as orderStopId',
      'stop.stopNumber',
      'orderStop.locationName',
      'stop.city',
      'stop.state',
      eb
        .exists(
          eb
            .selectFrom('documents as pod')
            .select('pod.id')
            .whereRef('pod.orderStopId', '=', 'orderStop.id')
            .where('pod.fileType', '=', DocumentType.ProofOfDelivery)
            .where('pod.deletedAt', 'is', null),
        )
        .as('hasProofOfDelivery'),
    ])
    .where('stop.shipmentId', '=', shipmentId)
    .where('stop.stopType', '=', 'Delivery')
    .orderBy('stop.stopNumber')
    .execute();
}

export function billingSettingsFor(tx: Tx, shipment: ShipmentRow) {
  if (!shipment.carrierCompanyId) return Promise.resolve(undefined);
  return tx
    .selectFrom('thirdPartyBillingSettings as settings')
    .innerJoin('companies as payer', 'payer.id', 'settings.payerCompanyId')
    .select([
      'settings.id',
      'settings.paymentTermsDays',
      'settings.requiredDocumentTypes',
      'settings.isActive',
      'payer.id as payerId',
      'payer.name as payerName',
    ])
    .where('settings.carrierCompanyId', '=', shipment.carrierCompanyId)
    .where('settings.payerCompanyId', '=', shipment.customerCompanyId)
    .executeTakeFirst();
}

export function requiredDocumentRows(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('requiredDocuments')
    .select(['fileType', 'description', 'orderStopId'])
    .where('shipmentId', '=', shipmentId)
    .where('thirdPartyInvoiceId', 'is', null)
    .where('apInvoiceId', 'is', null)
    .execute();
}

export function documentPresence(tx: Tx, shipment: ShipmentRow) {
  return tx
    .selectFrom('documents')
    .select(['fileType', 'orderStopId'])
    .where((eb) =>
      eb.or([
        eb('shipmentId', '=', shipment.id),
        ...(shipment.orderId ? [eb('orderId', '=', shipment.orderId)] : []),
      ]),
    )
    .where('deletedAt', 'is', null)
    .execute();
}

export function contactRows(tx: Tx, shipment: ShipmentRow) {
  return Promise.all([
    // Operator staff who worked the shipment, most recent first.
    tx
      .selectFrom('shipmentHistory as history')
      .innerJoin('users as person', 'person.id', 'history.userId')
      .innerJoin('companies as company', 'company.id', 'person.companyId')
      .select((eb) => [
        'person.id',
        'person.firstName',
        'person.lastName',
        'person.functionTitle',
        'company.name as companyName',
        eb.fn.max('history.occurredAt').as('lastActedAt'),
      ])
      .where('history.shipmentId', '=', shipment.id)
      .where('company.kind', '=', 'operator')
      .groupBy(['person.id', 'company.name'])
      .orderBy('lastActedAt', 'desc')
      .limit(5)
      .execute(),
    // Who dispatched the drivers, and the drivers.
    tx
      .selectFrom('shipmentDrivers as assignment')
      .innerJoin('users as driver', 'driver.id', 'assignment.driverId')
      .leftJoin('users as dispatcher', 'dispatcher.id', 'assignment.assignedBy')
      .select([
        'driver.id as driverId',
        'driver.firstName as driverFirstName',
        'driver.lastName as driverLastName',
        'assignment.isPrimary',
        'dispatcher.id as dispatcherId',
        'dispatcher.firstName as dispatcherFirstName',
        'dispatcher.lastName as dispatcherLastName',
        'dispatcher.functionTitle as dispatcherTitle',
      ])
      .where('assignment.shipmentId', '=', shipment.id)
      .orderBy('assignment.isPrimary', 'desc')
      .execute(),
    // The people at the stops.
    shipment.orderId
      ? tx
          .selectFrom('orderStops')
          .select([
            'stopNumber',
            'stopType',
            'locationName',
            'contactFirstName',
            'contactLastName',
            'contactEmail',
            'contactPhone',
          ])
          .where('orderId', '=', shipment.orderId)
          .where((eb) =>
            eb.or([
              eb('contactFirstName', 'is not', null),
              eb('contactEmail', 'is not', null),
              eb('contactPhone', 'is not', null),
            ]),
          )
          .orderBy('stopNumber')
          .execute()
      : Promise.resolve([]),
  ]);
}

export async function emailsAndPhones(tx: Tx, userIds: readonly string[]) {
  if (userIds.length === 0)
    return { emails: new Map<string, string>(), phones: new Map<string, string>() };
  const [emails, phones] = await Promise.all([
    tx
      .selectFrom('userEmails')
      .select(['userId', 'value'])
      .where('userId', 'in', userIds)
      .orderBy('isPrimary', 'desc')
      .execute(),
    tx
      .selectFrom('userPhones')
      .select(['userId', 'phoneNumber', 'phoneType'])
      .where('userId', 'in', userIds)
      .orderBy('isPrimary', 'desc')
      .execute(),
  ]);
  const emailMap = new Map<string, string>();
  for (const email of emails)
    if (!emailMap.has(email.userId)) emailMap.set(email.userId, email.value);
  const phoneMap = new Map<string, string>();
  for (const phone of phones)
    if (!phoneMap.has(phone.userId)) phoneMap.set(phone.userId, phone.phoneNumber);
  return { emails: emailMap, phones: phoneMap };
}

export function tenderRows(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('tenders as tender')
    .innerJoin('companies as carrier', 'carrier.id', 'tender.carrierCompanyId')
    .selectAll('tender')
    .select('carrier.name as carrierName')
    .where('tender.shipmentId', '=', shipmentId)
    .orderBy('tender.sentAt', 'desc')
    .execute();
}

export function offerRows(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('offers as offer')
    .innerJoin('companies as carrier', 'carrier.id', 'offer.carrierCompanyId')
    .selectAll('offer')
    .select('carrier.name as carrierName')
    .where('offer.shipmentId', '=', shipmentId)
    .orderBy('offer.createdAt', 'desc')
    .execute();
}

export function historyRows(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('shipmentHistory as history')
    .leftJoin('users as person', 'person.id', 'history.userId')
    .leftJoin('companies as company', 'company.id', 'person.companyId')
    .select([
      'history.id',
      'history.occurredAt',
      'history.action',
      'history.fromStatus',
      'history.toStatus',
      'history.detail',
      'history.userId',
      'person.firstName',
      'person.lastName',
      'company.name as companyName',
    ])
    .where('history.shipmentId', '=', shipmentId)
    .orderBy('history.occurredAt')
    .orderBy('history.id')
    .execute();
}

export function latestApInvoice(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('apInvoices')
    .select(['id', 'invoiceNumber', 'status'])
    .where('shipmentId', '=', shipmentId)
    .where('status', '>=', 0)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function apInvoiceCharges(tx: Tx, invoiceId: string) {
  return tx
    .selectFrom('apInvoiceCharges as charge')
    .leftJoin('cases', 'cases.id', 'charge.caseId')
    .select([
      'charge.description',
      'charge.chargeTypeName',
      'charge.rateCents',
      'charge.units',
      'cases.caseNumber',
    ])
    .where('charge.apInvoiceId', '=', invoiceId)
    .orderBy('charge.chargeTypeName')
    .execute();
}

export function approvedCaseCharges(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('cases')
    .select(['caseNumber', 'caseType', 'subject', 'amountApprovedCents'])
    .where('shipmentId', '=', shipmentId)
    .where('resolutionType', '=', 'Paid')
    .where('amountApprovedCents', 'is not', null)
    .orderBy('createdAt')
    .execute();
}

export async function casePage(
  tx: Tx,
  shipmentId: string,
  criteria: { offset: number; limit: number },
) {
  const base = tx.selectFrom('cases').where('shipmentId', '=', shipmentId);
  const [rows, counted] = await Promise.all([
    base
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('caseNumber', 'desc')
      .offset(criteria.offset)
      .limit(criteria.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(counted.count) };
}
