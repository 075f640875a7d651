import type { Tx } from '../../db/database';

export function caseDetail(tx: Tx, caseId: string) {
  return tx
    .selectFrom('cases')
    .leftJoin('shipments', 'shipments.id', 'cases.shipmentId')
    .select([
      'cases.id',
      'cases.caseNumber',
      'cases.caseType',
      'cases.caseSource',
      'cases.status',
      'cases.resolutionType',
      'cases.priority',
      'cases.subject',
      'cases.description',
      'cases.amountRequestedCents',
      'cases.amountApprovedCents',
      'cases.incidentAt',
      'cases.followUpAt',
      'cases.createdAt',
      'cases.updatedAt',
      'cases.assigneeUserId',
      'cases.createdBy',
      'cases.version',
      'shipments.id as shipmentId',
      'shipments.shipmentNumber',
      'shipments.originCity',
      'shipments.originState',
      'shipments.destinationCity',
      'shipments.destinationState',
    ])
    .where('cases.id', '=', caseId)
    .executeTakeFirstOrThrow();
}

export function involvedParties(tx: Tx, caseId: string) {
  return tx
    .selectFrom('caseInvolvedParties as party')
    .innerJoin('companies', 'companies.id', 'party.companyId')
    .select(['party.companyId', 'companies.name as companyName', 'party.partyRole'])
    .where('party.caseId', '=', caseId)
    .orderBy('party.partyRole')
    .execute();
}

/** Delivery stops of the case's shipment (where its proof of delivery is filed). */
export function dropoffs(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('shipmentStops')
    .select(['stopNumber', 'orderStopId', 'city', 'state'])
    .where('shipmentId', '=', shipmentId)
    .where('stopType', '=', 'Delivery')
    .where('orderStopId', 'is not', null)
    .orderBy('stopNumber')
    .execute();
}

export function history(tx: Tx, caseId: string) {
  return tx
    .selectFrom('caseHistory')
    .select(['id', 'occurredAt', 'userId', 'action', 'fromValue', 'toValue'])
    .where('caseId', '=', caseId)
    .orderBy('occurredAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Names of the people on a case (assignee, author, history): read as the system role. */
export function peopleNamed(tx: Tx, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('users')
    .select(['id', 'firstName', 'lastName'])
    .where('id', 'in', [...userIds])
    .execute();
}
